/** The PostgreSQL store's columns, rows and SQL fragments, shared by its reads and writes. */
import { machineHelpField } from '../sqlite/rows';
import type { DifficultyLevel, SourceId } from '../../../common/catalog';
import { isCategoryId } from '../../../common/catalog';
import { storedArticleValues } from '../article-values';
import { HIT_END, HIT_START, prefixParts, searchTokens, snippetToHtml, wordParts } from '../fts-query';
import type {
  ArticleInput,
  ArticleWithPage,
  ArticleQuery,
  ArticleSummaryRow,
  CulturalNote,
  MachineHelp,
  StoredArticle,
  TranslatedLanguage,
  VocabularyItem,
} from '../types';

export const SNIPPET_WORDS = 24;

/** Stand-ins for < and > while ts_headline works: it drops anything that looks like a tag, SQLite's snippet keeps it. */
export const LT = '\uE002';

export const GT = '\uE003';

export const HEADLINE_OPTIONS = `StartSel=${HIT_START}, StopSel=${HIT_END}, MaxWords=${SNIPPET_WORDS}, MinWords=12, ShortWord=0, MaxFragments=1, FragmentDelimiter=" … "`;

/** The id asked for ($1), or the kept article's when it was merged into one (migration v4): old links keep working. */
export const KEPT_ID = 'coalesce((SELECT article_id FROM article_aliases WHERE alias_id = $1), $1)';

/** Held (transaction-scoped) by every story write and backfill, so two importers never both find a story missing. */
export const STORY_LOCK = 7_318_046_613;

export const SUMMARY_COLUMNS = `a.seq, a.id, a.source, a.title, a.published_at, a.summary, a.summary_translations,
  a.word_count, a.reading_time_minutes, a.difficulty, a.categories`;
export const PAGE_COLUMNS = `${SUMMARY_COLUMNS}, a.url, a.cultural_notes, a.machine_help, a.content_hash`;

/** Not `a.*`: the search and heads vectors are large and nothing reads them back. */
export const ARTICLE_COLUMNS = `${PAGE_COLUMNS}, a.paragraphs, a.vocabulary, a.imported_at, a.updated_at`;

export interface SummaryRow {
  seq: string;
  id: string;
  source: string;
  title: string;
  published_at: string;
  summary: string;
  summary_translations: Partial<Record<TranslatedLanguage, string>>;
  word_count: number;
  reading_time_minutes: number;
  difficulty: string;
  categories: string[];
  snippet?: string;
}

export interface PageRow extends SummaryRow {
  url: string;
  cultural_notes: CulturalNote[];
  machine_help?: Partial<Record<TranslatedLanguage, MachineHelp>> | null;
  content_hash: string;
  html?: string | null;
}

export interface ArticleRow extends PageRow {
  paragraphs: string[];
  vocabulary: VocabularyItem[];
  imported_at: string;
  updated_at: string;
}

export function toSummary(row: SummaryRow): ArticleSummaryRow {
  return {
    id: row.id,
    source: row.source as SourceId,
    title: row.title,
    publishedAt: row.published_at,
    summary: row.summary,
    summaryTranslations: row.summary_translations ?? {},
    wordCount: row.word_count,
    readingTimeMinutes: row.reading_time_minutes,
    difficulty: row.difficulty as DifficultyLevel,
    categories: row.categories.filter(isCategoryId),
    ...(row.snippet !== undefined ? { snippet: snippetToHtml(row.snippet).replaceAll(LT, '&lt;').replaceAll(GT, '&gt;') } : {}),
  };
}

export function toPage(row: PageRow): ArticleWithPage {
  const { snippet: _snippet, ...summary } = toSummary(row);
  return {
    ...summary,
    url: row.url,
    culturalNotes: row.cultural_notes ?? [],
    ...machineHelpField(row.machine_help),
    contentHash: row.content_hash,
    ...(typeof row.html === 'string' ? { html: row.html } : {}),
  };
}

export function toArticle(row: ArticleRow): StoredArticle {
  return {
    ...toPage(row),
    paragraphs: row.paragraphs ?? [],
    vocabulary: row.vocabulary ?? [],
    importedAt: row.imported_at,
    updatedAt: row.updated_at,
  };
}

