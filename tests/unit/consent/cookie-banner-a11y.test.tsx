// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadCookieBannerPanel } from '../../support/cookie-banner-panel';
import { createActor } from 'xstate';
import { consentMachine } from '../../../src/machines/consent-machine';
import { CookieBanner } from '../../../src/views/consent/cookie-banner';
import { Footer } from '../../../src/views/footer';
import { textsIn } from '../../support/texts';
import { textLanguageFor } from '../../../common/languages';

async function violations(): Promise<string[]> {
  // Colour contrast needs real layout; jsdom has none, so the browser tests cover it.
  const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`);
}

describe('cookie banner accessibility (axe-core)', () => {
  beforeAll(loadCookieBannerPanel);
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it.each(['en', 'zh', 'es'])('has no violations in the summary and customize views (%s)', async (language) => {
    const actor = createActor(consentMachine, { input: { savedChoice: null } }).start();
    document.documentElement.lang = language;
    render(
      <>
        <main id="main" tabIndex={-1}>
          <h1>Page</h1>
        </main>
        <Footer texts={textsIn(language).footer} year={2026} onOpenCookieSettings={() => actor.send({ type: 'OPEN_SETTINGS' })} />
        <CookieBanner consent={actor} language={textLanguageFor(language)} />
      </>,
    );
    act(() => vi.advanceTimersByTime(1000));
    vi.useRealTimers();
    expect(await violations()).toEqual([]);
    fireEvent.click(screen.getAllByRole('button').at(-1) as HTMLElement);
    expect(screen.getAllByRole('checkbox')).toHaveLength(2);
    expect(await violations()).toEqual([]);
  });
});
