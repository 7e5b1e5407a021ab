/**
 * Writing one article: its row, categories, vocabulary, notes, search rows and rendered pages.
 * Called inside the store's write transaction (sqlite-store.ts), so all of it lands or none.
 */
import type Database from 'better-sqlite3';
import { storedArticleValues, validateArticle } from '../article-values';
import { rehashed } from '../content-hash';
import type { SearchIndex } from './search-index';
import {
  chooseStory,
  decideStoryWrite,
  textFingerprint,
  urlKeysOf,
  type StoryIdentity,
  type StoryMatch,
  type StoryWriteResult,
} from '../story-identity';
import { StoryRecords } from './story-records';
import type { ArticleInput, ArticleRenderer, UpsertOutcome } from '../types';
import { pageKey, RENDER_LANGUAGES } from '../types';

export class ArticleWrites {
  private readonly statements;
  readonly stories: StoryRecords;

  constructor(
    db: Database.Database,
    private readonly searchIndex: SearchIndex,
  ) {
    this.stories = new StoryRecords(db);
    this.statements = {
      existing: db.prepare('SELECT seq, content_hash FROM articles WHERE id = ?'),
      deleteArticle: db.prepare('DELETE FROM articles WHERE seq = ?'),
      insert: db.prepare(`INSERT INTO articles (id, url, source, title, published_at, summary, summary_translations,
          paragraphs, word_count, reading_time_minutes, difficulty, content_hash, machine_help, imported_at, updated_at)
        VALUES (@id, @url, @source, @title, @publishedAt, @summary, @summaryTranslations, @paragraphs,
          @wordCount, @readingTimeMinutes, @difficulty, @contentHash, @machineHelp, @now, @now)`),
      update: db.prepare(`UPDATE articles SET url = @url, source = @source, title = @title, published_at = @publishedAt,
          summary = @summary, summary_translations = @summaryTranslations, paragraphs = @paragraphs,
          word_count = @wordCount, reading_time_minutes = @readingTimeMinutes, difficulty = @difficulty,
          content_hash = @contentHash, machine_help = @machineHelp, updated_at = @now
        WHERE seq = @seq`),
      deleteCategories: db.prepare('DELETE FROM article_categories WHERE article_seq = ?'),
      deleteVocabulary: db.prepare('DELETE FROM vocabulary WHERE article_seq = ?'),
      deleteNotes: db.prepare('DELETE FROM cultural_notes WHERE article_seq = ?'),
      deleteHtml: db.prepare('DELETE FROM article_html WHERE article_seq = ?'),
      insertCategory: db.prepare(`INSERT OR IGNORE INTO article_categories
          (article_seq, position, category, published_at, source, difficulty, article_id) VALUES (?, ?, ?, ?, ?, ?, ?)`),
      insertVocabulary: db.prepare(`INSERT INTO vocabulary
          (article_seq, position, word, part_of_speech, definition, example, translations) VALUES (?, ?, ?, ?, ?, ?, ?)`),
      insertNote: db.prepare('INSERT INTO cultural_notes (article_seq, position, title, body, translations) VALUES (?, ?, ?, ?, ?)'),
      saveHtml: db.prepare(`INSERT INTO article_html (article_seq, language, content_hash, html) VALUES (?, ?, ?, ?)
        ON CONFLICT (article_seq, language) DO UPDATE SET content_hash = excluded.content_hash, html = excluded.html`),
    };
  }

  /** The stored row of an article, to skip an unchanged write or store a page for it. */
  existing(id: string): { seq: number; content_hash: string } | undefined {
    return this.statements.existing.get(id) as { seq: number; content_hash: string } | undefined;
  }

  saveHtml(seq: number, language: string, contentHash: string, html: string): void {
    this.statements.saveHtml.run(seq, language, contentHash, html);
  }

  storeHtml(row: { seq: number }, article: ArticleInput, renderer: ArticleRenderer): void {
    const pages = renderer(article);
    const key = pageKey(article.contentHash, renderer.version);
    for (const language of RENDER_LANGUAGES) this.statements.saveHtml.run(row.seq, language, key, pages[language]);
  }

