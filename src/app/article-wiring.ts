/**
 * The detail route's machines wired to their services: the article (API, sanitiser, address), the
 * learner's visit (reading progress, fed by the article actor's articleShown/articleLeft actions)
 * and the word look-up (dictionary API). Only article-detail-route.tsx imports it, so it loads with
 * that route's chunk.
 */
import { fromCallback, fromPromise, type ActorRefFrom } from 'xstate';
import type { ArticlesApi } from '../api/client';
import type { ArticleView } from '../domain/article';
import { pageAt } from '../domain/routing';
import { articleDetailMachine, type ArticleRequest, type SanitisedBody } from '../machines/article-detail-machine';
import { readingProgressMachine } from '../machines/reading-progress-machine';
import type { HtmlSanitiser } from '../platform/html-sanitiser';
import type { Logger } from '../platform/logger';
import { onPageHide } from '../platform/page-view';
import type { Track } from '../views/consent/tracking-context';
import { follow } from './feeds';
import type { LocationFeed } from './location-provider';
import { settleUnlessAborted } from './settle-unless-aborted';

/** The learner's visit, ended by a page that is not an article and by pagehide; its events go to `track`. */
export function wiredReadingProgress(feed: LocationFeed, track: Track) {
  return readingProgressMachine.provide({
    actors: {
      locationChanges: follow(feed, ({ path }) => (pageAt(path).kind === 'article' ? [] : [{ type: 'PAGE_LEFT' }])),
      pageHides: fromCallback(({ sendBack }) => onPageHide(() => sendBack({ type: 'PAGE_HIDDEN' }))),
    },
    actions: { track: (_, { event }) => track(event) },
  });
}

/** DOMPurify and its set-up, fetched at the first body the app sanitises (a client navigation), not with the page. */
export function sanitiserOnFirstUse(): () => Promise<HtmlSanitiser> {
  let made: Promise<HtmlSanitiser> | undefined;
  return () => {
    made ??= import('../platform/html-sanitiser').then((module) => module.createDomPurifySanitiser());
    made.catch(() => {
      made = undefined;
    });
    return made;
  };
}

export interface ArticleDetailWiring {
  readonly api: ArticlesApi;
  readonly reload: () => void;
  readonly sanitiser: () => Promise<HtmlSanitiser>;
  readonly logger: Logger;
  readonly feed: LocationFeed;
  /** The reading-progress actor the article's showing and leaving are sent to. */
  readonly reading: Pick<ActorRefFrom<typeof readingProgressMachine>, 'send'>;
}

export function wiredArticleDetail({ api, reload, sanitiser, logger, feed, reading }: ArticleDetailWiring) {
  return articleDetailMachine.provide({
    actors: {
      fetchArticle: fromPromise<ArticleView, ArticleRequest>(({ input, signal }) =>
        settleUnlessAborted(signal, api.article(input.articleId, input.language, signal)),
      ),
      sanitiseBody: fromPromise<SanitisedBody, { body: string }>(async ({ input }) => {
        const result = (await sanitiser()).sanitise(input.body);
        if (result.decodeError !== undefined) {
          logger.warn('Article body could not be decoded; showing the raw text', result.decodeError);
        }
        return { html: result.html };
      }),
      // Another article or language in the address; nothing once the learner is on another page.
      locationChanges: follow(feed, ({ path }) => {
        const page = pageAt(path);
        return page.kind === 'article' ? [{ type: 'ARTICLE_REQUESTED', articleId: page.articleId, language: page.language }] : [];
      }),
    },
    actions: {
      reloadPage: () => reload(),
      articleShown: (_, { article, language }) =>
        reading.send({
          type: 'ARTICLE_SHOWN',
          article: { id: article.id, source: article.source, difficulty: article.difficulty },
          language,
        }),
      articleLeft: () => reading.send({ type: 'ARTICLE_LEFT' }),
    },
  });
}

// The look-up's wiring is its own module: the early look-up (early-lookup.tsx) loads it without the route.
export { wiredWordLookup } from './word-lookup-wiring';
