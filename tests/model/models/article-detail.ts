/** The test model of the article detail machine (src/machines/article-detail-machine.ts), with its fixtures. */
import type { ArticleView } from '../../../src/domain/article';
import {
  articleDetailMachine,
  FETCH_ARTICLE_ID,
  SANITISE_BODY_ID,
  type ArticleDetailContext,
} from '../../../src/machines/article-detail-machine';
import { errorMessage, eventsFromTable, never, quote, type MachineModel, type PayloadTable } from './model';

export const MODEL_ARTICLE: ArticleView = {
  id: 'city-bikes',
  title: 'City Adds Three Hundred Bikes to Its Sharing Program',
  source: 'npr',
  date: '2026-11-18T09:30:00Z',
  categories: ['technology'],
  readingTimeMinutes: 7,
  difficulty: 'beginner',
  body: '<p>The city added three hundred bikes.</p><script>steal()</script>',
  missingHelp: [],
};
export const MODEL_ARTICLE_WITHOUT_BODY: ArticleView = { ...MODEL_ARTICLE, body: null };
export const SANITISED_HTML = '<p>The city added three hundred bikes.</p>';
export const OTHER_ARTICLE_ID = 'clinic-hours';

const detailPayloads: PayloadTable = {
  [`xstate.done.actor.${FETCH_ARTICLE_ID}`]: [
    { type: `xstate.done.actor.${FETCH_ARTICLE_ID}`, output: MODEL_ARTICLE },
    { type: `xstate.done.actor.${FETCH_ARTICLE_ID}`, output: MODEL_ARTICLE_WITHOUT_BODY },
  ],
  [`xstate.error.actor.${FETCH_ARTICLE_ID}`]: [
    { type: `xstate.error.actor.${FETCH_ARTICLE_ID}`, error: new Error('Unable to load article') },
  ],
  [`xstate.done.actor.${SANITISE_BODY_ID}`]: [
    { type: `xstate.done.actor.${SANITISE_BODY_ID}`, output: { html: SANITISED_HTML } },
    // A body that was only a script sanitises to nothing.
    { type: `xstate.done.actor.${SANITISE_BODY_ID}`, output: { html: '' } },
  ],
  [`xstate.error.actor.${SANITISE_BODY_ID}`]: [
    { type: `xstate.error.actor.${SANITISE_BODY_ID}`, error: new Error('The body could not be sanitised') },
  ],
  ARTICLE_REQUESTED: (snapshot) => {
    const context = snapshot.context as ArticleDetailContext;
    return context.articleId === MODEL_ARTICLE.id
      ? [{ type: 'ARTICLE_REQUESTED', articleId: OTHER_ARTICLE_ID, language: context.language }]
      : [];
  },
};

export const articleDetailModel: MachineModel = {
  name: 'article-detail',
  title: 'Article detail',
  summary:
    'Loads one article, sanitises its body when it has one, and shows the body, or the header with a notice when there is no usable body; an error offers Try Again (a page reload). Another article id or language refetches.',
  machine: articleDetailMachine,
  source: 'src/machines/article-detail-machine.ts',
  scenarios: [
    { id: 'detail-zh', title: 'The learner opens /zh/articles/city-bikes', input: { articleId: MODEL_ARTICLE.id, language: 'zh' } },
    {
      id: 'detail-zh-server-rendered',
      title: 'The learner opens /zh/articles/city-bikes rendered by the server, the article in the page',
      input: { articleId: MODEL_ARTICLE.id, language: 'zh', initial: { article: MODEL_ARTICLE, html: SANITISED_HTML } },
      shortestOnly: true,
    },
  ],
  events(snapshot) {
    return eventsFromTable('article detail', snapshot, detailPayloads, never);
  },
  simpleEvents(snapshot) {
    return this.events(snapshot);
  },
  serialize(snapshot) {
    const context = snapshot.context as ArticleDetailContext;
    return JSON.stringify({
      value: snapshot.value,
      articleId: context.articleId,
      hasArticle: context.article !== null,
      hasBody: context.article?.body != null,
      hasHtml: context.html !== null,
    });
  },
  describeEvent(event) {
    switch (event.type) {
      case `xstate.done.actor.${FETCH_ARTICLE_ID}`: {
        const article = (event as unknown as { output: ArticleView }).output;
        return article.body === null
          ? 'The API answers with the article, which has no body'
          : 'The API answers with the article and its body';
      }
      case `xstate.error.actor.${FETCH_ARTICLE_ID}`:
        return `The API call fails (${quote(errorMessage(event))})`;
      case `xstate.done.actor.${SANITISE_BODY_ID}`: {
        const html = (event as unknown as { output: { html: string } }).output.html;
        return html === '' ? 'Sanitising leaves nothing of the body' : 'The body is sanitised (the script is removed)';
      }
      case `xstate.error.actor.${SANITISE_BODY_ID}`:
        return `Sanitising fails (${quote(errorMessage(event))})`;
      case 'ARTICLE_REQUESTED':
        return `The learner opens another article (${String(event.articleId)})`;
      case 'RETRY':
        return 'The learner clicks Try Again (the page reloads)';
      default:
        return event.type;
    }
  },
  describeContext(snapshot) {
    const context = snapshot.context as ArticleDetailContext;
    return `article ${context.articleId}`;
  },
};