/**
 * Each word as its own tsquery expression over parameters, so nothing typed reaches the tsquery
 * parser as syntax: plainto_tsquery takes any text; a word ending in `*` is rebuilt from its letter
 * and digit runs (fts-query.ts), quoted, joined as a phrase (`<->`, as SQLite reads `"sea-lio"*`).
 * A prefix is matched against the words as written, lower-cased and without accents (migration v8,
 * postgres-prefix-schema.ts), so `fes*` finds festival and never federal, `runnin*` finds running, and
 * `can*` (an English stop word) finds canada. The snippet still marks the words whose stem the prefix begins.
 */
export function termQueries(q: string, firstParam: number): { exprs: string[]; params: string[]; headlineExprs: string[] } {
  const exprs: string[] = [];
  const params: string[] = [];
  // ts_headline picks its passage by the query's items: the union written out, as before decision 35, keeps
  // every snippet as it was (one item fewer moves a passage's end by a word).
  const headlineExprs: string[] = [];
  for (const token of searchTokens(q)) {
    const prefix = prefixParts(token);
    const param = `$${firstParam + params.length}`;
    if (prefix) {
      params.push(prefix.map((part, i) => `'${part}'${i === prefix.length - 1 ? ':*' : ''}`).join(' <-> '));
      // Matched against the words as written (migration v8, decision 40), never against stems.
      exprs.push(`newsreader_prefix_query(${param})`);
      headlineExprs.push(`(to_tsquery('english', ${param}) || to_tsquery('simple', ${param}))`);
    } else if (token.endsWith('*')) {
      // Too short a prefix: the words themselves, as the phrase SQLite makes of `"b-c-d*"`.
      params.push(
        wordParts(token)
          .map((part) => `'${part}'`)
          .join(' <-> '),
      );
      exprs.push(`to_tsquery('english', ${param})`);
      headlineExprs.push(exprs[exprs.length - 1]!);
    } else {
      params.push(token);
      exprs.push(`plainto_tsquery('english', ${param})`);
      headlineExprs.push(exprs[exprs.length - 1]!);
    }
  }
  return { exprs, params, headlineExprs };
}

export function filterSql(query: ArticleQuery, params: unknown[]): string {
  const where: string[] = [];
  if (query.category) {
    params.push([query.category]);
    where.push(`a.categories @> $${params.length}::text[]`);
  }
  if (query.source) {
    params.push(query.source);
    where.push(`a.source = $${params.length}`);
  }
  if (query.difficulty) {
    params.push(query.difficulty);
    where.push(`a.difficulty = $${params.length}`);
  }
  return where.map((clause) => ` AND ${clause}`).join('');
}

/** The article_totals key of a list's filters (the same names as SQLite's counters, see postgres-schema.ts). */
export function totalKey(query: ArticleQuery): string {
  const kind = `${query.category ? 'c' : ''}${query.source ? 's' : ''}${query.difficulty ? 'd' : ''}`;
  return kind === '' ? '' : `${kind}:${[query.category, query.source, query.difficulty].filter(Boolean).join(':')}`;
}

/**
 * An article's values for its `articles` row, by column (json columns as values, not text): the store's own
 * write and the bench's bulk fill (scripts/bench/postgres-fill.ts) write the same row; the values are the SQLite
 * store's too (article-values.ts), only named and encoded for this schema.
 */
export function articleColumns(article: ArticleInput) {
  const stored = storedArticleValues(article);
  return {
    id: stored.id,
    url: stored.url,
    source: stored.source,
    title: stored.title,
    published_at: stored.publishedAt,
    summary: stored.summary,
    summary_translations: stored.summaryTranslations,
    paragraphs: stored.paragraphs,
    body: stored.paragraphs.join('\n'),
    word_count: stored.wordCount,
    reading_time_minutes: stored.readingTimeMinutes,
    difficulty: stored.difficulty,
    categories: [...article.categories],
    vocabulary: article.vocabulary ?? [],
    cultural_notes: article.culturalNotes ?? [],
    content_hash: stored.contentHash,
    machine_help: stored.machineHelp,
  };
}
