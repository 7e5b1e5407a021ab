/**
 * The start-up pass a server runs for articles stored without their rendered pages (as the
 * synthetic generator stores them), run by the benchmarks before the server starts: on 100,000
 * articles it takes minutes, longer than a server start may take to become healthy, and it is
 * timed and reported apart from the request figures.
 */
import { applyRenderPass, articleRenderer } from '../../server/content/stored-pages';
import { openDictionary } from '../../server/dictionary/open-dictionary';
import { openSqliteStore } from '../../server/store/sqlite/sqlite-store';

export async function renderStoredPages(databasePath: string, dictionaryPath: string): Promise<{ rendered: number; seconds: number }> {
  const { dictionary } = openDictionary({ path: dictionaryPath });
  const store = openSqliteStore(databasePath);
  try {
    const started = Date.now();
    const pass = await applyRenderPass(store, articleRenderer(dictionary), dictionary.version);
    return { rendered: pass.rendered, seconds: (Date.now() - started) / 1000 };
  } finally {
    store.close();
    dictionary.close();
  }
}
