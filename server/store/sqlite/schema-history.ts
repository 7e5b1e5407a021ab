/**
 * Every schema version, in order: what each migration does to a database written by the one
 * before. Never edit a shipped migration; add the next number. Applied by migrations.ts.
 */
import type Database from 'better-sqlite3';
import { migrateToSearchKeys } from './search-order';
import { migrateToSearchTerms } from './search-terms';
import { migrateToSearchWords } from './search-words';
import { migrateToRevisions } from './article-views';
import { STORY_TABLES_SQL, backfillStoryIdentities } from './story-records';

export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly up: (db: Database.Database) => void;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'articles and their learning content',
    up(db) {
      db.exec(`
        CREATE TABLE articles (
          -- An explicit integer key keeps row numbers stable across VACUUM, so the
          -- full-text index (v2) can point at it.
          seq INTEGER PRIMARY KEY,
          id TEXT NOT NULL UNIQUE,
          url TEXT NOT NULL,
          source TEXT NOT NULL,
          title TEXT NOT NULL,
          published_at TEXT NOT NULL,
          summary TEXT NOT NULL,
          summary_translations TEXT NOT NULL DEFAULT '{}',
          paragraphs TEXT NOT NULL DEFAULT '[]',
          word_count INTEGER NOT NULL,
          reading_time_minutes INTEGER NOT NULL,
          difficulty TEXT NOT NULL,
          content_hash TEXT NOT NULL,
          imported_at TEXT NOT NULL,
          updated_at TEXT NOT NULL
        );
        CREATE INDEX articles_newest ON articles (published_at DESC, id);
        CREATE INDEX articles_source ON articles (source, published_at DESC);
        CREATE INDEX articles_difficulty ON articles (difficulty, published_at DESC);

        CREATE TABLE article_categories (
          article_seq INTEGER NOT NULL REFERENCES articles (seq) ON DELETE CASCADE,
          position INTEGER NOT NULL,
          category TEXT NOT NULL,
          PRIMARY KEY (article_seq, category)
        ) WITHOUT ROWID;
        CREATE INDEX article_categories_by_category ON article_categories (category, article_seq);

        CREATE TABLE vocabulary (
          article_seq INTEGER NOT NULL REFERENCES articles (seq) ON DELETE CASCADE,
          position INTEGER NOT NULL,
          word TEXT NOT NULL,
          part_of_speech TEXT NOT NULL,
          definition TEXT NOT NULL,
          example TEXT NOT NULL,
          translations TEXT NOT NULL DEFAULT '{}',
          PRIMARY KEY (article_seq, position)
        ) WITHOUT ROWID;

        CREATE TABLE cultural_notes (
          article_seq INTEGER NOT NULL REFERENCES articles (seq) ON DELETE CASCADE,
          position INTEGER NOT NULL,
          title TEXT NOT NULL,
          body TEXT NOT NULL,
          translations TEXT NOT NULL DEFAULT '{}',
          PRIMARY KEY (article_seq, position)
        ) WITHOUT ROWID;
      `);
    },
  },
  {
    version: 2,
    name: 'full-text search and feed validators',
    up(db) {
      db.exec(`
        CREATE VIRTUAL TABLE article_search USING fts5 (
          title, summary, body,
          tokenize = 'porter unicode61 remove_diacritics 2'
        );
        INSERT INTO article_search (rowid, title, summary, body)
          SELECT a.seq, a.title, a.summary,
                 (SELECT group_concat(p.value, char(10)) FROM json_each(a.paragraphs) AS p)
          FROM articles AS a;

        CREATE TABLE feed_state (
          feed_url TEXT PRIMARY KEY,
          etag TEXT,
          last_modified TEXT,
          updated_at TEXT NOT NULL
        );
      `);
    },
  },
  {
    version: 3,
    name: 'index for lists filtered by source and difficulty together',
    up(db) {
      db.exec('CREATE INDEX articles_source_difficulty ON articles (source, difficulty, published_at DESC)');
    },
  },
  {
    version: 4,
    name: 'content passes run over stored articles',
    up(db) {
      // One row per start-up pass (e.g. dictionary glosses), with the data version it last ran with.
      db.exec(`CREATE TABLE content_passes (
        name TEXT PRIMARY KEY,
        version TEXT NOT NULL,
        applied_at TEXT NOT NULL
      )`);
    },
  },
  {
    version: 5,
    name: 'rendered article HTML, filter indexes for every list, counters and a data version',
    up(db) {
      db.exec(`
        -- The sanitised article page per rendering language (en, zh, es: ja and ko render as en),
        -- written with the article, so no request renders. content_hash ties a body to the text
        -- it was made from: a row with an older hash is never served.
        CREATE TABLE article_html (
          article_seq INTEGER NOT NULL REFERENCES articles (seq) ON DELETE CASCADE,
          language TEXT NOT NULL,
          content_hash TEXT NOT NULL,
          html TEXT NOT NULL,
          PRIMARY KEY (article_seq, language)
        ) WITHOUT ROWID;

        -- Categories carry their article's date, source and difficulty, so a list filtered by a
        -- category and anything else walks one index in date order and stops after its page.
        ALTER TABLE article_categories ADD COLUMN published_at TEXT NOT NULL DEFAULT '';
        ALTER TABLE article_categories ADD COLUMN source TEXT NOT NULL DEFAULT '';
        ALTER TABLE article_categories ADD COLUMN difficulty TEXT NOT NULL DEFAULT '';
        ALTER TABLE article_categories ADD COLUMN article_id TEXT NOT NULL DEFAULT '';
        UPDATE article_categories SET
          article_id = (SELECT id FROM articles WHERE seq = article_seq),
          published_at = (SELECT published_at FROM articles WHERE seq = article_seq),
          source = (SELECT source FROM articles WHERE seq = article_seq),
          difficulty = (SELECT difficulty FROM articles WHERE seq = article_seq);
        -- Each index ends with the list's tie-break (id), so pages come in index order with no sort,
        -- and holds the article's key, so skipping to a deep offset never reads the articles.
        CREATE INDEX article_categories_newest ON article_categories (category, published_at DESC, article_id);
        CREATE INDEX article_categories_source ON article_categories (category, source, published_at DESC, article_id);
        CREATE INDEX article_categories_difficulty ON article_categories (category, difficulty, published_at DESC, article_id);
        CREATE INDEX article_categories_source_difficulty
          ON article_categories (category, source, difficulty, published_at DESC, article_id);
        DROP INDEX articles_source;
        DROP INDEX articles_difficulty;
        DROP INDEX articles_source_difficulty;
        CREATE INDEX articles_source ON articles (source, published_at DESC, id);
        CREATE INDEX articles_difficulty ON articles (difficulty, published_at DESC, id);
        CREATE INDEX articles_source_difficulty ON articles (source, difficulty, published_at DESC, id);

        -- Counters kept by triggers: the article count (health probes read it every time) and a
        -- data version bumped by every write from any process, which keys the API's answer cache.
        CREATE TABLE store_counters (name TEXT PRIMARY KEY, value INTEGER NOT NULL) WITHOUT ROWID;
        INSERT INTO store_counters (name, value) SELECT 'articles', count(*) FROM articles;
        INSERT INTO store_counters (name, value) VALUES ('data_version', 1);
        CREATE TRIGGER articles_counted_insert AFTER INSERT ON articles BEGIN
          UPDATE store_counters SET value = value + 1 WHERE name IN ('articles', 'data_version');
        END;
        CREATE TRIGGER articles_counted_delete AFTER DELETE ON articles BEGIN
          UPDATE store_counters SET value = value + (CASE name WHEN 'articles' THEN -1 ELSE 1 END)
            WHERE name IN ('articles', 'data_version');
        END;
        CREATE TRIGGER articles_versioned_update AFTER UPDATE ON articles BEGIN
          UPDATE store_counters SET value = value + 1 WHERE name = 'data_version';
        END;
      `);
    },
  },
  {
    version: 6,
    name: 'list totals per filter combination, kept by triggers',
    up(db) {
      // Counting a filter's matches read up to a third of an index at 100,000 articles (1 ms and
      // more per list request); these counters make every list total one indexed row. Names:
      // s:<source>, d:<difficulty>, sd:<source>:<difficulty> from articles; c:, cs:, cd:, csd:
      // from article_categories, whose rows carry source and difficulty (v5).
      db.exec(`
        INSERT INTO store_counters (name, value)
          SELECT 's:' || source, count(*) FROM articles GROUP BY source
          UNION ALL SELECT 'd:' || difficulty, count(*) FROM articles GROUP BY difficulty
          UNION ALL SELECT 'sd:' || source || ':' || difficulty, count(*) FROM articles GROUP BY source, difficulty
          UNION ALL SELECT 'c:' || category, count(*) FROM article_categories GROUP BY category
          UNION ALL SELECT 'cs:' || category || ':' || source, count(*) FROM article_categories GROUP BY category, source
          UNION ALL SELECT 'cd:' || category || ':' || difficulty, count(*) FROM article_categories GROUP BY category, difficulty
          UNION ALL SELECT 'csd:' || category || ':' || source || ':' || difficulty, count(*)
            FROM article_categories GROUP BY category, source, difficulty;
        ${counterTriggers('articles', 'NEW', 1, ['s', 'd', 'sd'], 'AFTER INSERT', 'articles_totals_insert')}
        ${counterTriggers('articles', 'OLD', -1, ['s', 'd', 'sd'], 'AFTER DELETE', 'articles_totals_delete')}
        ${counterTriggers('articles', 'OLD', -1, ['s', 'd', 'sd'], 'AFTER UPDATE OF source, difficulty', 'articles_totals_update_old')}
        ${counterTriggers('articles', 'NEW', 1, ['s', 'd', 'sd'], 'AFTER UPDATE OF source, difficulty', 'articles_totals_update_new')}
        ${counterTriggers('article_categories', 'NEW', 1, ['c', 'cs', 'cd', 'csd'], 'AFTER INSERT', 'categories_totals_insert')}
        ${counterTriggers('article_categories', 'OLD', -1, ['c', 'cs', 'cd', 'csd'], 'AFTER DELETE', 'categories_totals_delete')}
      `);
    },
  },
  {
    version: 7,
    name: 'search filters as index terms, and an index of titles and summaries for ranking',
    up(db) {
      // The same text as the store writes (sentinel characters stripped) and the same tag tokens
      // as search-index.ts's tagToken(): x, a kind letter, the value's UTF-8 in hex, 9.
      const clean = (column: string) => `replace(replace(${column}, char(57344), ''), char(57345), '')`;
      const tag = (letter: string, value: string) => `'x${letter}' || lower(hex(${value})) || '9'`;
      db.exec(`
        DROP TABLE article_search;
        CREATE VIRTUAL TABLE article_search USING fts5 (
          title, summary, body, tags,
          tokenize = 'porter unicode61 remove_diacritics 2'
        );
        INSERT INTO article_search (rowid, title, summary, body, tags)
          SELECT a.seq, ${clean('a.title')}, ${clean('a.summary')},
                 ${clean('(SELECT group_concat(p.value, char(10)) FROM json_each(a.paragraphs) AS p)')},
                 concat_ws(' ',
                   (SELECT group_concat(${tag('c', 'c.category')}, ' ') FROM article_categories AS c WHERE c.article_seq = a.seq),
                   ${tag('s', 'a.source')}, ${tag('d', 'a.difficulty')})
          FROM articles AS a;
        CREATE VIRTUAL TABLE article_heads USING fts5 (
          title, summary, tags,
          content = '', contentless_delete = 1,
          tokenize = 'porter unicode61 remove_diacritics 2'
        );
        INSERT INTO article_heads (rowid, title, summary, tags)
          SELECT rowid, title, summary, tags FROM article_search;
        INSERT INTO article_search (article_search) VALUES ('optimize');
        INSERT INTO article_heads (article_heads) VALUES ('optimize');
      `);
    },
  },
  {
    version: 8,
    name: 'story identity: normalised addresses, text hashes, MinHash bands, and aliases of merged articles',
    up(db) {
      // See story-identity.ts and docs/content-pipeline.md ("How a story is recognised"). Articles stored
      // before this version get their addresses and fingerprints here, oldest first, so the importer
      // recognises them from its next run (an address shared by two stored articles stays with the older).
      db.exec(STORY_TABLES_SQL);
      backfillStoryIdentities(db);
    },
  },
  {
    version: 9,
    name: 'machine-written reading help per learner language, with the model that wrote it',
    up(db) {
      // JSON per language (MachineHelp in types.ts): summary, notes, explained sentences, model, date.
      db.exec(`ALTER TABLE articles ADD COLUMN machine_help TEXT NOT NULL DEFAULT '{}'`);
    },
  },
  {
    version: 10,
    name: 'search keys that follow publication time, and prefix indexes',
    up: migrateToSearchKeys,
  },
  {
    version: 11,
    name: 'article revisions kept by triggers, and views stored with what they were made from',
    up: migrateToRevisions,
  },
  {
    version: 12,
    name: 'an index of words as written, for prefix search',
    up: migrateToSearchWords,
  },
  {
    version: 13,
    name: "each article's title and summary as index tokens, for ranking",
    up: migrateToSearchTerms,
  },
];

/** The counter name of a list filter combination (see v6); the store reads totals by it. */
export function totalCounterName(filters: { category?: string; source?: string; difficulty?: string }): string {
  const kind = `${filters.category ? 'c' : ''}${filters.source ? 's' : ''}${filters.difficulty ? 'd' : ''}`;
  return `${kind}:${[filters.category, filters.source, filters.difficulty].filter(Boolean).join(':')}`;
}

function counterTriggers(table: string, row: 'NEW' | 'OLD', delta: 1 | -1, kinds: string[], when: string, name: string): string {
  const column = { c: 'category', s: 'source', d: 'difficulty' } as const;
  const upserts = kinds.map((kind) => {
    const parts = [...kind].map((letter) => `${row}.${column[letter as keyof typeof column]}`).join(` || ':' || `);
    return `INSERT INTO store_counters (name, value) VALUES ('${kind}:' || ${parts}, ${delta})
        ON CONFLICT (name) DO UPDATE SET value = value + (${delta});`;
  });
  return `CREATE TRIGGER ${name} ${when} ON ${table} BEGIN ${upserts.join(' ')} END;`;
}
