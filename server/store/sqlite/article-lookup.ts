/** Reading one article with its learning content and, when asked, its stored page. */
import type Database from 'better-sqlite3';
import type { DifficultyLevel, SourceId } from '../../../common/catalog';
import { knownCategories, parseJson, type ArticleRow, machineHelpField } from './rows';
import {
  pageKeyFits,
  type ArticleWithPage,
  type CulturalNote,
  type RenderLanguage,
  type StoredArticle,
  type TranslatedLanguage,
  type VocabularyItem,
} from '../types';

/** The id asked for, or the kept article's when it was merged into one (schema v8): old links keep working. */
const KEPT_ID = 'coalesce((SELECT article_id FROM article_aliases WHERE alias_id = @id), @id)';

type PageRow = Omit<ArticleRow, 'paragraphs' | 'imported_at' | 'updated_at'>;

export class ArticleLookup {
  private readonly statements;

  /** `pagesVersion`: the current renderer's (pageKey); a page filed under another is stale and not read. */
  constructor(
    db: Database.Database,
    private readonly pagesVersion: () => string | undefined = () => undefined,
  ) {
    this.statements = {
      byId: db.prepare(`SELECT a.*, (SELECT json_group_array(category) FROM
          (SELECT category FROM article_categories WHERE article_seq = a.seq ORDER BY position)) AS categories
        FROM articles AS a WHERE a.id = ${KEPT_ID}`),
      page: db.prepare(`SELECT a.seq, a.id, a.url, a.source, a.title, a.published_at, a.summary, a.summary_translations,
          a.word_count, a.reading_time_minutes, a.difficulty, a.content_hash, a.machine_help,
          (SELECT json_group_array(category) FROM
            (SELECT category FROM article_categories WHERE article_seq = a.seq ORDER BY position)) AS categories
        FROM articles AS a WHERE a.id = ${KEPT_ID}`),
      html: db.prepare('SELECT html, content_hash FROM article_html WHERE article_seq = ? AND language = ?'),
      vocabulary: db.prepare(
        'SELECT word, part_of_speech, definition, example, translations FROM vocabulary WHERE article_seq = ? ORDER BY position',
      ),
      notes: db.prepare('SELECT title, body, translations FROM cultural_notes WHERE article_seq = ? ORDER BY position'),
    };
  }

  page(id: string, language: RenderLanguage): ArticleWithPage | undefined {
    const row = this.statements.page.get({ id }) as PageRow | undefined;
    return row && this.pageOf(row, this.storedPage(row.seq, language, row.content_hash));
  }

  private storedPage(seq: number, language: RenderLanguage, contentHash: string): string | undefined {
    const stored = this.statements.html.get(seq, language) as { html: string; content_hash: string } | undefined;
    return stored && pageKeyFits(stored.content_hash, contentHash, this.pagesVersion()) ? stored.html : undefined;
  }

  private pageOf(row: PageRow, html: string | undefined): ArticleWithPage {
    return {
      id: row.id,
      url: row.url,
      source: row.source as SourceId,
      title: row.title,
      publishedAt: row.published_at,
      summary: row.summary,
      summaryTranslations: parseJson<Partial<Record<TranslatedLanguage, string>>>(row.summary_translations, {}),
      wordCount: row.word_count,
      readingTimeMinutes: row.reading_time_minutes,
      difficulty: row.difficulty as DifficultyLevel,
      categories: knownCategories(row.categories),
      culturalNotes: this.notes(row.seq),
      ...machineHelpField(row.machine_help),
      contentHash: row.content_hash,
      ...(html !== undefined ? { html } : {}),
    };
  }

  private notes(seq: number): CulturalNote[] {
    return (this.statements.notes.all(seq) as { title: string; body: string; translations: string }[]).map((n): CulturalNote => ({
      title: n.title,
      body: n.body,
      translations: parseJson(n.translations, {}),
    }));
  }

  byId(id: string, language?: RenderLanguage): StoredArticle | undefined {
    const row = this.statements.byId.get({ id }) as ArticleRow | undefined;
    if (!row) return undefined;
    const html = language ? this.storedPage(row.seq, language, row.content_hash) : undefined;
    const vocabulary = (
      this.statements.vocabulary.all(row.seq) as {
        word: string;
        part_of_speech: string;
        definition: string;
        example: string;
        translations: string;
      }[]
    ).map((v): VocabularyItem => ({
      word: v.word,
      partOfSpeech: v.part_of_speech,
      definition: v.definition,
      example: v.example,
      translations: parseJson(v.translations, {}),
    }));
    return {
      ...this.pageOf(row, html),
      paragraphs: parseJson<string[]>(row.paragraphs, []),
      vocabulary,
      importedAt: row.imported_at,
      updatedAt: row.updated_at,
    };
  }

  /** Bumped (by triggers) on every article write from any connection or process: keys caches of answers. */
}
