// @vitest-environment node
/**
 * The rules the sample corpus (server/corpus/articles, format in server/corpus/README.md)
 * must keep, checked on the real files, plus an idempotent load into a real database.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CATEGORY_IDS, DIFFICULTY_LEVELS, FILTERABLE_CATEGORIES, SOURCE_IDS } from '../../common/catalog';
import { PROJECT_ROOT } from '../../server/config';
import { measureReadability } from '../../server/content/readability';
import { renderArticleHtml } from '../../server/content/render-article';
import { CORPUS_DATE, CORPUS_EARLIEST, loadCorpus, readCorpus } from '../../server/corpus/load-corpus';
import { openSqliteStore } from '../../server/store/sqlite/sqlite-store';
import { makeTempDir } from './fixtures';

const CORPUS_DIR = join(PROJECT_ROOT, 'server/corpus/articles');
const { articles, errors } = readCorpus(CORPUS_DIR);
const tmp = makeTempDir('nr-corpus-');
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function countBy<T extends string>(values: readonly T[], pick: (a: (typeof articles)[number]) => readonly string[]) {
  return Object.fromEntries(values.map((v) => [v, articles.filter((a) => pick(a).includes(v)).length]));
}

describe('sample corpus rules', () => {
  it('every file parses, and there are at least 30 articles', () => {
    expect(errors).toEqual([]);
    expect(articles.length).toBeGreaterThanOrEqual(30);
  });

  it('uses all four sources', () => {
    const counts = countBy(SOURCE_IDS, (a) => [a.source]);
    for (const source of SOURCE_IDS) expect(counts[source], source).toBeGreaterThan(0);
  });

  it('uses all seven category tags, each filterable one at least four times', () => {
    const counts = countBy(CATEGORY_IDS, (a) => a.categories);
    for (const category of CATEGORY_IDS) expect(counts[category], category).toBeGreaterThan(0);
    for (const category of FILTERABLE_CATEGORIES) expect(counts[category], category).toBeGreaterThanOrEqual(4);
  });

  it('has each difficulty at least eight times, each matching the readability grading', () => {
    const counts = countBy(DIFFICULTY_LEVELS, (a) => [a.difficulty]);
    for (const level of DIFFICULTY_LEVELS) expect(counts[level], level).toBeGreaterThanOrEqual(8);
    const mismatched = articles
      .map((a) => ({ id: a.id, label: a.difficulty, measured: measureReadability(a.paragraphs.join('\n\n')).level }))
      .filter((r) => r.label !== r.measured);
    expect(mismatched).toEqual([]);
  });

  it('keeps every article between 150 and 900 words', () => {
    const outside = articles.filter((a) => a.wordCount < 150 || a.wordCount > 900).map((a) => `${a.id}: ${a.wordCount}`);
    expect(outside).toEqual([]);
  });

  it('dates articles over the weeks before the corpus date', () => {
    const earliest = Date.parse(CORPUS_EARLIEST);
    const latest = Date.parse(CORPUS_DATE);
    const outside = articles.filter((a) => {
      const t = Date.parse(a.publishedAt);
      return t < earliest || t > latest;
    });
    expect(outside.map((a) => `${a.id}: ${a.publishedAt}`)).toEqual([]);
    const times = articles.map((a) => Date.parse(a.publishedAt));
    const spanDays = (Math.max(...times) - Math.min(...times)) / 86_400_000;
    expect(spanDays).toBeGreaterThanOrEqual(21);
  });

  it('gives every article a summary and zh/es learning content', () => {
    const problems: string[] = [];
    for (const a of articles) {
      const text = a.paragraphs.join(' ');
      if (!a.summary.trim()) problems.push(`${a.id}: no summary`);
      for (const language of ['zh', 'es'] as const) {
        if (!a.summaryTranslations[language]?.trim()) problems.push(`${a.id}: no ${language} summary`);
        const translated = a.vocabulary.filter((v) => v.translations[language]?.trim());
        if (translated.length < 6) problems.push(`${a.id}: ${translated.length} ${language} vocabulary items`);
        const notes = a.culturalNotes.filter((n) => n.translations[language]?.title?.trim() && n.translations[language]?.body?.trim());
        if (notes.length < 1) problems.push(`${a.id}: no ${language} cultural note`);
      }
      for (const v of a.vocabulary) {
        if (!text.includes(v.example.trim())) problems.push(`${a.id}: example for "${v.word}" is not a sentence of the article`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('loads into a real database, idempotently, and renders in every language', async () => {
    const store = openSqliteStore(join(tmp, 'corpus.db'));
    const first = await loadCorpus(store, CORPUS_DIR);
    expect(first).toMatchObject({ imported: articles.length, updated: 0, unchanged: 0, errors: [] });
    const second = await loadCorpus(store, CORPUS_DIR);
    expect(second).toMatchObject({ imported: 0, updated: 0, unchanged: articles.length });
    expect(store.count()).toBe(articles.length);
    for (const a of articles.slice(0, 5)) {
      const stored = store.byId(a.id)!;
      for (const language of ['zh', 'es', 'en'] as const) {
        const html = renderArticleHtml(stored, language);
        expect(html).toContain(a.vocabulary[0]!.word);
      }
    }
    store.close();
  });
});
