/**
 * Reads the sample articles (format: server/corpus/README.md) and writes them into the
 * store. Runs on every start: an unchanged file hashes the same and writes nothing, so
 * re-loading is idempotent. A malformed file is reported and skipped, never fatal.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { CATEGORY_IDS, DIFFICULTY_LEVELS, SOURCE_IDS, isCategoryId, isDifficultyLevel, isSourceId } from '../../common/catalog';
import { readingTimeMinutes } from '../../common/reading-time';
import { words } from '../content/readability';
import { withReadingHelp, type GlossDictionary } from '../content/vocabulary-help';
import { contentHashOf, rehashed } from '../store/content-hash';
import type { ArticleStore, SettledOrLater, UpsertCounts } from '../store/article-store';
import type { ArticleInput, CulturalNote, TranslatedLanguage, VocabularyItem } from '../store/types';

/** The fixed date the sample articles are written relative to. */
export const CORPUS_DATE = '2026-11-20T23:59:59Z';
export const CORPUS_EARLIEST = '2026-10-01T00:00:00Z';
export const SAMPLE_URL_BASE = 'https://newsreader.example/samples/';

export class CorpusFormatError extends Error {}

type Json = unknown;

function isRecord(value: Json): value is Record<string, Json> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

class FieldReader {
  constructor(private readonly file: string) {}

  fail(field: string, problem: string): never {
    throw new CorpusFormatError(`${this.file}: ${field} ${problem}`);
  }

  string(record: Record<string, Json>, key: string, path: string, options: { optional?: boolean } = {}): string {
    const value = record[key];
    if (value === undefined && options.optional) return '';
    if (typeof value !== 'string') this.fail(`${path}${key}`, 'must be a string');
    if (!options.optional && !value.trim()) this.fail(`${path}${key}`, 'must not be empty');
    return value;
  }

  array(record: Record<string, Json>, key: string, path: string): Json[] {
    const value = record[key];
    if (!Array.isArray(value)) this.fail(`${path}${key}`, 'must be an array');
    return value;
  }

  record(value: Json, path: string): Record<string, Json> {
    if (!isRecord(value)) this.fail(path, 'must be an object');
    return value;
  }

  translations(record: Record<string, Json>, key: string, path: string): Partial<Record<TranslatedLanguage, string>> {
    const value = record[key];
    if (value === undefined) return {};
    const map = this.record(value, `${path}${key}`);
    const out: Partial<Record<TranslatedLanguage, string>> = {};
    for (const language of ['zh', 'es'] as const) {
      if (map[language] === undefined) continue;
      out[language] = this.string(map, language, `${path}${key}.`, { optional: true });
    }
    return out;
  }
}

