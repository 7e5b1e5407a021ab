/** Reading one article with its learning content and, when asked, its stored page. */
import type Database from 'better-sqlite3';
import type { DifficultyLevel, SourceId } from '../../src/domain/catalog';
import { knownCategories, parseJson, type ArticleRow } from './rows';
import type { CulturalNote, RenderLanguage, StoredArticle, TranslatedLanguage, VocabularyItem } from './types';

export class ArticleLookup {
  private readonly statements;

  constructor(db: Database.Database) {
    this.statements = {
      byId: db.prepare(`SELECT a.*, (SELECT json_group_array(category) FROM
          (SELECT category FROM article_categories WHERE article_seq = a.seq ORDER BY position)) AS categories
        FROM articles AS a WHERE a.id = ?`),
      html: db.prepare('SELECT html FROM article_html WHERE article_seq = ? AND language = ? AND content_hash = ?').pluck(),
      vocabulary: db.prepare(
        'SELECT word, part_of_speech, definition, example, translations FROM vocabulary WHERE article_seq = ? ORDER BY position',
      ),
      notes: db.prepare('SELECT title, body, translations FROM cultural_notes WHERE article_seq = ? ORDER BY position'),
    };
  }

  byId(id: string, language?: RenderLanguage): StoredArticle | undefined {
    const row = this.statements.byId.get(id) as ArticleRow | undefined;
    if (!row) return undefined;
    const html = language ? (this.statements.html.get(row.seq, language, row.content_hash) as string | undefined) : undefined;
    const vocabulary = (
      this.statements.vocabulary.all(row.seq) as {
        word: string;
        part_of_speech: string;
        definition: string;
        example: string;
        translations: string;
      }[]
    ).map(
      (v): VocabularyItem => ({
        word: v.word,
        partOfSpeech: v.part_of_speech,
        definition: v.definition,
        example: v.example,
        translations: parseJson(v.translations, {}),
      }),
    );
    const culturalNotes = (this.statements.notes.all(row.seq) as { title: string; body: string; translations: string }[]).map(
      (n): CulturalNote => ({ title: n.title, body: n.body, translations: parseJson(n.translations, {}) }),
    );
    return {
      id: row.id,
      url: row.url,
      source: row.source as SourceId,
      title: row.title,
      publishedAt: row.published_at,
      summary: row.summary,
      summaryTranslations: parseJson<Partial<Record<TranslatedLanguage, string>>>(row.summary_translations, {}),
      paragraphs: parseJson<string[]>(row.paragraphs, []),
      wordCount: row.word_count,
      readingTimeMinutes: row.reading_time_minutes,
      difficulty: row.difficulty as DifficultyLevel,
      categories: knownCategories(row.categories),
      vocabulary,
      culturalNotes,
      contentHash: row.content_hash,
      importedAt: row.imported_at,
      updatedAt: row.updated_at,
      ...(html !== undefined ? { html } : {}),
    };
  }

  /** Bumped (by triggers) on every article write from any connection or process: keys caches of answers. */
}
