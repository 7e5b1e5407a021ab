// @vitest-environment node
/**
 * Decision 58: SQLite's read workers answer a search as the API's JSON text, which the route sends as it is, rather
 * than rows the HTTP thread clones back and serialises. What a reader gets must not change: the same bytes and ETag
 * as the route's own serialisation, through the real worker threads of a started server.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRight } from 'fp-ts/Either';
import { ArticlePageCodec } from '../../common/contract';
import { buildServer } from '../../server/app';
import { testConfig } from '../../server/config';
import { articlePageJson } from '../../server/answers/list-page';
import { openSqliteStore } from '../../server/store/sqlite/sqlite-store';
import { sqliteSeam } from '../../server/store/sqlite/sqlite-seam';
import type { SearchQuery } from '../../server/store/types';
import { generateSyntheticArticles } from '../support/synthetic-articles';
import { startLiveServer, type LiveServer } from '../support/server-process';
import { FIXTURES, makeTempDir, writeDist } from './fixtures';

const SEARCHES = [
  '/api/articles/search?q=telescope',
  '/api/articles/search?q=flu%20shots&language=es',
  '/api/articles/search?q=telescope&category=education&limit=1&offset=1',
  '/api/articles/search?q=tele*',
  '/api/articles/search?q=nothingmatchesthis',
];

describe('a search answered as JSON text by the store', () => {
  const dir = makeTempDir('nr-search-json-');
  const store = openSqliteStore(join(dir, 'test.db'));
  store.upsertMany(FIXTURES);
  const asked: SearchQuery[] = [];
  const config = testConfig({ distDir: writeDist(dir), databasePath: join(dir, 'test.db'), rateLimitMax: 0, answerCacheEntries: 0 });
  const seam = sqliteSeam(store);
  const serialising = sqliteSeam(store, {
    searchJson: async (query) => {
      asked.push(query);
      return articlePageJson(store.search(query), query.limit, query.offset);
    },
  });
  afterAll(() => {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends the store’s text, with the same bytes and ETag as the rows serialised by the route', async () => {
    const plain = await buildServer({ store: seam, config });
    const prepared = await buildServer({ store: serialising, config });
    try {
      for (const url of SEARCHES) {
        const [a, b] = [await plain.inject(url), await prepared.inject(url)];
        expect(b.statusCode).toBe(200);
        expect(b.body).toBe(a.body);
        expect(b.headers.etag).toBe(a.headers.etag);
        expect(b.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(isRight(ArticlePageCodec.decode(JSON.parse(b.body)))).toBe(true);
      }
      expect(asked.map((query) => query.q)).toEqual(['telescope', 'flu shots', 'telescope', 'tele*', 'nothingmatchesthis']);
      const again = await prepared.inject({
        url: SEARCHES[0]!,
        headers: { 'if-none-match': (await plain.inject(SEARCHES[0]!)).headers.etag! },
      });
      expect(again.statusCode).toBe(304);
    } finally {
      await Promise.all([plain.close(), prepared.close()]);
    }
  });
});

describe('searches through the read workers of a started server', () => {
  const dir = makeTempDir('nr-search-json-live-');
  let workers: LiveServer;
  let inThread: LiveServer;

  beforeAll(async () => {
    const databasePath = join(dir, 'load.db');
    generateSyntheticArticles(databasePath, 1500);
    // Load shedding off, as in search-load.test.ts: a busy runner's start-up delay is not what this file is about.
    const env = {
      DATABASE_PATH: databasePath,
      DIST_DIR: writeDist(dir),
      LOAD_CORPUS: 'false',
      RATE_LIMIT_MAX: '0',
      ANSWER_CACHE_ENTRIES: '0',
      MAX_EVENT_LOOP_DELAY_MS: '0',
    };
    [workers, inThread] = await Promise.all([
      startLiveServer({ ...env, READ_WORKERS: '1' }),
      startLiveServer({ ...env, READ_WORKERS: '0' }),
    ]);
  }, 90_000);
  afterAll(async () => {
    await Promise.all([workers?.stop(), inThread?.stop()]);
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers what the search on the HTTP thread answers, byte for byte', async () => {
    const paths = [
      '/api/articles/search?q=city&limit=20',
      '/api/articles/search?q=city%20council&category=politics&limit=20&offset=20',
      '/api/articles/search?q=wat*&limit=5',
      '/api/articles/search?q=nothingmatchesthis',
    ];
    for (const path of paths) {
      const [a, b] = await Promise.all([fetch(inThread.url + path), fetch(workers.url + path)]);
      const [textA, textB] = await Promise.all([a.text(), b.text()]);
      expect(b.status, textB).toBe(200);
      expect(textB).toBe(textA);
      expect(b.headers.get('etag')).toBe(a.headers.get('etag'));
    }
  }, 30_000);
});
