import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { articleView, CARDS, fakeApi } from '../../support/fake-api';
import { renderApp } from '../../support/render-app';

/** Answers after a moment, and rejects like fetch does when its signal is aborted first. */
function honoursAbort<T>(value: T, signal: AbortSignal | undefined): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => resolve(value), 20);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new DOMException('The operation was aborted.', 'AbortError'));
    });
  });
}

// main.tsx renders the app in StrictMode, where React mounts, unmounts and remounts every
// component once in development; @xstate/react then stops and restores each actor.
describe('in React StrictMode (as main.tsx renders the app)', () => {
  it('loads the list instead of showing the aborted first request as an error', async () => {
    const fake = fakeApi({ latestArticles: (params, signal) => honoursAbort(CARDS.slice(0, params.limit), signal) });
    renderApp('/en/articles', { fake, strict: true });
    expect(await screen.findAllByTestId('article-card')).toHaveLength(CARDS.length);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('loads the article instead of showing the aborted first request as an error', async () => {
    const fake = fakeApi({ article: (_id, _language, signal) => honoursAbort(articleView({ body: null }), signal) });
    renderApp('/en/articles/city-bikes', { fake, strict: true });
    expect(await screen.findByText('Article content temporarily unavailable')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
