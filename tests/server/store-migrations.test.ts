// @vitest-environment node
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { LATEST_SCHEMA_VERSION, MIGRATIONS, SchemaTooNewError, migrate, schemaVersion } from '../../server/store/sqlite/migrations';
import { openSqliteStore } from '../../server/store/sqlite/sqlite-store';
import { toFtsQuery } from '../../server/store/fts-query';
import { tagsOf } from '../../server/store/sqlite/search-index';
import { searchKeyBase } from '../../server/store/sqlite/search-order';
import { FIXTURES, article, makeTempDir } from './fixtures';

const dir = makeTempDir('nr-store-');
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('migrations', () => {
  it('ships at least two versions and brings an empty file to the latest', () => {
    expect(MIGRATIONS.length).toBeGreaterThanOrEqual(2);
    const store = openSqliteStore(join(dir, 'empty.db'));
    expect(store.migration).toMatchObject({ from: 0, to: LATEST_SCHEMA_VERSION });
    expect(store.migration.applied).toHaveLength(MIGRATIONS.length);
    expect(store.count()).toBe(0);
    store.close();
    const db = new Database(join(dir, 'empty.db'));
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.prepare('SELECT version FROM schema_migrations ORDER BY version').pluck().all()).toEqual(MIGRATIONS.map((m) => m.version));
    db.close();
  });

  // Every older version, including the one just before the latest, is migrated with its data kept.
  it.each(MIGRATIONS.slice(0, -1).map((m) => m.version))('migrates a version-%i file forward and keeps its data', (version) => {
    const path = join(dir, `v${version}.db`);
    const db = new Database(path);
    migrate(db, version);
    expect(schemaVersion(db)).toBe(version);
    // An article written by that server, straight into the v1 tables (which every version has).
    const seq = db
      .prepare(
        `INSERT INTO articles (id, url, source, title, published_at, summary, summary_translations, paragraphs,
           word_count, reading_time_minutes, difficulty, content_hash, imported_at, updated_at)
         VALUES ('old-1', 'https://example.org/old-1', 'npr', 'Lighthouse keepers return to the island',
           '2026-10-02T10:00:00.000Z', 'A short English summary.', '{"zh":"简短摘要"}',
           '["The keepers rowed across the bay.","They repaired the lamp."]', 9, 1, 'beginner', 'h1',
           '2026-10-02T10:00:00.000Z', '2026-10-02T10:00:00.000Z')`,
      )
      .run().lastInsertRowid;
    db.prepare('INSERT INTO article_categories (article_seq, position, category) VALUES (?, 0, ?)').run(seq, 'politics');
    db.prepare(
      `INSERT INTO vocabulary (article_seq, position, word, part_of_speech, definition, example, translations)
       VALUES (?, 0, 'keeper', 'noun', 'a person who looks after something', 'The keepers rowed across the bay.', '{"zh":"看守人"}')`,
    ).run(seq);
    if (version >= 7) {
      // From v7 on, with the filter tags, and titles and summaries in article_heads; from v10 on, under search keys.
      const tags = tagsOf({ categories: ['politics'], source: 'npr', difficulty: 'beginner' });
      const rowid = version >= 10 ? searchKeyBase('2026-10-02T10:00:00.000Z') : Number(seq);
      if (version >= 10) db.prepare('INSERT INTO search_keys (key, article_seq) VALUES (?, ?)').run(rowid, seq);
      db.prepare('INSERT INTO article_search (rowid, title, summary, body, tags) SELECT ?, title, summary, ?, ? FROM articles').run(
        rowid,
        'The keepers rowed across the bay.\nThey repaired the lamp.',
        tags,
      );
      db.prepare('INSERT INTO article_heads (rowid, title, summary, tags) SELECT ?, title, summary, ? FROM articles').run(rowid, tags);
    } else if (version >= 2) {
      // From v2 on, the writer also kept the search index.
      db.prepare('INSERT INTO article_search (rowid, title, summary, body) SELECT seq, title, summary, ? FROM articles').run(
        'The keepers rowed across the bay.\nThey repaired the lamp.',
      );
    }
    if (version >= 5) {
      // From v5 on, the writer stored the rendered page too.
      db.prepare(`INSERT INTO article_html (article_seq, language, content_hash, html) VALUES (?, 'zh', 'h1', '<p>kept</p>')`).run(seq);
    }
    db.close();

    const store = openSqliteStore(path);
    expect(store.migration).toMatchObject({ from: version, to: LATEST_SCHEMA_VERSION });
    expect(store.count()).toBe(1);
    const kept = store.byId('old-1')!;
    expect(kept).toMatchObject({
      title: 'Lighthouse keepers return to the island',
      categories: ['politics'],
      summaryTranslations: { zh: '简短摘要' },
      paragraphs: ['The keepers rowed across the bay.', 'They repaired the lamp.'],
    });
    expect(kept.vocabulary[0]).toMatchObject({ word: 'keeper', translations: { zh: '看守人' } });
    // Searchable after the migration (v2 built the index from v1's rows; later versions kept it).
    expect(store.search({ q: 'lamp', limit: 10, offset: 0 }).items.map((i) => i.id)).toEqual(['old-1']);
    // Filters are index terms since v7: they work on what an older version wrote.
    const filtered = (filter: object) => store.search({ q: 'lamp', limit: 10, offset: 0, ...filter }).items.map((i) => i.id);
    expect(filtered({ category: 'politics', source: 'npr', difficulty: 'beginner' })).toEqual(['old-1']);
    expect(filtered({ category: 'health' })).toEqual([]);
    expect(filtered({ difficulty: 'advanced' })).toEqual([]);
    expect(store.search({ q: 'keepers', limit: 10, offset: 0 }).items[0]!.snippet).toContain('<mark>keepers</mark>');
    expect(store.page('old-1', 'zh')?.html).toBe(version >= 5 ? '<p>kept</p>' : undefined);
    // v2's feed table works.
    store.saveFeedState('https://feeds.example/rss', { etag: '"abc"' });
    expect(store.feedState('https://feeds.example/rss')).toEqual({ etag: '"abc"' });
    store.close();

    // Opening again applies nothing and keeps everything.
    const again = openSqliteStore(path);
    expect(again.migration.applied).toEqual([]);
    expect(again.count()).toBe(1);
    again.close();
  });

  it('gives a version-9 file written in any date order search keys that list its matches newest first', () => {
    const path = join(dir, 'v9-order.db');
    const db = new Database(path);
    migrate(db, 9);
    const tags = tagsOf({ categories: ['politics'], source: 'npr', difficulty: 'beginner' });
    // Written in this order; published in another, two in one second (the older write first within it).
    const dates = ['2026-10-02T10:00:00.000Z', '2026-10-05T08:00:00.000Z', '2026-09-30T23:59:59.000Z', '2026-10-05T08:00:00.000Z'];
    dates.forEach((date, index) => {
      db.prepare(
        `INSERT INTO articles (id, url, source, title, published_at, summary, summary_translations, paragraphs,
           word_count, reading_time_minutes, difficulty, content_hash, imported_at, updated_at)
         VALUES (?, ?, 'npr', ?, ?, 'Harbour news.', '{}', '["The harbour reopened."]', 3, 1, 'beginner', 'h', ?, ?)`,
      ).run(`a${index}`, `https://example.org/a${index}`, `Harbour story ${index}`, date, date, date);
    });
    db.prepare('INSERT INTO article_search (rowid, title, summary, body, tags) SELECT seq, title, summary, ?, ? FROM articles').run(
      'The harbour reopened.',
      tags,
    );
    db.prepare('INSERT INTO article_heads (rowid, title, summary, tags) SELECT seq, title, summary, ? FROM articles').run(tags);
    db.close();

    const store = openSqliteStore(path);
    expect(store.migration).toMatchObject({ from: 9, to: LATEST_SCHEMA_VERSION });
    const page = (offset: number) => store.search({ q: 'harbour', limit: 2, offset }).items.map((i) => i.id);
    expect([...page(0), ...page(2)].sort()).toEqual(['a0', 'a1', 'a2', 'a3']);
    // Equally relevant, so newest first: the two of 5 October, then 2 October, then 30 September.
    expect(page(2)).toEqual(['a0', 'a2']);
    expect(page(0).sort()).toEqual(['a1', 'a3']);
    store.close();
  });

  it('refuses a database from a newer version instead of touching it', () => {
    const path = join(dir, 'future.db');
    const db = new Database(path);
    db.pragma(`user_version = ${LATEST_SCHEMA_VERSION + 1}`);
    db.close();
    expect(() => openSqliteStore(path)).toThrow(SchemaTooNewError);
  });
});

