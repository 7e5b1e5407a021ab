/**
 * The data a server-rendered page was rendered from, embedded in the page as
 * `<script type="application/json" id="page-data">` so the web app starts from it instead of asking
 * the API again. Each entry is one API request (path and query, as the web app's client would send
 * it) with the answer the API gives to it, in the contract's shape: the client decodes the answer
 * with the same codec as a fetched one and uses it only for exactly that request.
 */
import * as t from 'io-ts';
import { ApiErrorBodyCodec, ArticlePageCodec, ArticleResponseCodec } from './contract';

/** The id of the embedded data block. */
export const PAGE_DATA_ELEMENT_ID = 'page-data';

/** A query as the client sends it: parameters without a value are left out. */
export const ApiQueryCodec = t.record(t.string, t.union([t.string, t.number]), 'ApiQuery');
export type ApiQuery = t.TypeOf<typeof ApiQueryCodec>;

export const CardPageAnswerCodec = t.type(
  { path: t.keyof({ '/articles/latest': null, '/articles/search': null }), query: ApiQueryCodec, answer: ArticlePageCodec },
  'CardPageAnswer',
);
export type CardPageAnswer = t.TypeOf<typeof CardPageAnswerCodec>;

export const ArticleAnswerCodec = t.type(
  { path: t.literal('/articles/:id'), id: t.string, query: ApiQueryCodec, answer: ArticleResponseCodec },
  'ArticleAnswer',
);
export type ArticleAnswer = t.TypeOf<typeof ArticleAnswerCodec>;

/** An article (or its practice set) the API answers 404 for, with the error body it sends: the page shows the error a fetch would. */
export const MissingArticleAnswerCodec = t.type(
  {
    path: t.keyof({ '/articles/:id': null, '/articles/:id/exercises': null }),
    id: t.string,
    query: ApiQueryCodec,
    status: t.literal(404),
    error: ApiErrorBodyCodec,
  },
  'MissingArticleAnswer',
);
export type MissingArticleAnswer = t.TypeOf<typeof MissingArticleAnswerCodec>;

/**
 * An article's practice set (GET /api/articles/{id}/exercises), embedded in its practice page. The answer is
 * decoded by the practice route with the set's own codec (common/exercise-contract.ts), so that codec stays
 * in the practice chunk and out of every other page's first load.
 */
export const ExerciseSetAnswerCodec = t.type(
  { path: t.literal('/articles/:id/exercises'), id: t.string, query: ApiQueryCodec, answer: t.unknown },
  'ExerciseSetAnswer',
);
export type ExerciseSetAnswer = t.TypeOf<typeof ExerciseSetAnswerCodec>;

/** The message of the API's 404 for an article id (server/routes/article-routes.ts and page-data.ts). */
export function missingArticleMessage(id: string): string {
  return `There is no article with id "${id}"`;
}

/**
 * `rankedCheck` (home and the list): the check (listCheck) of the frequency list the cards' lemma
 * inventories point into, as the server has it when it renders the page (decision 50). A learner
 * with statuses and no stored record starts fetching that list's hash table as soon as the statuses
 * are read, instead of after the cards' inventories name it. Only a hint: the inventories' own check
 * decides which record counts, so a stale one costs a wasted request, never a wrong coverage.
 */
export const PageDataCodec = t.intersection(
  [
    t.type({ answers: t.array(t.union([CardPageAnswerCodec, ArticleAnswerCodec, MissingArticleAnswerCodec, ExerciseSetAnswerCodec])) }),
    t.partial({ rankedCheck: t.string }),
  ],
  'PageData',
);
export type PageData = t.TypeOf<typeof PageDataCodec>;

/**
 * One key per request: the path and the query's parameters in name order, without the ones the
 * client leaves out of a URL (undefined or empty), so the server's envelope and the client's own
 * request meet whatever order each wrote them in.
 */
export function requestKey(path: string, query: Readonly<Record<string, string | number | undefined>>): string {
  const parts = Object.entries(query)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined && String(entry[1]) !== '')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`);
  return `${path}?${parts.join('&')}`;
}

/**
 * JSON for the inside of a `<script>` element: `<`, `>` and `&` as \u escapes, so no text of an
 * article can close the element or open a comment, and U+2028/U+2029 escaped as well. JSON.parse
 * reads the escapes back as the same characters.
 */
export function jsonForScriptElement(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
