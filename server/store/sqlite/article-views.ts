/**
 * Rendered views of an article (ArticleStore.renderedView; server/pages/page-views.ts): rows of article_html under a
 * language no rendering language has (`view:…`, types.ts viewColumn), so an article's write drops them with its pages
 * (ArticleWrites: deleteHtml) and the render pass, which looks at `en`, never sees them.
 */
import type Database from 'better-sqlite3';
import type { StoredView } from '../article-store';
import { viewColumn } from '../types';

export class ArticleViews {
  private readonly statements;

  constructor(db: Database.Database) {
    this.statements = {
      read: db.prepare<[string, string], StoredView>(`SELECT h.content_hash AS key, h.html AS body FROM article_html AS h
        WHERE h.article_seq = (SELECT seq FROM articles WHERE id = ?) AND h.language = ?`),
      save: db.prepare<[string, string, string, string]>(`INSERT INTO article_html (article_seq, language, content_hash, html)
        SELECT seq, ?, ?, ? FROM articles WHERE id = ?
        ON CONFLICT (article_seq, language) DO UPDATE SET content_hash = excluded.content_hash, html = excluded.html`),
    };
  }

  read(id: string, view: string): StoredView | undefined {
    const row = this.statements.read.get(id, viewColumn(view));
    return row && { key: row.key, body: row.body };
  }

  save(id: string, view: string, stored: StoredView): void {
    this.statements.save.run(viewColumn(view), stored.key, stored.body, id);
  }
}
