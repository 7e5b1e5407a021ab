// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { StrictMode, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { HomeArticleClickTracker } from '../../../src/app/analytics-wiring';
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
    const logic = articleListMachine.provide({ actors: { fetchArticlePage: fromPromise(async () => ({ cards: [card], total: 1 })) } });
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
});

describe('article reading', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const article = { id: 'a7', source: 'npr', difficulty: 'beginner' };
  const leave = (unmount: () => void) => {
    unmount();
    act(() => vi.advanceTimersByTime(0));
  };

  it('article_start when loaded; article_complete with the time spent in whole seconds when leaving', () => {
    let now = 1_000_000;
    const { events, view } = withTracking(<ArticleReadingTracker article={article} now={() => now} />, '/es/articles/a7');
    expect(events).toEqual([
      {
        name: 'article_start',
        params: { article_id: 'a7', source: 'npr', language: 'es', difficulty: 'beginner', category: 'engagement', value: 1 },
      },
    ]);
    now += 95_400;
    leave(() => view.unmount());
    expect(events[1]).toEqual({
      name: 'article_complete',
      params: { article_id: 'a7', reading_time: 95, language: 'es', difficulty: 'beginner', category: 'engagement', value: 1 },
    });
    expect(events).toHaveLength(2);
  });

  it('nothing before the article has loaded', () => {
    const { events, view } = withTracking(<ArticleReadingTracker article={null} />);
    leave(() => view.unmount());
    expect(events).toEqual([]);
  });

  it('a remount straight away (React StrictMode) is the same visit: one start, one complete', () => {
    const { events, view } = withTracking(
      <StrictMode>
        <ArticleReadingTracker article={article} />
      </StrictMode>,
    );
    expect(events.map((event) => event.name)).toEqual(['article_start']);
    act(() => vi.advanceTimersByTime(10));
    expect(events.map((event) => event.name)).toEqual(['article_start']);
    leave(() => view.unmount());
    expect(events.map((event) => event.name)).toEqual(['article_start', 'article_complete']);
  });

  it('closing the page completes once', () => {
    let now = 0;
    const { events, view } = withTracking(<ArticleReadingTracker article={article} now={() => now} />);
    now = 30_000;
    act(() => window.dispatchEvent(new Event('pagehide')));
    leave(() => view.unmount());
    expect(events.map((event) => [event.name, event.params.reading_time])).toEqual([
      ['article_start', undefined],
      ['article_complete', 30],
    ]);
  });

  it('another article ends the first visit and starts a new one', () => {
    const events: AnalyticsEvent[] = [];
    const tree = (current: { id: string; source: string; difficulty: string } | null) => (
      <LanguageActorContext.Provider logic={languageMachine} options={{ input: { path: '/zh' } }}>
        <TrackingContext.Provider value={(event) => events.push(event)}>
          <ArticleReadingTracker article={current} />
        </TrackingContext.Provider>
      </LanguageActorContext.Provider>
    );
    const view = render(tree(article));
    view.rerender(tree(null));
    act(() => vi.advanceTimersByTime(0));
    view.rerender(tree({ id: 'b2', source: 'bbc', difficulty: 'advanced' }));
    expect(events.map((event) => `${event.name} ${String(event.params.article_id)}`)).toEqual([
      'article_start a7',
      'article_complete a7',
      'article_start b2',
    ]);
  });
});
