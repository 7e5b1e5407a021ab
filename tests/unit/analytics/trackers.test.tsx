// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { HomeArticleClickTracker } from '../../../src/views/home/home-article-clicks';
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
