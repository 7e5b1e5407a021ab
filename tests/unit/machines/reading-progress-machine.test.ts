// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { AnalyticsEvent } from '../../../src/domain/analytics-events';
import { readingProgressMachine, type ReadingArticle } from '../../../src/machines/reading-progress-machine';

const ARTICLE: ReadingArticle = { id: 'a7', source: 'npr', difficulty: 'beginner' };

function start() {
  const events: AnalyticsEvent[] = [];
  const machine = readingProgressMachine.provide({ actions: { track: (_, { event }) => void events.push(event) } });
  const actor = createActor(machine).start();
  const names = () => events.map((event) => `${event.name} ${String(event.params.article_id)}`);
  return { actor, events, names };
}

describe('reading progress machine', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(1_000_000);
  });
  afterEach(() => vi.useRealTimers());

  it('article_start when the article is shown; article_complete with the time spent in whole seconds when the learner leaves', () => {
    const { actor, events } = start();
    actor.send({ type: 'ARTICLE_SHOWN', article: ARTICLE, language: 'es' });
    expect(events).toEqual([
      {
        name: 'article_start',
        params: { article_id: 'a7', source: 'npr', language: 'es', difficulty: 'beginner', category: 'engagement', value: 1 },
      },
    ]);
    vi.advanceTimersByTime(95_400);
    actor.send({ type: 'PAGE_LEFT' });
    expect(events[1]).toEqual({
      name: 'article_complete',
      params: { article_id: 'a7', reading_time: 95, language: 'es', difficulty: 'beginner', category: 'engagement', value: 1 },
    });
    expect(events).toHaveLength(2);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('records nothing before an article has loaded', () => {
    const { actor, events } = start();
    actor.send({ type: 'PAGE_LEFT' });
    actor.send({ type: 'ARTICLE_LEFT' });
    actor.send({ type: 'PAGE_HIDDEN' });
    actor.stop();
    expect(events).toEqual([]);
  });

  it('stopping the actor (the route closing, or StrictMode restoring it) records nothing', () => {
    const { actor, names } = start();
    actor.send({ type: 'ARTICLE_SHOWN', article: ARTICLE, language: 'zh' });
    actor.stop();
    expect(names()).toEqual(['article_start a7']);
  });

  it('closing the page completes once; leaving afterwards records nothing more', () => {
    const { actor, events } = start();
    actor.send({ type: 'ARTICLE_SHOWN', article: ARTICLE, language: 'zh' });
    vi.advanceTimersByTime(30_000);
    actor.send({ type: 'PAGE_HIDDEN' });
    actor.send({ type: 'PAGE_LEFT' });
    expect(events.map((event) => [event.name, event.params.reading_time])).toEqual([
      ['article_start', undefined],
      ['article_complete', 30],
    ]);
  });

  it('another article (or language) ends the first visit and starts a new one', () => {
    const { actor, events, names } = start();
    actor.send({ type: 'ARTICLE_SHOWN', article: ARTICLE, language: 'zh' });
    actor.send({ type: 'ARTICLE_LEFT' });
    actor.send({ type: 'ARTICLE_SHOWN', article: { id: 'b2', source: 'bbc', difficulty: 'advanced' }, language: 'zh' });
    actor.send({ type: 'ARTICLE_LEFT' });
    actor.send({ type: 'ARTICLE_SHOWN', article: { id: 'b2', source: 'bbc', difficulty: 'advanced' }, language: 'es' });
    expect(names()).toEqual(['article_start a7', 'article_complete a7', 'article_start b2', 'article_complete b2', 'article_start b2']);
    // Each visit keeps the language it began in.
    expect(events.map((event) => event.params.language)).toEqual(['zh', 'zh', 'zh', 'zh', 'es']);
  });

  it('a second ARTICLE_SHOWN during a visit is the same visit', () => {
    const { actor, names } = start();
    actor.send({ type: 'ARTICLE_SHOWN', article: ARTICLE, language: 'zh' });
    actor.send({ type: 'ARTICLE_SHOWN', article: ARTICLE, language: 'zh' });
    expect(names()).toEqual(['article_start a7']);
  });
});
