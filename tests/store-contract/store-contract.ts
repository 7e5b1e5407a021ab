/**
 * One suite, two stores: every test here runs against a real SQLite file (sqlite.test.ts) and a
 * real PostgreSQL database (postgres.test.ts) through the asynchronous ArticleStore interface,
 * so what the HTTP layer, the importer and the start-up passes rely on holds for both.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ArticleStore } from '../../server/store/article-store';
import { InvalidArticleError } from '../../server/store/article-values';
import type { SourceId } from '../../common/catalog';
import type { ArticleInput, ArticleRenderer } from '../../server/store/types';
import { article, FIXTURES } from '../server/fixtures';
import { FERRY, FERRY_UPDATED, MARKET } from '../ingest/story-fixtures';
import { storyUrlKey } from '../../server/store/story-identity';
import { contentHashOf } from '../../server/store/content-hash';

export interface ContractTarget {
  readonly db: ArticleStore;
  cleanup(): Promise<void>;
}

const renderer: ArticleRenderer = (a) => ({
  en: `<p>en ${a.contentHash}</p>`,
  zh: `<p>zh ${a.contentHash}</p>`,
  es: `<p>es ${a.contentHash}</p>`,
});

const edited = (input: ArticleInput, changes: Partial<Parameters<typeof article>[0]>): ArticleInput => {
  const { contentHash: _h, url: _u, wordCount: _w, readingTimeMinutes: _r, ...draft } = input;
  return article({ ...draft, ...changes });
};

/** A newer article than every fixture, for the search cases that need words of their own. */
const extra = (id: string, title: string, summary: string): ArticleInput =>
  article({
    id,
    source: 'npr',
    title,
    publishedAt: '2026-11-20T00:00:00Z',
    summary,
    paragraphs: [`${title}. ${summary}`],
    difficulty: 'beginner',
    categories: ['education'],
  });

const ids = (page: { items: readonly { id: string }[] }) => page.items.map((item) => item.id);

