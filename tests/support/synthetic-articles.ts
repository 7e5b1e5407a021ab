/**
 * Synthetic articles, written through the real store (openSqliteStore + upsertMany), for tests
 * and benchmarks at sizes the sample corpus cannot reach. From the command line:
 *
 *   tsx scripts/generate-synthetic-articles.ts --count 100000 --db data/bench-100k.sqlite [--seed 7]
 *
 * The text is deterministic for a given seed and drawn with a Zipf-like distribution (the word of
 * rank r is picked with weight 1/r, as in real English text) over about 5,000 words: a few
 * function words are in every article, a few hundred content words in many, most words in few.
 * That matters for search: a uniform draw from 200 words put every word in nearly every article,
 * which no real corpus does. Three search terms are planted at known rates (see SEARCH_TERMS)
 * so the benchmark can measure how search cost grows with the number of matches.
 */
import { createHash } from 'node:crypto';
import { CATEGORY_IDS, DIFFICULTY_LEVELS, SOURCE_IDS, type CategoryId } from '../../common/catalog';
import { readingTimeMinutes } from '../../common/reading-time';
import { openSqliteStore } from '../../server/store/sqlite/sqlite-store';
import type { ArticleInput } from '../../server/store/types';

/** Terms the generator plants, with the share of articles that contain each. */
export const SEARCH_TERMS = {
  /** In the title of one article in 2,000. */
  rare: { term: 'zeppelin', share: 1 / 2000 },
  /** In the summary of one article in 10. */
  common: { term: 'harbor', share: 1 / 10 },
  /** In the body of nearly every article. */
  veryCommon: { term: 'city', share: 1 },
} as const;

/** Ranked roughly by how common each is in news English: function words first. */
const FUNCTION_WORDS = 'the of and to a in for on with at from by more many some most every each other several few'.split(' ');

const CONTENT_WORDS = (
  'people council school market river bridge farmers teachers students doctors nurses hospital ' +
  'weather rain storm summer winter energy power solar wind water train station library museum ' +
  'park garden street road traffic workers company prices budget election vote mayor minister ' +
  'report study research science computer phone internet data program plan project festival ' +
  'music team coach players season match village town region country government law court ' +
  'police fire safety health food coffee bread rice fish milk children parents family neighbors ' +
  'visitors tourists airport flight ship port jobs wages rent houses homes building repairs ' +
  'opened closed announced said reported added explained planned expected started finished ' +
  'new old small large local national early late busy quiet public private free cheap useful ' +
  'more many some most every each other several few'
)
  .split(' ')
  .filter((word) => !FUNCTION_WORDS.includes(word));

/** Made-up but pronounceable words for the long tail (rare words), the same for every run. */
function tailWords(count: number): string[] {
  const onsets = ['b', 'br', 'c', 'd', 'f', 'g', 'gr', 'h', 'k', 'l', 'm', 'n', 'p', 'pl', 'r', 's', 'st', 't', 'tr', 'v', 'w'];
  const vowels = ['a', 'e', 'i', 'o', 'u', 'ai', 'ou'];
  const codas = ['', 'n', 'r', 'l', 'st', 'nd', 'm', 'ck', 'sh'];
  const first = onsets.flatMap((onset) => vowels.map((vowel) => onset + vowel));
  const second = onsets.flatMap((onset) => vowels.flatMap((vowel) => codas.map((coda) => onset + vowel + coda)));
  const words = new Set<string>();
  // Walks the pairs with a stride prime to their count, so consecutive ranks do not share a first syllable.
  for (let i = 0; words.size < count && i < first.length * second.length; i++) {
    const pair = (i * 7919) % (first.length * second.length);
    const word = first[pair % first.length]! + second[Math.floor(pair / first.length)]!;
    if (word !== 'city' && word !== 'harbor' && word !== 'zeppelin') words.add(word);
  }
  return [...words];
}

const WORDS = [...FUNCTION_WORDS, ...CONTENT_WORDS, ...tailWords(5000 - FUNCTION_WORDS.length - CONTENT_WORDS.length)];

/** Cumulative Zipf weights (s = 1) over WORDS, for a binary search per draw. */
const CUMULATIVE = (() => {
  let sum = 0;
  const sums = WORDS.map((_, rank) => (sum += 1 / (rank + 1)));
  return sums.map((value) => value / sum);
})();

function zipfWord(next: () => number): string {
  const target = next();
  let low = 0;
  let high = CUMULATIVE.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (CUMULATIVE[middle]! < target) low = middle + 1;
    else high = middle;
  }
  return WORDS[low]!;
}

