/**
 * How much of real text the dictionary glosses: the share of word tokens and of vocabulary words
 * that get a Chinese and a Spanish gloss. Usage: tsx scripts/dictionary/gloss-coverage.ts [files…]
 * (plain text or corpus JSON; default: server/corpus/articles/*.json).
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { openDictionary } from '../../server/dictionary/open-dictionary';
import type { Dictionary } from '../../server/dictionary/dictionary-types';

interface Texts {
  tokens: string[];
  vocabulary: string[];
}

const TOKEN = /\p{L}+(?:['’-]\p{L}+)*/gu;

function readTexts(files: readonly string[]): Texts {
  const texts: Texts = { tokens: [], vocabulary: [] };
  for (const file of files) {
    const raw = readFileSync(file, 'utf8');
    if (!file.endsWith('.json')) {
      texts.tokens.push(...(raw.match(TOKEN) ?? []));
      continue;
    }
    const article = JSON.parse(raw) as { paragraphs?: string[]; vocabulary?: Array<{ word: string }> };
    for (const paragraph of article.paragraphs ?? []) texts.tokens.push(...(paragraph.match(TOKEN) ?? []));
    for (const item of article.vocabulary ?? []) texts.vocabulary.push(item.word);
  }
  return texts;
}

function share(dictionary: Dictionary, words: readonly string[], language: 'zh' | 'es'): { share: string; misses: Map<string, number> } {
  let hits = 0;
  const misses = new Map<string, number>();
  for (const word of words) {
    const result = dictionary.lookUp(word, language);
    if (result?.entries.some((e) => e.gloss !== undefined)) hits += 1;
    else misses.set(word.toLowerCase(), (misses.get(word.toLowerCase()) ?? 0) + 1);
  }
  return { share: words.length ? `${((100 * hits) / words.length).toFixed(1)}%` : 'n/a', misses };
}

function topMisses(misses: Map<string, number>): string {
  return [...misses.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 25)
    .map(([w, n]) => (n > 1 ? `${w}×${n}` : w))
    .join(', ');
}

const root = resolve(import.meta.dirname, '..', '..');
const args = process.argv.slice(2);
const corpus = join(root, 'server', 'corpus', 'articles');
const files =
  args.length > 0
    ? args.map((a) => resolve(a))
    : readdirSync(corpus)
        .filter((f) => f.endsWith('.json'))
        .map((f) => join(corpus, f));
const texts = readTexts(files);
const dir = mkdtempSync(join(tmpdir(), 'dictionary-coverage-'));
const { dictionary } = openDictionary({ path: join(dir, 'dictionary.db') });
try {
  console.log(`${files.length} files, ${texts.tokens.length} word tokens, ${texts.vocabulary.length} vocabulary words`);
  for (const language of ['zh', 'es'] as const) {
    const tokens = share(dictionary, texts.tokens, language);
    const vocabulary = share(dictionary, texts.vocabulary, language);
    console.log(`${language}: tokens ${tokens.share}, vocabulary ${vocabulary.share}`);
    console.log(`  most frequent token misses: ${topMisses(tokens.misses)}`);
    if (vocabulary.misses.size > 0) console.log(`  vocabulary misses: ${topMisses(vocabulary.misses)}`);
  }
} finally {
  dictionary.close();
  rmSync(dir, { recursive: true, force: true });
}
