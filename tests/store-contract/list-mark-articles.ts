/**
 * Articles for the list-mark tests of both stores (postgres-list-marks.test.ts, sqlite-list-marks.test.ts): categories,
 * sources and difficulties that vary apart (every pair of filters has rows), and times with ties.
 */
import { article } from '../server/fixtures';

const CATEGORIES = ['technology', 'health', 'business'] as const;
const SOURCES = ['bbc', 'npr', 'reuters'] as const;

export function listArticle(index: number, publishedAt: string) {
  return article({
    id: `m-${String.fromCharCode(97 + (index % 26))}${index}`,
    source: SOURCES[Math.floor(index / 3) % SOURCES.length]!,
    title: `Story number ${index}`,
    publishedAt,
    summary: 'A story for the list.',
    paragraphs: ['Words of a story.'],
    difficulty: index % 2 === 0 ? 'beginner' : 'advanced',
    categories: [CATEGORIES[index % CATEGORIES.length]!],
  });
}

/** `count` articles, three at one moment in each group of five: a mark may fall among ties. */
export function tiedArticles(count: number) {
  return Array.from({ length: count }, (_, i) =>
    listArticle(i, `2026-11-${String(10 + Math.floor(i / 5)).padStart(2, '0')}T0${i % 5 < 3 ? 0 : i % 5}:00:00Z`),
  );
}