const TITLE_WORDS = CONTENT_WORDS.filter((w) => w.length > 3);

/** Mulberry32: small, fast and good enough for repeatable filler text (and replayable fuzzing). */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pick<T>(next: () => number, items: readonly T[]): T {
  return items[Math.floor(next() * items.length)]!;
}

function sentence(next: () => number, words: number): string {
  const parts = Array.from({ length: words }, () => zipfWord(next));
  const text = parts.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1) + '.';
}

function capitalised(words: string[]): string {
  return words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');
}

function hits(index: number, share: number): boolean {
  return share >= 1 || index % Math.round(1 / share) === 0;
}

export function syntheticArticle(index: number, seed = 1): ArticleInput {
  const next = random(seed * 1_000_003 + index);
  const titleWords = Array.from({ length: 6 }, () => pick(next, TITLE_WORDS));
  if (hits(index, SEARCH_TERMS.rare.share)) titleWords.splice(2, 0, SEARCH_TERMS.rare.term);
  const title = capitalised(titleWords);
  let summary = sentence(next, 18) + ' ' + sentence(next, 12);
  if (hits(index + 3, SEARCH_TERMS.common.share))
    summary = `The ${SEARCH_TERMS.common.term} ${summary.charAt(0).toLowerCase()}${summary.slice(1)}`;
  const paragraphs = Array.from({ length: 4 }, (_, p) => {
    const sentences = Array.from({ length: 3 }, () => sentence(next, 10 + Math.floor(next() * 8)));
    if (p === 0) sentences.unshift(`The ${SEARCH_TERMS.veryCommon.term} ${zipfWord(next)} ${zipfWord(next)} today.`);
    return sentences.join(' ');
  });
  const wordCount = paragraphs.join(' ').split(/\s+/).filter(Boolean).length;
  const categories: CategoryId[] = [pick(next, CATEGORY_IDS)];
  if (next() < 0.3) {
    const second = pick(next, CATEGORY_IDS);
    if (second !== categories[0]) categories.push(second);
  }
  // Spread over about three years before the corpus date, newest first by index.
  const publishedAt = new Date(Date.UTC(2026, 10, 20) - index * 15 * 60 * 1000).toISOString();
  const id = `synthetic-${seed}-${index}`;
  const example = paragraphs[0]!.split('. ')[0] + '.';
  const base = {
    id,
    url: `https://newsreader.example/synthetic/${id}`,
    source: SOURCE_IDS[index % SOURCE_IDS.length]!,
    title,
    publishedAt,
    summary,
    summaryTranslations: { zh: `合成文章 ${index}`, es: `Artículo sintético ${index}` },
    paragraphs,
    wordCount,
    readingTimeMinutes: readingTimeMinutes(wordCount),
    difficulty: DIFFICULTY_LEVELS[index % DIFFICULTY_LEVELS.length]!,
    categories,
    vocabulary: Array.from({ length: 6 }, (_, v) => ({
      word: pick(next, TITLE_WORDS),
      partOfSpeech: v % 2 ? 'verb' : 'noun',
      definition: sentence(next, 8),
      example,
      translations: { zh: '词语', es: 'palabra' },
    })),
    culturalNotes: [
      {
        title: 'A note on local news',
        body: sentence(next, 20),
        translations: {
          zh: { title: '关于本地新闻', body: '合成说明。' },
          es: { title: 'Sobre noticias locales', body: 'Nota sintética.' },
        },
      },
    ],
  };
  const contentHash = createHash('sha1').update(JSON.stringify(base)).digest('hex');
  return { ...base, contentHash };
}

export function* syntheticArticles(count: number, seed = 1): Generator<ArticleInput> {
  for (let index = 0; index < count; index++) yield syntheticArticle(index, seed);
}

/**
 * Writes synthetic articles number `from` to `count - 1` in batches (one transaction each), so a
 * database can be grown from 10,000 to 100,000 without rewriting the first ones.
 * Returns how many articles the store holds afterwards.
 */
export function generateSyntheticArticles(
  databasePath: string,
  count: number,
  seed = 1,
  onProgress?: (written: number) => void,
  from = 0,
): number {
  const store = openSqliteStore(databasePath);
  try {
    const batchSize = 2000;
    for (let start = from; start < count; start += batchSize) {
      const end = Math.min(count, start + batchSize);
      const batch: ArticleInput[] = [];
      for (let index = start; index < end; index++) batch.push(syntheticArticle(index, seed));
      store.upsertMany(batch);
      onProgress?.(end);
    }
    store.compactSearch();
    return store.count();
  } finally {
    store.close();
  }
}
