/**
 * SQLite's deep offsets from a list's marks (decision 61, sqlite/list-reads.ts): a store that keeps a mark every two
 * rows must give every page at every offset exactly as a store that reads each list from its start, ties and filters
 * included, and again after a write moves every position, whether the write came through its own connection (which
 * SQLite's PRAGMA data_version would not see) or another one (a read worker's case).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqliteStore, type SqliteArticleStore } from '../../server/store/sqlite/sqlite-store';
import type { ArticleQuery } from '../../server/store/types';
import { FIXTURES } from '../server/fixtures';
import { listArticle, tiedArticles } from './list-mark-articles';

let dir: string;
/** The writer's connection, with marks every two rows. */
let marked: SqliteArticleStore;
/** A read-only connection with marks every three rows, as a read worker opens the file. */
let reader: SqliteArticleStore;
/** A connection whose lists are shorter than its step (the default, 500): every page read from the list's start. */
let plain: SqliteArticleStore;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'nr-list-marks-'));
  const path = join(dir, 'articles.db');
  marked = openSqliteStore(path, { listMarkStep: 2 });
  reader = openSqliteStore(path, { readOnly: true, listMarkStep: 3 });
  plain = openSqliteStore(path);
});
afterAll(() => {
  marked?.close();
  reader?.close();
  plain?.close();
  rmSync(dir, { recursive: true, force: true });
});

const ids = (page: { items: readonly { id: string }[] }) => page.items.map((item) => item.id);

function expectEveryPageAsFromTheStart(store: SqliteArticleStore, filters: Omit<ArticleQuery, 'limit' | 'offset'>): void {
  const everything = ids(plain.latest({ limit: 100, offset: 0, ...filters }));
  expect(everything.length).toBeGreaterThan(6);
  for (const limit of [1, 2, 3])
    for (let offset = 0; offset <= everything.length; offset++) {
      const page = store.latest({ limit, offset, ...filters });
      expect({ offset, limit, ids: ids(page) }).toEqual({ offset, limit, ids: everything.slice(offset, offset + limit) });
      expect(page.total).toBe(everything.length);
    }
}

const FILTERS: Omit<ArticleQuery, 'limit' | 'offset'>[] = [
  {},
  { category: 'technology' },
  { source: 'npr' },
  { difficulty: 'advanced' },
  { source: 'bbc', difficulty: 'beginner' },
  { category: 'health', source: 'reuters' },
  { category: 'business', difficulty: 'beginner' },
];

describe('SQLite lists at deep offsets, from marks', () => {
  it('gives every page at every offset as read from the start, ties (equal times) and filters included', () => {
    const dated = tiedArticles(72);
    marked.upsertMany([...FIXTURES, ...dated]);
    for (const filters of FILTERS) {
      expectEveryPageAsFromTheStart(marked, filters);
      expectEveryPageAsFromTheStart(reader, filters);
    }
  });

  it('reads its marks again after a write through its own connection moves every position in the list', () => {
    for (const filters of FILTERS) expectEveryPageAsFromTheStart(marked, filters);
    marked.upsertMany([
      listArticle(100, '2026-11-30T00:00:00Z'),
      listArticle(101, '2026-11-30T00:00:00Z'),
      listArticle(102, '2026-11-30T00:00:00Z'),
    ]);
    for (const filters of FILTERS) expectEveryPageAsFromTheStart(marked, filters);
  });

  it('reads its marks again after a write through another connection', () => {
    for (const filters of FILTERS) expectEveryPageAsFromTheStart(reader, filters);
    // Newer articles move every position; an older one's update (a new time) moves the rows between.
    plain.upsertMany([
      listArticle(103, '2026-12-01T00:00:00Z'),
      listArticle(104, '2026-12-01T00:00:00Z'),
      listArticle(105, '2026-12-01T00:00:00Z'),
    ]);
    for (const filters of FILTERS) expectEveryPageAsFromTheStart(reader, filters);
    plain.upsert(listArticle(7, '2026-11-25T12:00:00Z'));
    for (const filters of FILTERS) {
      expectEveryPageAsFromTheStart(reader, filters);
      expectEveryPageAsFromTheStart(marked, filters);
    }
  });
});
