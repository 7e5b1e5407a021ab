/**
 * Deep offsets from a list's marks (decision 34, postgres-list-marks.ts): a store that keeps a mark every
 * two rows must give every page at every offset exactly as a store that reads each list from its start,
 * ties and filters included, and again after a write moves every position.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgresStore, type PostgresArticleStore } from '../../server/store/postgres/postgres-store';
import type { ArticleQuery } from '../../server/store/types';
import { FIXTURES } from '../server/fixtures';
import { listArticle, tiedArticles } from './list-mark-articles';
import { createTestDatabase, type TestDatabase } from '../support/postgres';

let database: TestDatabase;
let marked: PostgresArticleStore;
let plain: PostgresArticleStore;

beforeAll(async () => {
  database = await createTestDatabase();
  marked = await openPostgresStore(database.url, { listMarkStep: 2 });
  plain = await openPostgresStore(database.url);
});
afterAll(async () => {
  await marked?.close();
  await plain?.close();
  await database?.drop();
});

const ids = (page: { items: readonly { id: string }[] }) => page.items.map((item) => item.id);

async function expectEveryPageAsFromTheStart(filters: Omit<ArticleQuery, 'limit' | 'offset'>): Promise<void> {
  const everything = ids(await plain.latest({ limit: 100, offset: 0, ...filters }));
  expect(everything.length).toBeGreaterThan(4);
  for (const limit of [1, 2, 3])
    for (let offset = 0; offset <= everything.length; offset++) {
      const page = await marked.latest({ limit, offset, ...filters });
      expect({ offset, limit, ids: ids(page) }).toEqual({ offset, limit, ids: everything.slice(offset, offset + limit) });
      expect(page.total).toBe(everything.length);
    }
}

describe('PostgreSQL lists at deep offsets, from marks', () => {
  it('gives every page at every offset as read from the start, ties (equal times) and filters included', async () => {
    const dated = tiedArticles(25);
    await marked.upsertMany([...FIXTURES, ...dated]);
    for (const filters of [
      {},
      { category: 'technology' as const },
      { source: 'npr' as const },
      { source: 'bbc' as const, difficulty: 'beginner' as const },
    ])
      await expectEveryPageAsFromTheStart(filters);
  });

  it('reads its marks again after a write moves every position in the list', async () => {
    await expectEveryPageAsFromTheStart({});
    await marked.upsertMany([listArticle(100, '2026-11-30T00:00:00Z'), listArticle(101, '2026-11-30T00:00:00Z')]);
    await expectEveryPageAsFromTheStart({});
    await expectEveryPageAsFromTheStart({ category: 'health' });
  });
});
