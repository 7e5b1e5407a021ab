// @vitest-environment jsdom
/**
 * Model-based test of reading progress, which has no screen: every shortest path of the
 * production machine runs on the machine as the detail route wires it (wiredReadingProgress),
 * with a real location feed, the window's real pagehide and a fake clock. The detail actor's
 * part (ARTICLE_SHOWN, ARTICLE_LEFT) is played by sending what its actions send. At every state
 * the analytics events recorded by the step must be what the state promises: article_start on
 * entering `reading`, one article_complete with the whole seconds spent on leaving it, nothing
 * otherwise.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type AnyMachineSnapshot } from 'xstate';
import { wiredReadingProgress } from '../../src/app/article-wiring';
import { createFeed } from '../../src/app/feeds';
import type { PageLocation } from '../../src/app/location-provider';
import type { AnalyticsEvent } from '../../src/domain/analytics-events';
import type { ReadingArticle } from '../../src/machines/reading-progress-machine';
import { modelNamed, READING_ARTICLE } from './models';
import { field, pathName, runPath, shortestTestPaths, type Step } from './support/model-paths';

const model = modelNamed('reading-progress');
const [scenario] = model.scenarios;
const ARTICLE_PATH = `/zh/articles/${READING_ARTICLE.id}`;
/** How long the learner reads before each step; article_complete reports it in whole seconds. */
const READ_MS = 42_400;

describe('reading progress: every shortest path on the machine as the detail route wires it', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(5_000_000);
  });
  afterEach(() => vi.useRealTimers());

  const paths = shortestTestPaths(model, scenario!);

  it('has a path for each way a visit ends', () => {
    expect(paths.map((path) => path.steps.at(-1)?.event.type)).toEqual(['ARTICLE_LEFT', 'PAGE_HIDDEN', 'PAGE_LEFT']);
  });

  it.each(paths.map((path) => [pathName(model, path), path] as const))('%s', async (_name, path) => {
    const feed = createFeed<PageLocation>({ path: ARTICLE_PATH, search: '' });
    const tracked: AnalyticsEvent[] = [];
    const actor = createActor(wiredReadingProgress(feed, (event) => tracked.push(event)));
    let before = 0;
    let shown: { article: ReadingArticle; language: string } | null = null;

    function execute(step: Step) {
      const { event } = step;
      before = tracked.length;
      vi.advanceTimersByTime(READ_MS);
      switch (event.type) {
        case 'xstate.init':
          actor.start();
          return;
        case 'ARTICLE_SHOWN':
          // What the detail actor's articleShown sends once the article has loaded.
          shown = { article: field<ReadingArticle>(event, 'article'), language: field<string>(event, 'language') };
          actor.send({ type: 'ARTICLE_SHOWN', ...shown });
          return;
        case 'ARTICLE_LEFT':
          // The learner switches the language: still an article page, and the detail actor reloads it.
          feed.publish({ path: `/es/articles/${READING_ARTICLE.id}`, search: '' });
          actor.send({ type: 'ARTICLE_LEFT' });
          return;
        case 'PAGE_LEFT':
          feed.publish({ path: '/zh/articles', search: '' });
          return;
        case 'PAGE_HIDDEN':
          window.dispatchEvent(new Event('pagehide'));
          return;
        default:
          throw new Error(`The reading progress test does not know how ${event.type} happens`);
      }
    }

    function expectState(snapshot: AnyMachineSnapshot) {
      expect(actor.getSnapshot().value).toEqual(snapshot.value);
      const recorded = tracked.slice(before);
      if (snapshot.matches('reading')) {
        expect(recorded).toEqual([
          {
            name: 'article_start',
            params: {
              article_id: shown!.article.id,
              source: shown!.article.source,
              language: shown!.language,
              difficulty: shown!.article.difficulty,
              category: 'engagement',
              value: 1,
            },
          },
        ]);
      } else if (shown !== null) {
        expect(recorded).toEqual([
          {
            name: 'article_complete',
            params: {
              article_id: shown.article.id,
              reading_time: Math.round(READ_MS / 1000),
              language: shown.language,
              difficulty: shown.article.difficulty,
              category: 'engagement',
              value: 1,
            },
          },
        ]);
      } else {
        expect(recorded, 'nothing before an article is shown').toEqual([]);
      }
    }

    await runPath(path, execute, expectState);
    actor.stop();
    // Nothing is recorded when the route closes.
    const atStop = tracked.length;
    window.dispatchEvent(new Event('pagehide'));
    expect(tracked).toHaveLength(atStop);
  });
});
