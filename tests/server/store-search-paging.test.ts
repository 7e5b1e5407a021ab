// @vitest-environment node
/**
 * Paging and ranking of search and latest against a real SQLite file with a few thousand
 * synthetic articles (the generator used by the benchmark), as the list page pages through them.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSyntheticArticles, SEARCH_TERMS, syntheticArticle } from '../support/synthetic-articles';
import { openSqliteStore, type SqliteArticleStore } from '../../server/store/sqlite/sqlite-store';
import { tagToken } from '../../server/store/sqlite/search-index';
import type { ArticleQuery, SearchQuery } from '../../server/store/types';
import { makeTempDir } from './fixtures';

const COUNT = 3000;
let dir: string;
let store: SqliteArticleStore;

beforeAll(() => {
  dir = makeTempDir('nr-paging-');
  const path = join(dir, 'articles.sqlite');
  generateSyntheticArticles(path, COUNT);
  store = openSqliteStore(path);
  // Writing 3,000 articles into three FTS5 indexes: 6-9 s on a machine at load 11.
}, 30_000);

afterAll(() => {
  store?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Every page of a query, 20 at a time, as "Load more" asks for them. */
function allPages<Q extends ArticleQuery>(
  read: (query: Q) => { items: readonly { id: string }[]; total: number },
  query: Omit<Q, 'limit' | 'offset'>,
) {
  const ids: string[] = [];
  let total = Infinity;
  for (let offset = 0; offset < total; offset += 20) {
    const page = read({ ...query, limit: 20, offset } as Q);
    total = page.total;
    ids.push(...page.items.map((item) => item.id));
  }
  return { ids, total };
}