describe('upsert', () => {
  it('reports imported, unchanged and updated, and replaces the learning content on update', () => {
    const store = openSqliteStore(join(dir, 'upsert.db'));
    const original = FIXTURES[0]!;
    expect(store.upsert(original)).toBe('imported');
    expect(store.upsert(original)).toBe('unchanged');
    const importedAt = store.byId(original.id)!.importedAt;
    const changed = article({
      ...original,
      title: 'New telescope opens on the windy mountain',
      categories: ['technology'],
      vocabulary: [],
    });
    expect(store.upsert(changed)).toBe('updated');
    const stored = store.byId(original.id)!;
    expect(stored.title).toBe('New telescope opens on the windy mountain');
    expect(stored.categories).toEqual(['technology']);
    expect(stored.vocabulary).toEqual([]);
    expect(stored.culturalNotes).toHaveLength(1);
    expect(stored.importedAt).toBe(importedAt);
    expect(store.count()).toBe(1);
    // The search index follows the update.
    expect(store.search({ q: 'windy', limit: 10, offset: 0 }).total).toBe(1);
    expect(store.latest({ limit: 10, offset: 0, category: 'education' }).total).toBe(0);
    store.close();
  });

  it('writes all of an article or nothing', () => {
    const store = openSqliteStore(join(dir, 'atomic.db'));
    const bad = { ...FIXTURES[1]!, categories: ['politics', 'gardening'] } as unknown as (typeof FIXTURES)[number];
    expect(() => store.upsert(bad)).toThrow(/gardening/);
    expect(store.count()).toBe(0);
    expect(() => store.upsertMany([FIXTURES[2]!, bad])).toThrow();
    expect(store.count()).toBe(0);
    expect(store.upsertMany(FIXTURES)).toEqual({ imported: 6, updated: 0, unchanged: 0 });
    expect(store.upsertMany(FIXTURES)).toEqual({ imported: 0, updated: 0, unchanged: 6 });
    store.close();
  });
});

describe('search query building', () => {
  it('quotes every word so FTS syntax is plain text, and drops punctuation-only input', () => {
    expect(toFtsQuery('flu shots')).toBe('"flu" AND "shots"');
    expect(toFtsQuery('say "hi" OR NEAR(x)')).toBe('"say" AND """hi""" AND "OR" AND "NEAR(x)"');
    expect(toFtsQuery('  * ( ) " ')).toBeUndefined();
    // Only the last part of a joined prefix is a prefix, so it is the part that needs 3 characters.
    expect(toFtsQuery('sea-lio* harb* b-c-d* ab*')).toBe('"sea-lio"* AND "harb"* AND "b-c-d*" AND "ab*"');
  });
});
