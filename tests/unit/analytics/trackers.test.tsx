// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { articleIdFromHref, HomeArticleClickTracker } from '../../../src/app/analytics-wiring';
import { ArticleReadingTracker } from '../../../src/app/article-reading-tracker';
import type { ArticleCard } from '../../../src/domain/article';
import type { AnalyticsEvent } from '../../../src/domain/analytics-events';
import { articleListMachine } from '../../../src/machines/article-list-machine';
import { languageMachine } from '../../../src/machines/language-machine';
import { ArticleListActorContext } from '../../../src/views/articles/article-list-context';
import { TrackingContext } from '../../../src/views/consent/tracking-context';
import { LanguageActorContext } from '../../../src/views/language-context';

function withTracking(ui: ReactNode, path = '/zh') {
  const events: AnalyticsEvent[] = [];
  const view = render(
    <LanguageActorContext.Provider logic={languageMachine} options={{ input: { path } }}>
      <TrackingContext.Provider value={(event) => events.push(event)}>{ui}</TrackingContext.Provider>
    </LanguageActorContext.Provider>,
  );
  return { events, view };
}

const card: ArticleCard = {
  id: 'a7',
  title: 'Clinic opens evening hours',
  source: 'npr',
  date: '2026-11-19T10:00:00Z',
  wordCount: 600,
  readingTimeMinutes: 10,
  summary: 'A walk-in clinic stays open later.',
  difficulty: 'beginner',
  categories: ['health'],
};

describe('home page article clicks', () => {
  it('records article_click_from_homepage with the card’s source for links to articles only', async () => {
    const logic = articleListMachine.provide({ actors: { fetchLatestArticles: fromPromise(async () => [card]) } });
    const { events } = withTracking(
      <ArticleListActorContext.Provider logic={logic} options={{ input: { language: 'zh', limit: 4 } }}>
        <HomeArticleClickTracker>
          <a href="/zh/articles/a7" onClick={(event) => event.preventDefault()}>
            <span>Clinic opens evening hours</span>
          </a>
          <a href="/zh/articles" onClick={(event) => event.preventDefault()}>
            View all
          </a>
        </HomeArticleClickTracker>
      </ArticleListActorContext.Provider>,
    );
    await act(async () => {});
    fireEvent.click(screen.getByText('View all'));
    expect(events).toEqual([]);
    fireEvent.click(screen.getByText('Clinic opens evening hours'));
    expect(events).toEqual([
      {
        name: 'article_click_from_homepage',
        params: { article_id: 'a7', source: 'npr', category: 'engagement', value: 1 },
      },
    ]);
  });

  it.each([
    ['/zh/articles/a%2Fb', 'a/b'],
    ['https://learn.example/es/articles/x1?ref=home', 'x1'],
    ['/zh/articles', null],
    ['/zh', null],
    [null, null],
  ])('reads the article id of %s', (href, id) => {
    expect(articleIdFromHref(href)).toBe(id);
  });
});

describe('article reading', () => {
  let observers: { callback: IntersectionObserverCallback; disconnected: boolean }[] = [];

  beforeEach(() => {
    observers = [];
    // jsdom has no layout, so no IntersectionObserver; this stand-in lets a test say "the end is visible".
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        private readonly entry: { callback: IntersectionObserverCallback; disconnected: boolean };
        constructor(callback: IntersectionObserverCallback) {
          this.entry = { callback, disconnected: false };
          observers.push(this.entry);
        }
        observe() {}
        disconnect() {
          this.entry.disconnected = true;
        }
      },
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  function reachEnd() {
    const observer = observers.at(-1);
    if (!observer || observer.disconnected) throw new Error('no active observer');
    act(() => observer.callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver));
  }

  const article = { id: 'a7', source: 'npr', difficulty: 'beginner' };

  it('article_start when loaded; article_complete with rounded seconds when leaving after reaching the end', () => {
    let now = 1_000_000;
    const { events, view } = withTracking(<ArticleReadingTracker article={article} now={() => now} />, '/es/articles/a7');
    expect(events).toEqual([
      {
        name: 'article_start',
        params: { article_id: 'a7', source: 'npr', language: 'es', difficulty: 'beginner', category: 'engagement', value: 1 },
      },
    ]);
    reachEnd();
    now += 95_400;
    view.unmount();
    expect(events[1]).toEqual({
      name: 'article_complete',
      params: { article_id: 'a7', reading_time: 95, language: 'es', difficulty: 'beginner', category: 'engagement', value: 1 },
    });
    expect(events).toHaveLength(2);
  });

  it('no article_complete when the learner leaves before the end, and nothing before the article loads', () => {
    const { events, view } = withTracking(<ArticleReadingTracker article={null} />);
    expect(events).toEqual([]);
    view.rerender(
      <LanguageActorContext.Provider logic={languageMachine} options={{ input: { path: '/zh' } }}>
        <TrackingContext.Provider value={(event) => events.push(event)}>
          <ArticleReadingTracker article={article} />
        </TrackingContext.Provider>
      </LanguageActorContext.Provider>,
    );
    view.unmount();
    expect(events.map((event) => event.name)).toEqual(['article_start']);
  });

  it('closing the page after reaching the end completes once', () => {
    let now = 0;
    const { events, view } = withTracking(<ArticleReadingTracker article={article} now={() => now} />);
    reachEnd();
    now = 30_000;
    act(() => window.dispatchEvent(new Event('pagehide')));
    view.unmount();
    expect(events.map((event) => [event.name, event.params.reading_time])).toEqual([
      ['article_start', undefined],
      ['article_complete', 30],
    ]);
  });
});
