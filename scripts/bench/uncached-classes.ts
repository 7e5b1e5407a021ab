/**
 * The request classes of scripts/bench/uncached-scale.ts (issue 31): thousands of distinct paths per
 * class, so no path is sent twice, built deterministically from the synthetic articles' own words.
 */
import { FILTERABLE_CATEGORIES, DIFFICULTY_LEVELS, SOURCE_IDS } from '../../common/catalog';
import { random, syntheticArticle } from '../../tests/support/synthetic-articles';
import type { SearchQuery } from '../../server/store/types';

const PATHS_PER_CLASS = 60_000;

/** Deterministic shuffle, so two runs send the same requests in the same order. */
export function shuffled<T>(items: T[], seed: number): T[] {
  const next = random(seed);
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/** Words as readers would type them: from the titles and summaries the generator writes, each at least 3 letters. */
export function vocabulary(): string[] {
  const words = new Set<string>();
  for (let index = 0; index < 3000; index++) {
    const article = syntheticArticle(index * 31);
    for (const word of `${article.title} ${article.summary}`.toLowerCase().split(/[^a-z]+/)) if (word.length >= 3) words.add(word);
  }
  return [...words].sort();
}

export interface Class {
  readonly name: string;
  /** The floor's route that answers it: its body is the class's first answer. */
  readonly floor: 'search' | 'latest' | 'detail' | 'page';
  readonly paths: string[];
}

export function searchPath(q: string, extra: string, language: string): string {
  return `/api/articles/search?language=${language}&limit=20&q=${encodeURIComponent(q)}${extra}`;
}

/** The store's query for a search class's path (searchPath's inverse), for scripts that call a store directly. */
export function searchQueryOf(path: string): SearchQuery {
  const params = new URL(path, 'http://bench').searchParams;
  const category = params.get('category');
  return {
    q: params.get('q')!,
    limit: 20,
    offset: Number(params.get('offset') ?? 0),
    ...(category ? { category: category as SearchQuery['category'] } : {}),
  };
}

export function classes(articles: number, latestTotals: Map<string, number>): Class[] {
  const words = vocabulary();
  const languages = ['zh', 'es'];
  const oneWord = words.flatMap((w, i) => [0, 20, 40, 60, 80].map((offset) => searchPath(w, `&offset=${offset}`, languages[i % 2]!)));
  const twoWords: string[] = [];
  const prefixes = [...new Set(words.flatMap((w) => [3, 4, 5].filter((n) => w.length > n).map((n) => `${w.slice(0, n)}*`)))];
  const prefix = prefixes.flatMap((p, i) =>
    FILTERABLE_CATEGORIES.flatMap((category) => languages.map((language) => searchPath(p, `&category=${category}`, language))).slice(
      i % 2,
      i % 2 === 0 ? undefined : 9,
    ),
  );
  const next = random(31);
  // Two words of one article's title and summary, with one of its categories: a question that has answers.
  for (let index = 0; twoWords.length < PATHS_PER_CLASS && index < articles; index++) {
    const article = syntheticArticle((index * 7919) % articles);
    const own = [...new Set(`${article.title} ${article.summary}`.toLowerCase().split(/[^a-z]+/))].filter((w) => w.length >= 3);
    const a = own[Math.floor(next() * own.length)];
    const b = own[Math.floor(next() * own.length)];
    const category = article.categories.find((c) => (FILTERABLE_CATEGORIES as readonly string[]).includes(c));
    if (!a || !b || a === b || !category) continue;
    twoWords.push(searchPath(`${a} ${b}`, `&category=${category}`, languages[twoWords.length % 2]!));
  }
  // Deep offsets: anywhere in each filtered list (its total read first), newest to oldest.
  const latest: string[] = [];
  const filters = [...latestTotals.keys()];
  for (let i = 0; latest.length < PATHS_PER_CLASS && filters.length > 0; i++) {
    const filter = filters[i % filters.length]!;
    const total = latestTotals.get(filter)!;
    const offset = Math.floor(next() * Math.max(1, total - 20));
    latest.push(`/api/articles/latest?language=${languages[i % 2]}&limit=20${filter}&offset=${offset}`);
  }
  // Cursors at any depth: the position of any synthetic article (its date and id), with any filter.
  const cursors: string[] = [];
  for (let i = 0; cursors.length < PATHS_PER_CLASS && filters.length > 0; i++) {
    const index = Math.floor(next() * articles);
    const publishedAt = new Date(Date.UTC(2026, 10, 20) - index * 15 * 60 * 1000).toISOString();
    const cursor = Buffer.from(JSON.stringify([publishedAt, `synthetic-1-${index}`]), 'utf8').toString('base64url');
    cursors.push(`/api/articles/latest?language=${languages[i % 2]}&limit=20${filters[i % filters.length]}&cursor=${cursor}`);
  }
  const ids = shuffled(
    Array.from({ length: articles }, (_, i) => i),
    7,
  );
  const half = Math.floor(ids.length / 2);
  return [
    { name: 'search: one word, paged (offsets 0–80)', floor: 'search', paths: shuffled([...new Set(oneWord)], 1) },
    { name: 'search: two words with a category', floor: 'search', paths: shuffled([...new Set(twoWords)], 2) },
    { name: 'search: prefix with a category', floor: 'search', paths: shuffled([...new Set(prefix)], 3) },
    { name: 'latest: filtered, any offset', floor: 'latest', paths: shuffled([...new Set(latest)], 4) },
    { name: 'latest: filtered, after a cursor at any depth', floor: 'latest', paths: shuffled([...new Set(cursors)], 5) },
    {
      name: 'article JSON, first view',
      floor: 'detail',
      paths: ids.slice(0, half).map((i) => `/api/articles/synthetic-1-${i}?language=${languages[i % 2]}`),
    },
    {
      name: 'article page (server-rendered), first view',
      floor: 'page',
      paths: ids.slice(half).map((i) => `/${languages[i % 2]}/articles/synthetic-1-${i}`),
    },
  ];
}

/** Every filter combination of the lists, as a path's query string (`&category=…&source=…`; '' for none). */
export function listFilters(): string[] {
  const combos: string[] = [];
  for (const category of ['', ...FILTERABLE_CATEGORIES])
    for (const source of ['', ...SOURCE_IDS])
      for (const difficulty of ['', ...DIFFICULTY_LEVELS])
        combos.push(
          `${category ? `&category=${category}` : ''}${source ? `&source=${source}` : ''}${difficulty ? `&difficulty=${difficulty}` : ''}`,
        );
  return combos;
}

/** Every filter combination of the lists, with its total. */
export async function latestTotals(origin: string): Promise<Map<string, number>> {
  const totals = new Map<string, number>();
  for (const filter of listFilters()) {
    const answer = (await (await fetch(`${origin}/api/articles/latest?language=zh&limit=1${filter}`)).json()) as { total: number };
    if (answer.total > 0) totals.set(filter, answer.total);
  }
  return totals;
}