export function storeContract(open: () => Promise<ContractTarget>): void {
  let target: ContractTarget;
  let db: ArticleStore;

  beforeEach(async () => {
    target = await open();
    db = target.db;
  });
  afterEach(async () => {
    await target.cleanup();
  });

  describe('writes', () => {
    it('reports imported, then unchanged for the same content, then updated for new content', async () => {
      const first = FIXTURES[0]!;
      expect(await db.upsert(first)).toBe('imported');
      expect(await db.upsert(first)).toBe('unchanged');
      expect(await db.upsert(edited(first, { title: 'A newer telescope opens' }))).toBe('updated');
      expect(await db.count()).toBe(1);
      expect((await db.byId(first.id))?.title).toBe('A newer telescope opens');
      expect(await db.upsertMany(FIXTURES)).toEqual({ imported: 5, updated: 1, unchanged: 0 });
      expect(await db.count()).toBe(6);
    });

    it('keeps the import date and moves the update date on an update', async () => {
      const first = FIXTURES[0]!;
      await db.upsert(first);
      const before = (await db.byId(first.id))!;
      await new Promise((done) => setTimeout(done, 5));
      await db.upsert(edited(first, { summary: 'Changed summary.' }));
      const after = (await db.byId(first.id))!;
      expect(after.importedAt).toBe(before.importedAt);
      expect(after.updatedAt > before.updatedAt).toBe(true);
    });

    it('writes a batch all or nothing: one invalid article leaves the store as it was', async () => {
      const broken = { ...FIXTURES[2]!, source: 'nowhere' as SourceId };
      await expect(db.upsertMany([FIXTURES[0]!, broken, FIXTURES[1]!])).rejects.toThrow(InvalidArticleError);
      expect(await db.count()).toBe(0);
      expect(await db.byId(FIXTURES[0]!.id)).toBeUndefined();
      await expect(db.upsert(broken)).rejects.toThrow(/unknown source/);
      expect(await db.count()).toBe(0);
    });

    it('moves the data version on a write, not on an unchanged one', async () => {
      const before = db.dataVersion();
      await db.upsert(FIXTURES[0]!);
      const after = db.dataVersion();
      expect(after).not.toBe(before);
      await db.upsert(FIXTURES[0]!);
      expect(db.dataVersion()).toBe(after);
    });

    it('replaces categories and search words on an update', async () => {
      await db.upsertMany(FIXTURES);
      const changed = edited(FIXTURES[0]!, { title: 'Mountain road reopens', categories: ['health'] });
      await db.upsert(changed);
      expect(ids(await db.latest({ limit: 10, offset: 0, category: 'technology' }))).toEqual(['f-telescope-summary']);
      expect(ids(await db.latest({ limit: 10, offset: 0, category: 'health' }))).toEqual(['f-telescope-title', 'f-flu-clinic']);
      expect((await db.latest({ limit: 10, offset: 0, category: 'technology' })).total).toBe(1);
      expect((await db.latest({ limit: 10, offset: 0, category: 'health', source: 'bbc', difficulty: 'beginner' })).total).toBe(1);
      expect((await db.latest({ limit: 10, offset: 0 })).total).toBe(6);
      expect(ids(await db.search({ q: 'telescope', limit: 10, offset: 0 }))).toEqual(['f-telescope-summary', 'f-telescope-body']);
      expect(ids(await db.search({ q: 'reopens', limit: 10, offset: 0 }))).toEqual(['f-telescope-title']);
    });
  });

  describe('lists', () => {
    beforeEach(async () => {
      await db.upsertMany(FIXTURES);
    });

    it('pages newest first with the total, and an empty page past the end', async () => {
      const all = FIXTURES.map((f) => f.id);
      expect(await db.latest({ limit: 2, offset: 0 })).toMatchObject({ total: 6 });
      expect(ids(await db.latest({ limit: 2, offset: 0 }))).toEqual(all.slice(0, 2));
      expect(ids(await db.latest({ limit: 2, offset: 4 }))).toEqual(all.slice(4, 6));
      expect(await db.latest({ limit: 2, offset: 6 })).toEqual({ items: [], total: 6 });
    });

    it('pages after a position (keyset) as offsets do, with or without filters, ties broken by id', async () => {
      // Three more articles of one moment, so a position inside a tie is tried too.
      const tied = ['t-b', 't-a', 't-c'].map((id) => ({ ...extra(id, `Tie ${id}`, 'Same moment.'), categories: ['technology' as const] }));
      await db.upsertMany(tied);
      for (const filters of [
        {},
        { category: 'technology' as const },
        { source: 'npr' as const },
        { category: 'technology' as const, source: 'npr' as const },
      ]) {
        const everything = ids(await db.latest({ limit: 100, offset: 0, ...filters }));
        expect(everything.length).toBeGreaterThan(1);
        const walked: string[] = [];
        let after: { publishedAt: string; id: string } | undefined;
        for (;;) {
          const page = await db.latest({ limit: 2, offset: 0, ...filters, ...(after ? { after } : {}) });
          if (page.items.length === 0) break;
          walked.push(...ids(page));
          const last = page.items[page.items.length - 1]!;
          after = { publishedAt: last.publishedAt, id: last.id };
        }
        expect(walked).toEqual(everything);
      }
      const tech = ids(await db.latest({ limit: 100, offset: 0, category: 'technology' }));
      expect(tech.slice(0, 3)).toEqual(['t-a', 't-b', 't-c']);
      const afterA = await db.latest({
        limit: 1,
        offset: 1,
        category: 'technology',
        after: { publishedAt: '2026-11-20T00:00:00.000Z', id: 't-a' },
      });
      expect(ids(afterA)).toEqual(['t-c']);
    });

    it('gives every page at every offset as a slice of the whole list, ties and filters included', async () => {
      // Deep pages may be read from the oldest end (PostgreSQL, decision 32): each must still be the same slice.
      const tied = ['d-b', 'd-a', 'd-c'].map((id) => ({ ...extra(id, `Tie ${id}`, 'Same moment.'), categories: ['technology' as const] }));
      await db.upsertMany(tied);
      for (const filters of [{}, { category: 'technology' as const }, { source: 'npr' as const }]) {
        const everything = ids(await db.latest({ limit: 100, offset: 0, ...filters }));
        expect(everything.length).toBeGreaterThan(2);
        for (const limit of [1, 2, 3])
          for (let offset = 0; offset <= everything.length; offset++) {
            const page = await db.latest({ limit, offset, ...filters });
            expect({ offset, limit, ids: ids(page) }).toEqual({ offset, limit, ids: everything.slice(offset, offset + limit) });
            expect(page.total).toBe(everything.length);
          }
      }
    });

    it('filters by category, source and difficulty, with matching totals', async () => {
      const tech = await db.latest({ limit: 10, offset: 0, category: 'technology' });
      expect(ids(tech)).toEqual(['f-telescope-title', 'f-telescope-summary']);
      expect(tech.total).toBe(2);
      const bbcBeginner = await db.latest({ limit: 1, offset: 0, source: 'bbc', difficulty: 'beginner' });
      expect(ids(bbcBeginner)).toEqual(['f-telescope-title']);
      expect(bbcBeginner.total).toBe(2);
      const all3 = await db.latest({ limit: 10, offset: 0, category: 'business', source: 'reuters', difficulty: 'advanced' });
      expect(ids(all3)).toEqual(['f-telescope-summary']);
      expect(all3.total).toBe(1);
      expect(await db.latest({ limit: 10, offset: 0, category: 'sports' })).toEqual({ items: [], total: 0 });
    });

    it('breaks equal dates by id', async () => {
      const sameTime = (id: string) => article({ ...FIXTURES[3]!, id, publishedAt: '2026-12-01T00:00:00Z' });
      await db.upsertMany([sameTime('tie-b'), sameTime('tie-a')]);
      expect(ids(await db.latest({ limit: 2, offset: 0 }))).toEqual(['tie-a', 'tie-b']);
    });

    it('gives summaries with their translations, categories in order and no snippet', async () => {
      const [first] = (await db.latest({ limit: 1, offset: 0 })).items;
      expect(first).toEqual({
        id: 'f-telescope-title',
        source: 'bbc',
        title: 'New telescope opens on the mountain',
        publishedAt: '2026-11-10T08:00:00.000Z',
        summary: 'Scientists open a large instrument to look at distant stars.',
        summaryTranslations: FIXTURES[0]!.summaryTranslations,
        wordCount: FIXTURES[0]!.wordCount,
        readingTimeMinutes: FIXTURES[0]!.readingTimeMinutes,
        difficulty: 'beginner',
        categories: ['technology', 'education'],
      });
    });
  });

  describe('articles', () => {
    it('reads an article back whole, and nothing for an unknown id', async () => {
      const first = FIXTURES[0]!;
      await db.upsert(first);
      const stored = (await db.byId(first.id))!;
      expect(stored).toMatchObject({
        ...first,
        publishedAt: new Date(first.publishedAt).toISOString(),
        categories: [...first.categories],
        paragraphs: [...first.paragraphs],
      });
      expect(stored.html).toBeUndefined();
      expect(await db.byId('no-such-article')).toBeUndefined();
      expect(await db.page('no-such-article', 'en')).toBeUndefined();
    });

    it('keeps the date in ISO form and the counts whole and never negative (store/article-values.ts)', async () => {
      const odd = { ...FIXTURES[1]!, publishedAt: '2026-11-20T08:00:00+02:00', wordCount: 41.6, readingTimeMinutes: -2 };
      await db.upsert(odd);
      expect(await db.byId(odd.id)).toMatchObject({ publishedAt: '2026-11-20T06:00:00.000Z', wordCount: 42, readingTimeMinutes: 0 });
    });

    it('stores a page per render language with each write, and drops it when the content changes', async () => {
      db.setRenderer(renderer);
      const first = FIXTURES[0]!;
      await db.upsert(first);
      expect((await db.page(first.id, 'zh'))?.html).toBe(`<p>zh ${first.contentHash}</p>`);
      expect((await db.byId(first.id, 'es'))?.html).toBe(`<p>es ${first.contentHash}</p>`);
      const page = (await db.page(first.id, 'en'))!;
      expect(page).toMatchObject({ id: first.id, title: first.title, culturalNotes: first.culturalNotes, contentHash: first.contentHash });
      expect(page).not.toHaveProperty('paragraphs');
      db.setRenderer(undefined);
      const changed = edited(first, { summary: 'Something else.' });
      await db.upsert(changed);
      expect((await db.page(first.id, 'en'))?.html).toBeUndefined();
      expect(await db.idsWithoutHtml(10)).toEqual([first.id]);
    });

    it('keeps machine-written help per language, leaves it out when there is none, and re-renders pages when it is added', async () => {
      db.setRenderer(renderer);
      const first = FIXTURES[0]!;
      await db.upsert(first);
      expect(await db.byId(first.id)).not.toHaveProperty('machineHelp');
      expect(await db.page(first.id, 'zh')).not.toHaveProperty('machineHelp');
      const machineHelp = {
        zh: {
          model: 'qwen2.5:7b-instruct',
          generatedAt: '2026-11-26T10:00:00.000Z',
          summary: '摘要',
          notes: [{ term: 'council', title: '市议会', body: '城市的立法机构。' }],
          sentences: [{ sentence: 'A sentence.', explanation: '解释。' }],
        },
      };
      const { contentHash: _hash, ...content } = first;
      const helped: ArticleInput = { ...content, machineHelp, contentHash: contentHashOf({ ...content, machineHelp }) };
      expect(await db.upsert(helped)).toBe('updated');
      expect((await db.byId(first.id))?.machineHelp).toEqual(machineHelp);
      expect((await db.page(first.id, 'zh'))?.machineHelp).toEqual(machineHelp);
      expect((await db.page(first.id, 'zh'))?.html).toBe(`<p>zh ${helped.contentHash}</p>`);
      expect(await db.upsert(helped)).toBe('unchanged');
    });

    it('saves a page rendered later only for the content it was rendered from', async () => {
      const first = FIXTURES[0]!;
      await db.upsert(first);
      await db.saveRenderedHtml(first.id, 'some-older-hash', 'en', '<p>stale</p>');
      expect((await db.page(first.id, 'en'))?.html).toBeUndefined();
      await db.saveRenderedHtml(first.id, first.contentHash, 'en', '<p>fresh</p>');
      expect((await db.page(first.id, 'en'))?.html).toBe('<p>fresh</p>');
      expect((await db.page(first.id, 'zh'))?.html).toBeUndefined();
    });

    it('keeps a rendered view of an article until the article is written again', async () => {
      const [first, second] = FIXTURES as [ArticleInput, ArticleInput];
      await db.upsertMany([first, second]);
      expect(await db.renderedView(first.id, 'page:zh')).toBeUndefined();
      await db.saveRenderedView(first.id, 'page:zh', { key: 'k1', body: 'packed zh' });
      await db.saveRenderedView(first.id, 'page:es', { key: 'k1', body: 'packed es' });
      await db.saveRenderedView('no-such-article', 'page:zh', { key: 'k1', body: 'nothing' });
      expect(await db.renderedView(first.id, 'page:zh')).toEqual({ key: 'k1', body: 'packed zh' });
      expect(await db.renderedView(second.id, 'page:zh')).toBeUndefined();
      expect(await db.renderedView('no-such-article', 'page:zh')).toBeUndefined();
      await db.saveRenderedView(first.id, 'page:zh', { key: 'k2', body: 'packed again' });
      expect(await db.renderedView(first.id, 'page:zh')).toEqual({ key: 'k2', body: 'packed again' });
      // A view never stands in for a stored article page, nor the other way round.
      expect(await db.idsWithoutHtml(10)).toEqual(expect.arrayContaining([first.id]));
      const { contentHash: _hash, ...content } = first;
      const changed = { ...content, title: `${first.title} (corrected)` };
      expect(await db.upsert({ ...changed, contentHash: contentHashOf(changed) })).toBe('updated');
      expect(await db.renderedView(first.id, 'page:zh')).toBeUndefined();
      expect(await db.renderedView(first.id, 'page:es')).toBeUndefined();
    });

    it('renders stored articles in batches for the start-up pass, and clears them all', async () => {
      await db.upsertMany(FIXTURES);
      const firstBatch = await db.idsWithoutHtml(4);
      expect(firstBatch).toHaveLength(4);
      expect(await db.renderStored(firstBatch, renderer)).toBe(4);
      const rest = await db.idsWithoutHtml(4);
      expect(rest).toHaveLength(2);
      expect(rest.some((id) => firstBatch.includes(id))).toBe(false);
      await db.renderStored(rest, renderer);
      expect(await db.idsWithoutHtml(10)).toEqual([]);
      await db.clearRenderedHtml();
      expect(await db.idsWithoutHtml(10)).toHaveLength(6);
      expect(await db.articleIds()).toEqual(FIXTURES.map((f) => f.id));
    });

    it('records content passes', async () => {
      expect(await db.contentPass('a-pass')).toBeUndefined();
      await db.recordContentPass('a-pass', 'v1');
      await db.recordContentPass('a-pass', 'v2');
      expect(await db.contentPass('a-pass')).toBe('v2');
    });

    it('keeps feed validators', async () => {
      const url = 'https://example.org/feed.xml';
      expect(await db.feedState(url)).toBeUndefined();
      await db.saveFeedState(url, { etag: '"abc"' });
      expect(await db.feedState(url)).toEqual({ etag: '"abc"' });
      await db.saveFeedState(url, { lastModified: 'Wed, 25 Nov 2026 10:00:00 GMT' });
      expect(await db.feedState(url)).toEqual({ lastModified: 'Wed, 25 Nov 2026 10:00:00 GMT' });
    });
  });

  describe('search', () => {
    beforeEach(async () => {
      await db.upsertMany(FIXTURES);
    });

    it('ranks a title hit above a summary hit above a body hit', async () => {
      const found = await db.search({ q: 'telescope', limit: 10, offset: 0 });
      expect(ids(found)).toEqual(['f-telescope-title', 'f-telescope-summary', 'f-telescope-body']);
      expect(found.total).toBe(3);
      expect(found.totalCapped).toBeUndefined();
      expect(ids(await db.search({ q: 'telescope', limit: 1, offset: 1 }))).toEqual(['f-telescope-summary']);
      expect(await db.search({ q: 'telescope', limit: 10, offset: 3 })).toEqual({ items: [], total: 3 });
    });

    it('needs every word, finds word forms and prefixes', async () => {
      expect(ids(await db.search({ q: 'telescope winter', limit: 10, offset: 0 }))).toEqual(['f-telescope-body']);
      expect(ids(await db.search({ q: 'telescopes', limit: 10, offset: 0 }))).toHaveLength(3);
      expect(ids(await db.search({ q: 'teles*', limit: 10, offset: 0 }))).toHaveLength(3);
      expect(await db.search({ q: 'telescope zeppelin', limit: 10, offset: 0 })).toEqual({ items: [], total: 0 });
      // A stop word beside a real word narrows nothing on PostgreSQL (not indexed) and is in all three texts for SQLite.
      expect(ids(await db.search({ q: 'the telescope', limit: 10, offset: 0 }))).toHaveLength(3);
    });

    it('finds prefixes that are stop words, beside other words too', async () => {
      await db.upsertMany([
        extra('p-canada', 'Canada plants young forests', 'A history of tree planting.'),
        extra('p-norway', 'Forests in Norway', 'Pine and birch.'),
      ]);
      // `can`, `his` and `for` are English stop words: as prefixes they still find canada, history, forests.
      expect(ids(await db.search({ q: 'can*', limit: 10, offset: 0 }))).toEqual(['p-canada']);
      expect(ids(await db.search({ q: 'his*', limit: 10, offset: 0 }))).toEqual(['p-canada']);
      expect(ids(await db.search({ q: 'can* forests', limit: 10, offset: 0 }))).toEqual(['p-canada']);
      expect(ids(await db.search({ q: 'forests can*', limit: 10, offset: 0 }))).toEqual(['p-canada']);
    });

    it('reads a prefix joined by punctuation as a phrase, its last part at least three characters', async () => {
      await db.upsertMany([
        extra('p-sealions', 'Sea lions return to the bay', 'Seen from the pier.'),
        extra('p-lionsea', 'Lions seen by the sea', 'A safari story.'),
        extra('p-bobcat', 'Bob cat dog show', 'Pets on parade.'),
      ]);
      expect(ids(await db.search({ q: 'sea-lio*', limit: 10, offset: 0 }))).toEqual(['p-sealions']);
      expect(ids(await db.search({ q: 'bob-cat*', limit: 10, offset: 0 }))).toEqual(['p-bobcat']);
      // Not `b* c* d*` anywhere: `b-c-d*` is no prefix (its last part is one letter), so it is the words b c d.
      expect(await db.search({ q: 'b-c-d*', limit: 10, offset: 0 })).toEqual({ items: [], total: 0 });
      expect(await db.search({ q: 'bob-ca*', limit: 10, offset: 0 })).toEqual({ items: [], total: 0 });
      expect(await db.search({ q: 'lions-sea*', limit: 10, offset: 0 })).toEqual({ items: [], total: 0 });
    });

    it('finds by a prefix only the words that begin with it as typed, never its stem', async () => {
      await db.upsertMany([
        extra('w-festival', 'The harvest festival opens', 'Music in the square.'),
        extra('w-federal', 'Federal budget feature', 'Ministers meet.'),
        extra('w-running', 'Running clubs grow', 'More people run at dawn.'),
        extra('w-accent', 'Cafés of Fès', 'Résumés and crème brûlée.'),
      ]);
      // `fes` stems to `fe` in English: federal and feature begin with fe, not with fes.
      expect(ids(await db.search({ q: 'fes*', limit: 10, offset: 0 })).sort()).toEqual(['w-accent', 'w-festival']);
      expect(ids(await db.search({ q: 'FEST*', limit: 10, offset: 0 }))).toEqual(['w-festival']);
      // `runnin` is no stem of running (indexed as `run`), yet running begins with it.
      expect(ids(await db.search({ q: 'runnin*', limit: 10, offset: 0 }))).toEqual(['w-running']);
      // Whole words keep their stems: running finds run, and run finds running.
      expect(ids(await db.search({ q: 'runs', limit: 10, offset: 0 }))).toEqual(['w-running']);
      // Accents and case fold on both sides.
      expect(ids(await db.search({ q: 'cafe*', limit: 10, offset: 0 }))).toEqual(['w-accent']);
      expect(ids(await db.search({ q: 'résu*', limit: 10, offset: 0 }))).toEqual(['w-accent']);
      expect(ids(await db.search({ q: 'BRU*', limit: 10, offset: 0 }))).toEqual(['w-accent']);
      // Two letters are no prefix: `fe*` is the word fe (Fès is one of its forms once stemmed), never federal or festival.
      expect(ids(await db.search({ q: 'fe*', limit: 10, offset: 0 }))).not.toContain('w-federal');
      expect(ids(await db.search({ q: 'fe*', limit: 10, offset: 0 }))).not.toContain('w-festival');
      // A prefix beside a whole word, and beside a filter.
      expect(ids(await db.search({ q: 'fes* harvest', limit: 10, offset: 0 }))).toEqual(['w-festival']);
      expect(ids(await db.search({ q: 'clubs runnin*', limit: 10, offset: 0 }))).toEqual(['w-running']);
      expect(await db.search({ q: 'fes* budget', limit: 10, offset: 0 })).toEqual({ items: [], total: 0 });
      expect(ids(await db.search({ q: 'fes*', limit: 10, offset: 0, category: 'education' })).sort()).toEqual(['w-accent', 'w-festival']);
      expect(await db.search({ q: 'fes*', limit: 10, offset: 0, category: 'business' })).toEqual({ items: [], total: 0 });
      expect(ids(await db.search({ q: 'fed* fea*', limit: 10, offset: 0, source: 'npr' }))).toEqual(['w-federal']);
    });

    it('finds a rare prefix beside a common word, however far apart their matches lie', async () => {
      const day = (n: number) => new Date(Date.UTC(2025, 0, 1) + n * 3_600_000).toISOString();
      const boat = (n: number, title: string) => ({ ...extra(`w-boat-${n}`, title, 'Boats at the harbor.'), publishedAt: day(n) });
      // Every article holds harbor; two of 90 (far apart, newest and oldest) hold a word starting zepp.
      await db.upsertMany(
        Array.from({ length: 90 }, (_, n) => boat(n, n === 3 || n === 80 ? `Zeppelins over the bay ${n}` : `Ferries in the bay ${n}`)),
      );
      const found = await db.search({ q: 'harbor zepp*', limit: 10, offset: 0 });
      expect(ids(found)).toEqual(['w-boat-80', 'w-boat-3']);
      expect(found.total).toBe(2);
      expect(ids(await db.search({ q: 'zepp* harbors', limit: 10, offset: 0, category: 'education' }))).toEqual(['w-boat-80', 'w-boat-3']);
      expect(await db.search({ q: 'zepp* harbor', limit: 10, offset: 0, category: 'health' })).toEqual({ items: [], total: 0 });
    });

    it('marks the words a prefix found in the snippet', async () => {
      await db.upsert(extra('w-mark', 'Harvest notes', 'The festival of federal farmers.'));
      const [hit] = (await db.search({ q: 'fes*', limit: 10, offset: 0 })).items;
      expect(hit?.snippet).toContain('<mark>festival</mark>');
      expect(hit?.snippet).not.toContain('<mark>federal</mark>');
    });

    it('finds by a prefix an article written, edited and deleted', async () => {
      await db.upsert(extra('w-edit', 'Festival news', 'A day out.'));
      expect(ids(await db.search({ q: 'festiv*', limit: 10, offset: 0 }))).toEqual(['w-edit']);
      await db.upsert(edited(extra('w-edit', 'Festival news', 'A day out.'), { title: 'Harbour news', paragraphs: ['Boats.'] }));
      expect(await db.search({ q: 'festiv*', limit: 10, offset: 0 })).toEqual({ items: [], total: 0 });
      expect(ids(await db.search({ q: 'harbo*', limit: 10, offset: 0 }))).toEqual(['w-edit']);
    });

    it('applies the filters to the matches', async () => {
      expect(ids(await db.search({ q: 'telescope', limit: 10, offset: 0, source: 'bbc' }))).toEqual([
        'f-telescope-title',
        'f-telescope-body',
      ]);
      expect(ids(await db.search({ q: 'telescope', limit: 10, offset: 0, category: 'business' }))).toEqual(['f-telescope-summary']);
      const filtered = await db.search({ q: 'telescope', limit: 10, offset: 0, category: 'education', difficulty: 'beginner' });
      expect(ids(filtered)).toEqual(['f-telescope-title', 'f-telescope-body']);
      expect(filtered.total).toBe(2);
    });

    it('marks the words in an HTML-escaped snippet', async () => {
      await db.upsert(
        article({
          id: 'x-escape',
          source: 'npr',
          title: 'Night sky notes',
          publishedAt: '2026-11-11T00:00:00Z',
          summary: 'Notes.',
          paragraphs: ['Tom & Jerry wrote <script>alert("x")</script> before the eclipse began, said O\'Neil.'],
          difficulty: 'beginner',
          categories: ['education'],
        }),
      );
      const [hit] = (await db.search({ q: 'eclipse', limit: 10, offset: 0 })).items;
      const snippet = hit!.snippet!;
      expect(snippet).toContain('<mark>eclipse</mark>');
      expect(snippet).toContain('&amp;');
      expect(snippet).not.toContain('<script');
      expect(snippet.replaceAll('<mark>', '').replaceAll('</mark>', '')).not.toMatch(/[<>"]/);
      const [title] = (await db.search({ q: 'telescope', limit: 1, offset: 0 })).items;
      expect(title!.snippet).toContain('<mark>telescope</mark>');
    });

    it('takes the snippet of a long body from around the word, marked, past words that only look like it', async () => {
      const filler = (boats: string, n: number) =>
        Array.from({ length: n }, (_, i) => `${boats} ${i} sailed past the quiet pier.`).join(' ');
      const body = `Citizens waited by the water. ${filler('Boats', 40)} The city aldermen met at noon to talk about lanterns. ${filler('Ferries', 40)}`;
      await db.upsert({ ...extra('x-long', 'Evening notes', 'Notes.'), paragraphs: [body, filler('Yachts', 20)] });
      const hit = (await db.search({ q: 'cities', limit: 10, offset: 0 })).items.find((item) => item.id === 'x-long');
      expect(hit!.snippet).toContain('<mark>city</mark> aldermen met');
      expect(hit!.snippet).not.toContain('Citizens');
      const [aldermen] = (await db.search({ q: 'aldermen', limit: 10, offset: 0 })).items;
      expect(aldermen!.snippet).toContain('city <mark>aldermen</mark> met');
      expect(aldermen!.snippet).not.toMatch(/Citizens|Boats 0 /);
      // Two words far apart: still a passage of the body with a word marked.
      const both = (await db.search({ q: 'citizens lanterns', limit: 10, offset: 0 })).items;
      expect(both.map((item) => item.id)).toEqual(['x-long']);
      expect(both[0]!.snippet).toMatch(/<mark>(citizens|lanterns)<\/mark>/i);
    });

    it('never fails on what a visitor can type', async () => {
      const inputs = [
        '"',
        "'",
        '*',
        '***',
        'tel*',
        'tele:*',
        "'':*",
        'a OR b',
        'NEAR(a b)',
        '-telescope',
        '!telescope',
        '(telescope',
        'telescope)',
        'telescope & | !',
        '<-> <2>',
        '\\',
        'title:telescope',
        '^telescope',
        '"unterminated',
        'AND',
        'café',
        '日本語の記事',
        '🎉 party',
        'a\u0000b',
        '\u0007\u001b[31m',
        "it's o'clock",
        '%_%',
        "'; DROP TABLE articles; --",
      ];
      for (const q of inputs) {
        const found = await db.search({ q, limit: 5, offset: 0 });
        expect(Array.isArray(found.items), q).toBe(true);
      }
      expect(await db.count()).toBe(6);
      expect(ids(await db.search({ q: '"telescope"', limit: 10, offset: 0 }))).toHaveLength(3);
      expect(ids(await db.search({ q: 'telescope!', limit: 10, offset: 0 }))).toHaveLength(3);
    });

    it('orders equal matches by publication time, whatever order they were written in', async () => {
      const dated = (id: string, day: number) => ({
        ...extra(id, `Lantern ${id}`, 'Lanterns along the river.'),
        publishedAt: new Date(Date.UTC(2026, 5, day)).toISOString(),
      });
      // Written oldest, newest, middle; then the oldest is edited, which must not move it forward.
      await db.upsertMany([dated('l-old', 1), dated('l-new', 20), dated('l-mid', 10)]);
      await db.upsert(edited(dated('l-old', 1), { summary: 'Lanterns along the old river.' }));
      expect(ids(await db.search({ q: 'lantern', limit: 10, offset: 0 }))).toEqual(['l-new', 'l-mid', 'l-old']);
      // An article moved to another date moves with it.
      await db.upsert(edited(dated('l-old', 1), { publishedAt: new Date(Date.UTC(2026, 5, 30)).toISOString() }));
      expect(ids(await db.search({ q: 'lantern', limit: 10, offset: 0 }))).toEqual(['l-old', 'l-new', 'l-mid']);
    });

    it('ranks within blocks of the newest hundred matches, and pages through them without repeats', async () => {
      // 150 matches: a title hit among the newest hundred comes first; one older than them stays in its block.
      const many = Array.from({ length: 150 }, (_, i) =>
        article({
          id: `beacon-${String(i).padStart(3, '0')}`,
          source: 'npr',
          title: i === 40 || i === 120 ? `Beacon ${i} lit again` : `Story ${i}`,
          publishedAt: new Date(Date.UTC(2026, 0, 1) + (150 - i) * 60_000).toISOString(),
          summary: 'Something happened.',
          paragraphs: ['The old beacon on the hill.'],
          difficulty: 'beginner',
          categories: ['business'],
        }),
      );
      await db.upsertMany(many);
      const first = ids(await db.search({ q: 'beacon', limit: 5, offset: 0 }));
      expect(first).toEqual(['beacon-040', 'beacon-000', 'beacon-001', 'beacon-002', 'beacon-003']);
      const second = ids(await db.search({ q: 'beacon', limit: 10, offset: 100 }));
      expect(second).toEqual([
        'beacon-120',
        'beacon-100',
        'beacon-101',
        'beacon-102',
        'beacon-103',
        'beacon-104',
        'beacon-105',
        'beacon-106',
        'beacon-107',
        'beacon-108',
      ]);
      const pages: string[] = [];
      for (let offset = 0; offset < 150; offset += 35) pages.push(...ids(await db.search({ q: 'beacon', limit: 35, offset })));
      expect(pages).toHaveLength(150);
      expect(new Set(pages).size).toBe(150);
    }, 60_000);

    it('counts a common word as far as the page needs, says that more follow, and never past the newest thousand', async () => {
      const many = Array.from({ length: 1001 }, (_, i) =>
        article({
          id: `bulk-${String(i).padStart(4, '0')}`,
          source: 'npr',
          title: `Bulk story ${i}`,
          publishedAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
          summary: 'A common summary about harbours.',
          paragraphs: ['Ships and harbours.'],
          difficulty: 'beginner',
          categories: ['business'],
        }),
      );
      await db.upsertMany(many);
      // Counted as far as the page needs: to the end of the block of a hundred after the page's last row.
      const found = await db.search({ q: 'harbours', limit: 5, offset: 0 });
      expect(found.total).toBe(100);
      expect(found.totalCapped).toBe(true);
      expect(ids(found)).toEqual(['bulk-1000', 'bulk-0999', 'bulk-0998', 'bulk-0997', 'bulk-0996']);
      // A page ending on a block's end still says that more follow; the next page counts further.
      expect(await db.search({ q: 'harbours', limit: 20, offset: 80 })).toMatchObject({ total: 200, totalCapped: true });
      const next = await db.search({ q: 'harbours', limit: 20, offset: 100 });
      expect(next).toMatchObject({ total: 200, totalCapped: true });
      expect(ids(next)[0]).toBe('bulk-0900');
      // Never further than the thousand newest.
      const deep = await db.search({ q: 'harbours', limit: 20, offset: 990 });
      expect(deep).toMatchObject({ total: 1000, totalCapped: true });
      expect(ids(deep)).toEqual(Array.from({ length: 10 }, (_, i) => `bulk-${String(10 - i).padStart(4, '0')}`));
      expect(await db.search({ q: 'harbours', limit: 20, offset: 1000 })).toEqual({ items: [], total: 1000, totalCapped: true });
    }, 60_000);

    it('counts as far as the page asks, and pages past each count to the last match, the total exact at the end', async () => {
      const many = Array.from({ length: 230 }, (_, i) =>
        article({
          id: `pier-${String(i).padStart(3, '0')}`,
          source: 'npr',
          title: i % 50 === 7 ? `Pier ${i} reopens` : `Story ${i}`,
          publishedAt: new Date(Date.UTC(2026, 0, 1) + (230 - i) * 60_000).toISOString(),
          summary: 'Something happened.',
          paragraphs: ['People walked on the old pier.'],
          difficulty: 'beginner',
          categories: ['business'],
        }),
      );
      await db.upsertMany(many);
      // What a client does: asks for the next page while the total says that more follow.
      const seen: string[] = [];
      const answers: { total: number; capped: boolean }[] = [];
      for (let offset = 0; offset < (answers.at(-1)?.total ?? 1); offset += 30) {
        const page = await db.search({ q: 'pier', limit: 30, offset });
        seen.push(...ids(page));
        answers.push({ total: page.total, capped: page.totalCapped === true });
      }
      expect(answers).toEqual([
        { total: 100, capped: true },
        { total: 100, capped: true },
        { total: 100, capped: true },
        { total: 200, capped: true },
        { total: 200, capped: true },
        { total: 200, capped: true },
        { total: 230, capped: false },
        { total: 230, capped: false },
      ]);
      expect(seen).toHaveLength(230);
      expect(new Set(seen).size).toBe(230);
      // The same rows, in the same order, as pages of a hundred (each ranks its block: title hits first).
      const byBlocks = [
        ...ids(await db.search({ q: 'pier', limit: 100, offset: 0 })),
        ...ids(await db.search({ q: 'pier', limit: 100, offset: 100 })),
        ...ids(await db.search({ q: 'pier', limit: 100, offset: 200 })),
      ];
      expect(seen).toEqual(byBlocks);
      expect(byBlocks.slice(0, 2)).toEqual(['pier-007', 'pier-057']);
      expect(byBlocks.slice(100, 102)).toEqual(['pier-107', 'pier-157']);
      // With a filter and a prefix the count is the same.
      expect(await db.search({ q: 'pie*', limit: 10, offset: 0, category: 'business' })).toMatchObject({ total: 100, totalCapped: true });
      expect(await db.search({ q: 'pie* walked', limit: 10, offset: 195 })).toMatchObject({ total: 230 });
      expect((await db.search({ q: 'pie* walked', limit: 10, offset: 195 })).totalCapped).toBeUndefined();
    }, 60_000);
  });

  describe('search filters beyond the newest matches', () => {
    it('finds filtered matches older than the newest thousand, newest first, ranked in their block', async () => {
      // 1,001 newer matches in business; the four in health, and the one from bbc, are older than all of them.
      const many = Array.from({ length: 1001 }, (_, i) =>
        article({
          id: `quay-${String(i).padStart(4, '0')}`,
          source: 'npr',
          title: `Harbour story ${i}`,
          publishedAt: new Date(Date.UTC(2026, 2, 1) + i * 60_000).toISOString(),
          summary: 'Quay works go on.',
          paragraphs: ['The quay by the harbour.'],
          difficulty: 'beginner',
          categories: ['business'],
        }),
      );
      const older = (id: string, day: number, title: string, source: SourceId = 'npr', difficulty: 'beginner' | 'advanced' = 'beginner') =>
        article({
          id,
          source,
          title,
          publishedAt: new Date(Date.UTC(2026, 0, day)).toISOString(),
          summary: 'Notes from the quay.',
          paragraphs: ['A clinic opened near the quay.'],
          difficulty,
          categories: ['health'],
        });
      await db.upsertMany([
        ...many,
        older('h-old', 2, 'Clinic hours'),
        older('h-title', 3, 'A quay clinic opens'),
        older('h-new', 4, 'Nurses wanted'),
        older('h-bbc', 5, 'Doctors on call', 'bbc', 'advanced'),
      ]);
      const health = await db.search({ q: 'quay', limit: 10, offset: 0, category: 'health' });
      // The title hit first, then the others newest first.
      expect(ids(health)).toEqual(['h-title', 'h-bbc', 'h-new', 'h-old']);
      expect(health.total).toBe(4);
      expect(health.totalCapped).toBeUndefined();
      // Every word in the title first, then one word in the title ("Clinic hours"), then a summary hit.
      expect(ids(await db.search({ q: 'quay clinic', limit: 10, offset: 0, category: 'health', source: 'npr' }))).toEqual([
        'h-title',
        'h-old',
        'h-new',
      ]);
      expect(ids(await db.search({ q: 'qua*', limit: 10, offset: 0, difficulty: 'advanced' }))).toEqual(['h-bbc']);
      expect(await db.search({ q: 'quay', limit: 10, offset: 0, category: 'health', source: 'reuters' })).toEqual({ items: [], total: 0 });
      const business = await db.search({ q: 'quay', limit: 3, offset: 0, category: 'business' });
      expect(ids(business)).toEqual(['quay-1000', 'quay-0999', 'quay-0998']);
      expect(business.totalCapped).toBe(true);
    }, 60_000);
  });

  describe('stories (one story, one article)', () => {
    const story = (id: string, url: string, paragraphs: readonly string[], title = 'Ferry Timetable'): ArticleInput => {
      const { contentHash: _hash, ...body } = article({
        id,
        source: 'npr',
        title,
        publishedAt: '2026-11-20T08:00:00Z',
        summary: 'The ferry changes its timetable.',
        paragraphs,
        difficulty: 'intermediate',
        categories: ['business'],
      });
      return { ...body, url, contentHash: contentHashOf({ ...body, url }) };
    };

    it('finds a stored story by another address, the same text or a near-identical one, and keeps its id', async () => {
      const first = story('ferry-a', 'https://westport.example/news/ferry', FERRY);
      expect(await db.upsertStory(first, { urlKeys: [] })).toEqual({ outcome: 'imported', id: 'ferry-a' });
      // Another link to the same address, its current text: unchanged.
      const viaTracking = story('ferry-b', 'http://www.westport.example/news/ferry/?utm_source=rss', FERRY, 'Ferry');
      expect(await db.upsertStory(viaTracking, { urlKeys: [] })).toMatchObject({
        outcome: 'unchanged',
        id: 'ferry-a',
        matchedBy: 'address',
      });
      expect((await db.findStory([storyUrlKey('https://westport.example/news/ferry?utm_campaign=x')!]))?.id).toBe('ferry-a');
      // A new link with one sentence changed: an update of the stored article.
      const updated = story('ferry-c', 'https://westport.example/news/ferry-update', FERRY_UPDATED, 'Ferry Will Wait');
      expect(await db.upsertStory(updated, { urlKeys: [] })).toMatchObject({
        outcome: 'updated',
        id: 'ferry-a',
        matchedBy: 'similar text',
      });
      expect((await db.byId('ferry-a'))!.paragraphs).toEqual(FERRY_UPDATED);
      expect((await db.byId('ferry-a'))!.title).toBe('Ferry Will Wait');
      // The older text again, under yet another link: unchanged, nothing flips back.
      const stale = story('ferry-d', 'https://mirror.westport.example/ferry', FERRY);
      expect(await db.upsertStory(stale, { urlKeys: [] })).toMatchObject({ outcome: 'unchanged', id: 'ferry-a', matchedBy: 'same text' });
      expect((await db.byId('ferry-a'))!.paragraphs).toEqual(FERRY_UPDATED);
      // A different story is its own article.
      const market = story('market', 'https://westport.example/news/market', MARKET, 'Ferry Timetable');
      expect(await db.upsertStory(market, { urlKeys: [] })).toEqual({ outcome: 'imported', id: 'market' });
      expect(await db.count()).toBe(2);
    });

    it('merges a duplicate: reads of its id give the kept article, totals and search follow, and it is not written back', async () => {
      const kept = story('ferry-old', 'https://westport.example/news/ferry', FERRY);
      const copy = story('ferry-new', 'https://westport.example/news/ferry-copy', FERRY_UPDATED);
      await db.setRenderer(renderer);
      expect(await db.upsert(kept)).toBe('imported');
      expect(await db.upsert(copy)).toBe('imported');
      expect((await db.latest({ limit: 10, offset: 0, category: 'business' })).total).toBe(2);
      expect(await db.olderSameStory('ferry-new')).toEqual({ id: 'ferry-old', matchedBy: 'similar text' });
      expect(await db.olderSameStory('ferry-old')).toBeUndefined();

      expect(await db.mergeStory('ferry-new', 'ferry-old')).toBe(true);
      expect(await db.count()).toBe(1);
      expect((await db.latest({ limit: 10, offset: 0, category: 'business' })).total).toBe(1);
      expect((await db.search({ q: 'midnight', limit: 10, offset: 0 })).total).toBe(0);
      expect((await db.byId('ferry-new'))?.id).toBe('ferry-old');
      expect((await db.page('ferry-new', 'en'))?.id).toBe('ferry-old');
      expect((await db.page('ferry-new', 'en'))?.html).toBe(`<p>en ${kept.contentHash}</p>`);
      expect(await db.upsert(copy)).toBe('unchanged');
      expect(await db.count()).toBe(1);
      // Its story comes back through the kept article.
      expect(await db.upsertStory(copy, { urlKeys: [] })).toMatchObject({ id: 'ferry-old', outcome: 'updated' });
      expect(await db.count()).toBe(1);
    });
  });
}
