/**
 * The list page's size and its `page` address parameter: /zh/articles?page=3 is the list's first
 * 60 cards, what "Load more" twice shows. It is the "Load more" link's target, so the list pages
 * without JavaScript; the server renders that many (server/pages/embedded-answers.ts) and the web app
 * starts from them, then loads more in place. Shared by the web app and the server.
 */
export const LIST_PAGE_SIZE = 20;
/** At most this many pages in one address: 100 cards, the API's largest page (QUERY_LIMITS.limitMax). */
export const MAX_LIST_PAGES = 5;

/** The pages an address asks for: its whole number from 1 (`parseInt`), the first page for anything else, at most the most. */
export function listPageCount(value: string | null): number {
  return Math.min(Math.max(parseInt(value ?? '', 10) || 1, 1), MAX_LIST_PAGES);
}