  write(article: ArticleInput, renderer: ArticleRenderer | undefined, urlKeys: readonly string[] = []): UpsertOutcome {
    validateArticle(article);
    // An article merged into another lives under the kept id: writing it again (the corpus at a start) must not bring it back.
    if (this.stories.aliasOf(article.id) !== undefined) return 'unchanged';
    const existing = this.statements.existing.get(article.id) as { seq: number; content_hash: string } | undefined;
    if (existing && existing.content_hash === article.contentHash) return 'unchanged';
    const stored = storedArticleValues(article);
    const values = {
      ...stored,
      summaryTranslations: JSON.stringify(stored.summaryTranslations),
      paragraphs: JSON.stringify(stored.paragraphs),
      machineHelp: JSON.stringify(stored.machineHelp),
      now: new Date().toISOString(),
    };
    let seq: number;
    if (existing) {
      seq = existing.seq;
      this.statements.update.run({ ...values, seq });
      this.statements.deleteCategories.run(seq);
      this.statements.deleteVocabulary.run(seq);
      this.statements.deleteNotes.run(seq);
      this.searchIndex.remove(seq);
      this.statements.deleteHtml.run(seq);
    } else {
      seq = Number(this.statements.insert.run(values).lastInsertRowid);
    }
    article.categories.forEach((category, position) =>
      this.statements.insertCategory.run(seq, position, category, values.publishedAt, values.source, values.difficulty, values.id),
    );
    article.vocabulary.forEach((v, position) =>
      this.statements.insertVocabulary.run(
        seq,
        position,
        v.word,
        v.partOfSpeech,
        v.definition,
        v.example,
        JSON.stringify(v.translations ?? {}),
      ),
    );
    article.culturalNotes.forEach((n, position) =>
      this.statements.insertNote.run(seq, position, n.title, n.body, JSON.stringify(n.translations ?? {})),
    );
    this.searchIndex.write(seq, {
      publishedAt: values.publishedAt,
      title: article.title,
      summary: values.summary,
      body: article.paragraphs.join('\n'),
      categories: article.categories,
      source: article.source,
      difficulty: article.difficulty,
    });
    this.stories.record(seq, article.url, article.paragraphs, urlKeys, existing !== undefined);
    // Rendered here, inside the write's transaction, so a stored article and its pages never disagree.
    if (renderer) this.storeHtml({ seq }, article, renderer);
    return existing ? 'updated' : 'imported';
  }

  /**
   * Writes an imported story under the id of the stored article it is (story-identity.ts), if any: the
   * same link updates on any change, as write() does; a story recognised by another signal (another
   * address, the same or a similar text) is an update only when its text is one the story never had.
   * Called inside the write transaction, so the check and the write are one step for other writers.
   */
  writeStory(article: ArticleInput, identity: StoryIdentity, renderer: ArticleRenderer | undefined): StoryWriteResult {
    validateArticle(article);
    const alias = this.stories.aliasOf(article.id);
    const fingerprint = textFingerprint(article.paragraphs);
    const urlKeys = urlKeysOf(article.url, identity.urlKeys);
    const found = chooseStory(this.stories.candidates({ id: alias ?? article.id, urlKeys, fingerprint }), article.paragraphs);
    const decision = decideStoryWrite(found, article.id);
    if (!found || decision === 'new') return { outcome: this.write(article, renderer, urlKeys), id: article.id };
    const matchedBy: StoryMatch = found.matchedBy;
    if (decision === 'same item') return { outcome: this.write(article, renderer, urlKeys), id: found.id, matchedBy };
    if (decision === 'older version' || decision === 'seen again') {
      this.stories.addUrls(found.seq, urlKeys);
      return { outcome: 'unchanged', id: found.id, matchedBy };
    }
    const outcome = this.write(rehashed({ ...article, id: found.id }), renderer, urlKeys);
    return { outcome, id: found.id, matchedBy };
  }

  /** Merges a duplicate into the article it repeats: its addresses and id move to the kept one, its row goes. */
  merge(drop: { seq: number; id: string }, keep: { seq: number; id: string }): void {
    this.stories.mergeInto(drop, keep);
    this.searchIndex.remove(drop.seq);
    this.statements.deleteArticle.run(drop.seq);
  }
}
