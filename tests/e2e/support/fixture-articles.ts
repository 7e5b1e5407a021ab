/**
 * Real articles for the browser tests that read them: the project's fixture feeds, served over
 * HTTP from a local server and imported with the bundled dictionary into the test database, as
 * `npm run ingest` would. Pass `seed` to useHarness; `importedIds` then lists what was written, in
 * import order (the RSS feed's first).
 */
import { expect } from 'vitest';
import { dictionaryPathFrom } from '../../../server/config';
import { openDictionary } from '../../../server/dictionary/open-dictionary';
import { importFeeds } from '../../../server/ingest/importer';
import { openSqliteStore } from '../../../server/store/sqlite/sqlite-store';
import { startFixtureServer } from '../../ingest/fixture-server';

const FEED_ROUTES = {
  '/feeds/rss.xml': { file: 'rss-full.xml', contentType: 'application/rss+xml; charset=utf-8' },
  '/feeds/atom.xml': { file: 'atom-links.xml', contentType: 'application/atom+xml' },
  '/pages/robot-kits.html': { file: 'pages/robot-kits.html', contentType: 'text/html; charset=utf-8' },
};

export interface FixtureArticles {
  readonly seed: (databasePath: string) => Promise<void>;
  /** Every article the import wrote, filled once the harness has seeded the database. */
  readonly importedIds: string[];
}

export function fixtureArticles(): FixtureArticles {
  const importedIds: string[] = [];
  async function seed(databasePath: string): Promise<void> {
    const fixtures = await startFixtureServer(FEED_ROUTES);
    // The server opens this same file (dictionary.db beside the database) read-only when it starts.
    const { dictionary } = openDictionary({ path: dictionaryPathFrom({}, databasePath) });
    const store = openSqliteStore(databasePath);
    try {
      const feeds = [
        { url: fixtures.url('/feeds/rss.xml'), source: 'cbs' },
        { url: fixtures.url('/feeds/atom.xml'), source: 'bbc' },
      ] as const;
      await importFeeds(store, feeds, {
        dictionary,
        timeoutMs: 5000,
        // The fixture server is on loopback, which the importer refuses by default.
        allowPrivateHosts: true,
        reporter: { itemDone: (_feed, outcome, detail) => void (outcome === 'imported' && detail.id && importedIds.push(detail.id)) },
      });
    } finally {
      store.close();
      dictionary.close();
      await fixtures.close();
    }
    expect(importedIds.length, 'the fixture feeds should import at least three articles').toBeGreaterThanOrEqual(3);
  }
  return { seed, importedIds };
}
