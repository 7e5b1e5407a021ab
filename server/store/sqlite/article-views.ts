/**
 * Rendered views of an article (ArticleStore.renderedView; server/pages/page-views.ts): rows of article_html under a
 * language no rendering language has (`view:…`, types.ts viewColumn), so an article's write drops them with its pages
 * (ArticleWrites: deleteHtml) and the render pass, which looks at `en`, never sees them.
 */
import type Database from 'better-sqlite3';
import type { StoredView, ViewWithHead } from '../article-store';
import { viewColumn, type TranslatedLanguage } from '../types';
import { knownCategories, parseJson } from './rows';

/** The id asked for, or the kept article's when it was merged into one (as article-lookup.ts reads it). */
const KEPT_ID = 'coalesce((SELECT article_id FROM article_aliases WHERE alias_id = @id), @id)';

interface ViewRow {
  id: string;
  title: string;
  summary: string;
  summary_translations: string;
  published_at: string;
  categories: string;
  revision: number;
  key: string | null;
  body: string | null;
  inputs: string | null;
  data: string | null;
}

function storedView(row: { key: string | null; body: string | null; inputs: string | null; data: string | null }): StoredView | undefined {
  if (row.key === null || row.body === null) return undefined;
  return {
    key: row.key,
    body: row.body,
    ...(row.inputs !== null ? { inputs: row.inputs } : {}),
    ...(row.data !== null ? { data: row.data } : {}),
  };
}

export class ArticleViews {
  private readonly statements;

  constructor(db: Database.Database) {
    this.statements = {
      read: db.prepare(`SELECT h.content_hash AS key, h.html AS body, h.view_inputs AS inputs, h.view_data AS data FROM article_html AS h
        WHERE h.article_seq = (SELECT seq FROM articles WHERE id = ?) AND h.language = ?`),
      // One statement: the head's columns, the revision and the view (issue 31: a first view at one read).
      withHead: db.prepare(`SELECT a.id, a.title, a.summary, a.summary_translations, a.published_at,
          (SELECT json_group_array(category) FROM
            (SELECT category FROM article_categories WHERE article_seq = a.seq ORDER BY position)) AS categories,
          coalesce((SELECT revision FROM article_revisions WHERE article_seq = a.seq), 0) AS revision,
          h.content_hash AS key, h.html AS body, h.view_inputs AS inputs, h.view_data AS data
        FROM articles AS a LEFT JOIN article_html AS h ON h.article_seq = a.seq AND h.language = @view
        WHERE a.id = ${KEPT_ID}`),
      save: db.prepare(`INSERT INTO article_html (article_seq, language, content_hash, html, view_inputs, view_data)
        SELECT seq, ?, ?, ?, ?, ? FROM articles WHERE id = ?
        ON CONFLICT (article_seq, language) DO UPDATE SET content_hash = excluded.content_hash, html = excluded.html,
          view_inputs = excluded.view_inputs, view_data = excluded.view_data`),
    };
  }

  read(id: string, view: string): StoredView | undefined {
    const row = this.statements.read.get(id, viewColumn(view)) as Parameters<typeof storedView>[0] | undefined;
    return row && storedView(row);
  }

  withHead(id: string, view: string): ViewWithHead | undefined {
    const row = this.statements.withHead.get({ id, view: viewColumn(view) }) as ViewRow | undefined;
    if (!row) return undefined;
    return {
      id: row.id,
      title: row.title,
      summary: row.summary,
      summaryTranslations: parseJson<Partial<Record<TranslatedLanguage, string>>>(row.summary_translations, {}),
      publishedAt: row.published_at,
      categories: knownCategories(row.categories),
      revision: row.revision,
      view: storedView(row),
    };
  }

  save(id: string, view: string, stored: StoredView): void {
    this.statements.save.run(viewColumn(view), stored.key, stored.body, stored.inputs ?? null, stored.data ?? null, id);
  }
}

/** v11 (schema-history.ts). */
export function migrateToRevisions(db: Database.Database): void {
  // A view (article_html under `view:…`) is read in one statement with its article's head and revision and used
  // when its inputs (the revision it was made at and the server's stamp, pages/page-views.ts) still fit. The
  // revision moves with every write of what an article's answer reads: its row, categories, notes and stored
  // pages (not its views). Cheap DDL only; an article never written since has no row (revision 0).
  const bump = (seq: string) => `INSERT INTO article_revisions (article_seq, revision) VALUES (${seq}, 1)
      ON CONFLICT (article_seq) DO UPDATE SET revision = revision + 1;`;
  db.exec(`
    CREATE TABLE IF NOT EXISTS schema_fills (name TEXT PRIMARY KEY, since TEXT NOT NULL);
    ALTER TABLE article_html ADD COLUMN view_inputs TEXT;
    ALTER TABLE article_html ADD COLUMN view_data TEXT;
    CREATE TABLE article_revisions (article_seq INTEGER PRIMARY KEY, revision INTEGER NOT NULL);
    CREATE TRIGGER revisions_article AFTER UPDATE ON articles BEGIN ${bump('NEW.seq')} END;
    CREATE TRIGGER revisions_category_insert AFTER INSERT ON article_categories BEGIN ${bump('NEW.article_seq')} END;
    CREATE TRIGGER revisions_category_delete AFTER DELETE ON article_categories BEGIN ${bump('OLD.article_seq')} END;
    CREATE TRIGGER revisions_note_insert AFTER INSERT ON cultural_notes BEGIN ${bump('NEW.article_seq')} END;
    CREATE TRIGGER revisions_note_update AFTER UPDATE ON cultural_notes BEGIN ${bump('NEW.article_seq')} END;
    CREATE TRIGGER revisions_note_delete AFTER DELETE ON cultural_notes BEGIN ${bump('OLD.article_seq')} END;
    CREATE TRIGGER revisions_page_insert AFTER INSERT ON article_html WHEN NEW.language NOT LIKE 'view:%'
      BEGIN ${bump('NEW.article_seq')} END;
    CREATE TRIGGER revisions_page_update AFTER UPDATE ON article_html WHEN NEW.language NOT LIKE 'view:%'
      BEGIN ${bump('NEW.article_seq')} END;
    CREATE TRIGGER revisions_page_delete AFTER DELETE ON article_html WHEN OLD.language NOT LIKE 'view:%'
      BEGIN ${bump('OLD.article_seq')} END;
  `);
}
