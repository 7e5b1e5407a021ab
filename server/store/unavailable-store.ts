/**
 * The store the server runs with when the database cannot be opened at all (garbage file,
 * unreadable path, schema from a newer version): every call fails with StoreUnavailableError,
 * so /api/health answers 503 and the API answers 503 instead of the process dying.
 */
import { healthByCount, type ArticleStore } from './article-store';
import { StoreUnavailableError } from './store-errors';

export function unavailableStore(cause: unknown): ArticleStore {
  const reason = cause instanceof Error ? cause.message : String(cause);
  const error = () => new StoreUnavailableError(`The database could not be opened: ${reason}`, { cause });
  const fail = async (): Promise<never> => {
    throw error();
  };
  return {
    latest: fail,
    search: fail,
    byId: fail,
    page: fail,
    count: fail,
    upsert: fail,
    upsertMany: fail,
    upsertStory: fail,
    findStory: fail,
    backfillStoryIdentity: fail,
    olderSameStory: fail,
    mergeStory: fail,
    feedState: fail,
    saveFeedState: fail,
    compactSearch: fail,
    dataVersion: () => {
      throw error();
    },
    setRenderer: () => undefined,
    saveRenderedHtml: fail,
    clearRenderedHtml: fail,
    renderedView: fail,
    saveRenderedView: fail,
    idsWithoutHtml: fail,
    renderStored: fail,
    articleIds: fail,
    idsAfter: fail,
    contentPass: fail,
    recordContentPass: fail,
    check: () => healthByCount(fail),
    close: async () => undefined,
  };
}
