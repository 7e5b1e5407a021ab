/**
 * Turns a database at the latest schema back into what a version-9 server left (search rows filed under the
 * article's seq, no search keys, no prefix indexes), data kept: for the tests and the benchmark of the v10 fill
 * that runs after the server listens (server/store/sqlite/search-order.ts). Later versions' tables are dropped.
 */
import Database from 'better-sqlite3';

export function downgradeToV9(path: string): void {
  const db = new Database(path);
  try {
    const fts = (name: string, columns: string, extra = '') =>
      `CREATE VIRTUAL TABLE ${name} USING fts5 (${columns},${extra} tokenize = 'porter unicode61 remove_diacritics 2')`;
    db.exec(`
      BEGIN;
      DROP TABLE IF EXISTS article_words;
      DROP TABLE IF EXISTS search_words_owed;
      DROP TABLE IF EXISTS article_terms;
      ${fts('v9_search', 'title, summary, body, tags')};
      INSERT INTO v9_search (rowid, title, summary, body, tags)
        SELECT k.article_seq, s.title, s.summary, s.body, s.tags FROM article_search AS s JOIN search_keys AS k ON k.key = s.rowid
        ORDER BY k.article_seq;
      ${fts('v9_heads', 'title, summary, tags', " content = '', contentless_delete = 1,")};
      INSERT INTO v9_heads (rowid, title, summary, tags) SELECT rowid, title, summary, tags FROM v9_search;
      DROP TABLE article_search;
      DROP TABLE article_heads;
      ALTER TABLE v9_search RENAME TO article_search;
      ALTER TABLE v9_heads RENAME TO article_heads;
      DROP TABLE search_keys;
      DROP TABLE IF EXISTS schema_fills;
      DROP TABLE IF EXISTS article_revisions;
      ${(db.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'revisions_%'").pluck().all() as string[])
        .map((name) => `DROP TRIGGER ${name};`)
        .join('\n')}
      ${(db.prepare("SELECT name FROM pragma_table_info('article_html') WHERE name LIKE 'view_%'").pluck().all() as string[])
        .map((name) => `ALTER TABLE article_html DROP COLUMN ${name};`)
        .join('\n')}
      DELETE FROM schema_migrations WHERE version >= 10;
      PRAGMA user_version = 9;
      COMMIT;
    `);
  } finally {
    db.close();
  }
}
