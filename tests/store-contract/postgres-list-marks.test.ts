/**
 * Deep offsets from a list's marks (decision 34, postgres-list-marks.ts): a store that keeps a mark every
 * two rows must give every page at every offset exactly as a store that reads each list from its start,
 * ties and filters included, and again after a write moves every position.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgresStore, type PostgresArticleStore } from '../../server/store/postgres/postgres-store';
import type { ArticleQuery } from '../../server/store/types';
import { FIXTURES, article } from '../server/fixtures';
import { createTestDatabase, type TestDatabase } from '../support/postgres';

const CATEGORIES = ['technology', 'health', 'business'] as const;
const SOURCES = ['bbc', 'npr', 'reuters'] as const;

function extra(index: number, publishedAt: string) {
  return article({
    id: `m-${String.fromCharCode(97 + (index % 26))}${index}`,
    source: SOURCES[index % SOURCES.length]!,
    title: `Story number ${index}`,
    publishedAt,
    summary: 'A story for the list.',
    paragraphs: ['Words of a story.'],
    difficulty: index % 2 === 0 ? 'beginner' : 'advanced',
    categories: [CATEGORIES[index % CATEGORIES.length]!],
  });
}

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
    // Three articles at one moment in each group of five: a mark may fall among ties.
    const dated = Array.from({ length: 25 }, (_, i) =>
      extra(i, `2026-11-${String(10 + Math.floor(i / 5)).padStart(2, '0')}T0${i % 5 < 3 ? 0 : i % 5}:00:00Z`),
    );
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
    await marked.upsertMany([extra(100, '2026-11-30T00:00:00Z'), extra(101, '2026-11-30T00:00:00Z')]);
    await expectEveryPageAsFromTheStart({});
    await expectEveryPageAsFromTheStart({ category: 'health' });
  });
});