describe('store paging over a few thousand articles', () => {
  it('pages through a common search term without gaps or repeats, and the count matches', () => {
    const { ids, total } = allPages<SearchQuery>((q) => store.search(q), { q: SEARCH_TERMS.common.term });
    expect(total).toBe(COUNT / 10);
    expect(ids).toHaveLength(total);
    expect(new Set(ids).size).toBe(total);
  });

  it('finds a rare title word in an article far past the first page of latest, ranked first with a marked snippet', () => {
    const latestIds = store.latest({ limit: 20, offset: 0 }).items.map((item) => item.id);
    const page = store.search({ q: SEARCH_TERMS.rare.term, limit: 20, offset: 0 });
    const old = syntheticArticle(2000);
    expect(latestIds).not.toContain(old.id);
    expect(page.items.map((item) => item.id)).toContain(old.id);
    expect(page.total).toBe(2);
    for (const item of page.items) expect(item.snippet).toMatch(/<mark>zeppelin<\/mark>/i);
  });

  it('ranks title hits above summary hits above body-only hits, whatever their dates', () => {
    const base = syntheticArticle(COUNT + 1);
    const variant = (id: string, days: number, part: 'title' | 'summary' | 'body') =>
      ({
        ...base,
        id,
        url: `https://newsreader.example/${id}`,
        publishedAt: new Date(Date.UTC(2027, 0, days)).toISOString(),
        title: part === 'title' ? 'Lighthouse keepers return' : base.title,
        summary: part === 'summary' ? 'The lighthouse reopens.' : base.summary,
        paragraphs: part === 'body' ? ['They climbed the lighthouse at dawn.', ...base.paragraphs] : base.paragraphs,
        contentHash: `${id}-1`,
      }) satisfies typeof base;
    // The body hit is the newest and the title hit the oldest: rank, not date, decides.
    store.upsert(variant('rank-body', 3, 'body'));
    store.upsert(variant('rank-summary', 2, 'summary'));
    store.upsert(variant('rank-title', 1, 'title'));
    const page = store.search({ q: 'lighthouse', limit: 20, offset: 0 });
    expect(page.items.map((item) => item.id)).toEqual(['rank-title', 'rank-summary', 'rank-body']);
    expect(page.items[2]!.snippet).toContain('<mark>lighthouse</mark>');
  });

  it('applies source and difficulty to search over the whole collection, and pages the result', () => {
    const { ids, total } = allPages<SearchQuery>((q) => store.search(q), {
      q: SEARCH_TERMS.common.term,
      source: 'npr',
      difficulty: 'advanced',
    });
    expect(total).toBeGreaterThan(0);
    expect(ids).toHaveLength(total);
    for (const id of ids) {
      const article = store.byId(id)!;
      expect(article.source).toBe('npr');
      expect(article.difficulty).toBe('advanced');
      expect(article.summary.toLowerCase()).toContain(SEARCH_TERMS.common.term);
    }
    const unfiltered = store.search({ q: SEARCH_TERMS.common.term, limit: 1, offset: 0 }).total;
    expect(total).toBeLessThan(unfiltered);
  });

  it('gives every combination of category, source and difficulty exactly the matching articles', () => {
    // The common term is in fewer articles than search ranks, so the unfiltered pages hold every match.
    const every = allPages<SearchQuery>((q) => store.search(q), { q: SEARCH_TERMS.common.term }).ids.map((id) => store.byId(id)!);
    const filters = [
      { category: 'health' },
      { source: 'bbc' },
      { difficulty: 'beginner' },
      { category: 'technology', source: 'npr' },
      { category: 'health', difficulty: 'advanced' },
      { source: 'reuters', difficulty: 'intermediate' },
      { category: 'politics', source: 'bbc', difficulty: 'beginner' },
    ] as const;
    for (const filter of filters) {
      const expected = every
        .filter(
          (article) =>
            (!('category' in filter) || article.categories.includes(filter.category)) &&
            (!('source' in filter) || article.source === filter.source) &&
            (!('difficulty' in filter) || article.difficulty === filter.difficulty),
        )
        .map((article) => article.id);
      const { ids, total } = allPages<SearchQuery>((q) => store.search(q), { q: SEARCH_TERMS.common.term, ...filter });
      expect({ filter, ids: [...ids].sort(), total }).toEqual({ filter, ids: [...expected].sort(), total: expected.length });
    }
  });

  it('matches words in the text only, never the filter tokens an article is indexed with', () => {
    // A word matched in every column would find the health articles by their category's token.
    const health = store.search({ q: SEARCH_TERMS.common.term, category: 'health', limit: 1, offset: 0 }).total;
    expect(health).toBeGreaterThan(0);
    for (const token of [
      tagToken('category', 'health'),
      tagToken('category', 'health').toUpperCase(),
      `${tagToken('source', 'bbc')} the`,
    ]) {
      expect(store.search({ q: token, limit: 20, offset: 0 })).toEqual({ items: [], total: 0 });
      expect(store.search({ q: `${SEARCH_TERMS.common.term} ${token}`, category: 'health', limit: 20, offset: 0 })).toEqual({
        items: [],
        total: 0,
      });
    }
  });

  it('ranks a title with every word above a title with one of them, above a summary hit', () => {
    const base = syntheticArticle(COUNT + 10);
    const variant = (id: string, days: number, title: string, summary: string) =>
      ({
        ...base,
        id,
        url: `https://newsreader.example/${id}`,
        publishedAt: new Date(Date.UTC(2027, 1, days)).toISOString(),
        title,
        summary,
        paragraphs: ['Ferry and glacier crews met at the quay.', ...base.paragraphs],
        contentHash: `${id}-1`,
      }) satisfies typeof base;
    // Written in reverse order of rank, so the newest never wins by being newest.
    store.upsert(variant('words-both', 1, 'Ferry crosses under the glacier', base.summary));
    store.upsert(variant('words-one', 2, 'Ferry timetable changes', base.summary));
    store.upsert(variant('words-summary', 3, base.title, 'A glacier ferry story.'));
    const page = store.search({ q: 'glacier ferry', limit: 20, offset: 0 });
    expect(page.items.map((item) => item.id)).toEqual(['words-both', 'words-one', 'words-summary']);
  });

  it('ranks a prefix beside a word the same way, with rows between that hold only one of them left out', () => {
    const base = syntheticArticle(COUNT + 15);
    const variant = (id: string, days: number, title: string, summary: string, body: string) =>
      ({
        ...base,
        id,
        url: `https://newsreader.example/${id}`,
        publishedAt: new Date(Date.UTC(2027, 2, days)).toISOString(),
        title,
        summary,
        paragraphs: [body],
        contentHash: `${id}-1`,
      }) satisfies typeof base;
    // The block's rows are told apart from the rows between them that hold one term in a title (decision 52).
    store.upsert(variant('snowy-both', 1, 'Snowplough drivers thank the tundrabus crew', 'A short note.', 'Nothing more.'));
    store.upsert(variant('snowy-only-word', 2, 'Snowplough drivers rest', 'A short note.', 'Nothing more.'));
    store.upsert(variant('snowy-one', 3, 'Tundrabus timetable changes', 'A short note.', 'Snowplough crews help.'));
    store.upsert(variant('snowy-only-prefix', 4, 'Tundrabus drivers rest', 'A short note.', 'Nothing more.'));
    store.upsert(variant('snowy-summary', 5, 'A quiet week', 'The snowplough met the tundrabus.', 'Nothing more.'));
    for (const q of ['snowplough tundrab*', 'snowplo* tundrabus', 'snowplough tundrabus']) {
      expect(store.search({ q, limit: 20, offset: 0 }).items.map((item) => item.id)).toEqual(['snowy-both', 'snowy-one', 'snowy-summary']);
    }
  });

  it('finds an updated article under its new category and source only', () => {
    const base = syntheticArticle(COUNT + 20);
    const first = {
      ...base,
      id: 'moved',
      title: 'Quarry reopens',
      categories: ['business'],
      source: 'npr',
      contentHash: 'moved-1',
    } satisfies typeof base;
    store.upsert(first);
    store.upsert({ ...first, categories: ['education'], source: 'bbc', contentHash: 'moved-2' });
    const found = (filter: Partial<SearchQuery>) => store.search({ q: 'quarry', limit: 20, offset: 0, ...filter }).items.map((i) => i.id);
    expect(found({ category: 'education', source: 'bbc' })).toEqual(['moved']);
    expect(found({ category: 'business' })).toEqual([]);
    expect(found({ source: 'npr' })).toEqual([]);
  });

  it('pages through latest with filters, newest first, without gaps or repeats', () => {
    const { ids, total } = allPages<ArticleQuery>((q) => store.latest(q), { category: 'health', difficulty: 'beginner' });
    expect(ids).toHaveLength(total);
    expect(new Set(ids).size).toBe(total);
    const dates = ids.map((id) => store.byId(id)!.publishedAt);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('answers an offset of 10 million with an empty page and the true total', () => {
    expect(store.search({ q: SEARCH_TERMS.common.term, limit: 20, offset: 10_000_000 })).toEqual({ items: [], total: COUNT / 10 });
    expect(store.latest({ limit: 20, offset: 10_000_000 })).toEqual({ items: [], total: store.count() });
  });
});
