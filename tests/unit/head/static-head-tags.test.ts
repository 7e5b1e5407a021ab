/**
 * The server's head tags give way to the app's: removed once the app has its own, except what
 * hydration adopted as React's (removing it would pull it from under React) and the only title
 * (a lazy route's head has not rendered yet; it will adopt it).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { captureStaticHeadTags } from '../../../src/platform/document-head';

function serverHead(): void {
  document.head.innerHTML =
    '<title data-server-head>Server title</title>' +
    '<meta data-server-head name="description" content="from the server">' +
    '<link data-server-head rel="canonical" href="https://reader.test/zh">';
}

afterEach(() => {
  document.head.innerHTML = '';
});

describe('captureStaticHeadTags', () => {
  it("removes the server's tags once the app has its own title", () => {
    serverHead();
    const remove = captureStaticHeadTags();
    const own = document.createElement('title');
    own.textContent = 'App title';
    document.head.prepend(own);
    remove();
    expect(document.head.innerHTML).toBe('<title>App title</title>');
  });

  it('keeps the only title, and the tags React adopted while hydrating', () => {
    serverHead();
    const remove = captureStaticHeadTags();
    const canonical = document.head.querySelector('link')!;
    Object.assign(canonical, { __reactFiber$test: {} });
    remove();
    expect(document.title).toBe('Server title');
    expect(document.head.querySelector('meta')).toBeNull();
    expect(document.head.querySelector('link')).toBe(canonical);
  });
});