/** Parses one corpus file's JSON into an ArticleInput, or throws CorpusFormatError naming the field. */
export function parseCorpusArticle(data: Json, file: string): ArticleInput {
  const read: FieldReader = new FieldReader(file);
  const root = read.record(data, 'the file');
  const id = read.string(root, 'id', '');
  if (!/^[a-z0-9][a-z0-9-]*$/.test(id)) read.fail('id', 'must be lowercase letters, digits and hyphens');
  const sourceText = read.string(root, 'source', '');
  const source = isSourceId(sourceText) ? sourceText : read.fail('source', `must be one of ${SOURCE_IDS.join(', ')}`);
  const difficultyText = read.string(root, 'difficulty', '');
  const difficulty = isDifficultyLevel(difficultyText)
    ? difficultyText
    : read.fail('difficulty', `must be one of ${DIFFICULTY_LEVELS.join(', ')}`);
  const publishedAt = read.string(root, 'publishedAt', '');
  if (Number.isNaN(Date.parse(publishedAt))) read.fail('publishedAt', 'must be an ISO 8601 date-time');
  const categories = read
    .array(root, 'categories', '')
    .map((c, i) => (isCategoryId(c) ? c : read.fail(`categories[${i}]`, `must be one of ${CATEGORY_IDS.join(', ')}`)));
  if (categories.length === 0) read.fail('categories', 'must name at least one category');
  const paragraphs = read
    .array(root, 'paragraphs', '')
    .map((p, i) => (typeof p === 'string' && p.trim() ? p.trim() : read.fail(`paragraphs[${i}]`, 'must be a non-empty string')));
  if (paragraphs.length === 0) read.fail('paragraphs', 'must not be empty');
  const vocabulary = read.array(root, 'vocabulary', '').map((value, i): VocabularyItem => {
    const path = `vocabulary[${i}].`;
    const item = read.record(value, path.slice(0, -1));
    return {
      word: read.string(item, 'word', path),
      partOfSpeech: read.string(item, 'partOfSpeech', path),
      definition: read.string(item, 'definition', path),
      example: read.string(item, 'example', path),
      translations: read.translations(item, 'translations', path),
    };
  });
  const culturalNotes = read.array(root, 'culturalNotes', '').map((value, i): CulturalNote => {
    const path = `culturalNotes[${i}].`;
    const note = read.record(value, path.slice(0, -1));
    const translations: CulturalNote['translations'] = {};
    if (note.translations !== undefined) {
      const map = read.record(note.translations, `${path}translations`);
      for (const language of ['zh', 'es'] as const) {
        if (map[language] === undefined) continue;
        const t = read.record(map[language], `${path}translations.${language}`);
        translations[language] = {
          title: read.string(t, 'title', `${path}translations.${language}.`, { optional: true }),
          body: read.string(t, 'body', `${path}translations.${language}.`, { optional: true }),
        };
      }
    }
    return { title: read.string(note, 'title', path), body: read.string(note, 'body', path), translations };
  });
  const wordCount = words(paragraphs.join('\n\n')).length;
  const article: Omit<ArticleInput, 'contentHash'> = {
    id,
    url: `${SAMPLE_URL_BASE}${id}`,
    source,
    title: read.string(root, 'title', '').trim(),
    publishedAt: new Date(publishedAt).toISOString(),
    summary: read.string(root, 'summary', '').trim(),
    summaryTranslations: read.translations(root, 'summaryTranslations', ''),
    paragraphs,
    wordCount,
    readingTimeMinutes: readingTimeMinutes(wordCount),
    difficulty,
    categories,
    vocabulary,
    culturalNotes,
  };
  return { ...article, contentHash: contentHashOf(article) };
}

export interface CorpusReadResult {
  readonly articles: ArticleInput[];
  readonly errors: { file: string; message: string }[];
}

export function readCorpus(dir: string): CorpusReadResult {
  const articles: ArticleInput[] = [];
  const errors: { file: string; message: string }[] = [];
  if (!existsSync(dir)) return { articles, errors };
  const seen = new Set<string>();
  for (const name of readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const file = join(dir, name);
    try {
      const article = parseCorpusArticle(JSON.parse(readFileSync(file, 'utf8')) as Json, name);
      if (article.id !== basename(name, '.json')) {
        throw new CorpusFormatError(`${name}: id "${article.id}" must match the file name`);
      }
      if (seen.has(article.id)) throw new CorpusFormatError(`${name}: duplicate id ${article.id}`);
      seen.add(article.id);
      articles.push(article);
    } catch (error) {
      errors.push({ file: name, message: error instanceof Error ? error.message : String(error) });
    }
  }
  return { articles, errors };
}

export interface CorpusLoadResult extends UpsertCounts {
  readonly errors: { file: string; message: string }[];
}

/** With the dictionary, the samples get the same help as imported articles (their own glosses kept). */
export async function loadCorpus(
  store: SettledOrLater<Pick<ArticleStore, 'upsertMany'>>,
  dir: string,
  dictionary?: GlossDictionary,
): Promise<CorpusLoadResult> {
  const { articles, errors } = readCorpus(dir);
  const helped = dictionary ? articles.map((article) => rehashed(withReadingHelp(article, dictionary))) : articles;
  return { ...(await store.upsertMany(helped)), errors };
}
