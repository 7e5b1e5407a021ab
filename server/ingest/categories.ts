/**
 * Maps an article to our seven category tags, from the feed's own categories and a
 * keyword rule set (docs/content-pipeline.md). When neither speaks clearly the article
 * gets no tag: a missing tag costs less than a wrong one.
 */
import type { CategoryId } from '../../common/catalog';

/** Feed category labels (lowercased) that name one of our tags. */
const FEED_CATEGORY_PATTERNS: ReadonlyArray<readonly [RegExp, CategoryId]> = [
  [
    /\b(?:tech|technology|science ?(?:&|and) ?tech(?:nology)?|gadgets?|internet|cyber ?security|artificial intelligence|ai|computing|software)\b/,
    'technology',
  ],
  [/\b(?:politics?|political|elections?|government|congress|parliament|white house|policy|westminster|democracy)\b/, 'politics'],
  [/\b(?:business|economy|economics|markets?|finance|money|companies|industry|trade|jobs|retail)\b/, 'business'],
  [/\b(?:health|medicine|medical|wellness|well-being|nutrition|coronavirus|covid|public health|mental health)\b/, 'health'],
  [/\b(?:sports?|football|soccer|basketball|baseball|tennis|cricket|rugby|golf|olympics?|athletics|nfl|nba|mlb|formula 1|f1)\b/, 'sports'],
  [/\b(?:immigration|migration|migrants?|refugees?|asylum|border)\b/, 'immigration'],
  [/\b(?:education|schools?|universit(?:y|ies)|colleges?|students?|teachers?|learning)\b/, 'education'],
];

/**
 * Keywords per tag, as word stems matched at a word start. Each is chosen to point to
 * its tag on its own; words shared by many topics ("state", "record", "court") are left out.
 */
// Formatting off: a word list reads best packed, several words a line (Prettier would put one a line).
// prettier-ignore
export const CATEGORY_KEYWORDS: Readonly<Record<CategoryId, readonly string[]>> = {
  technology: [
    'software', 'computer', 'laptop', 'smartphone', 'internet', 'online', 'website', 'app', 'apps', 'digital',
    'artificial intelligence', 'algorithm', 'chip', 'semiconductor', 'cyber', 'hacker', 'data centre', 'data center',
    'broadband', 'wi-fi', 'wifi', 'robot', 'coding', 'programming', 'tech', 'startup', 'gadget', 'phone', 'screen',
  ],
  politics: [
    'election', 'by-election', 'vote', 'voter', 'ballot', 'candidate', 'campaign', 'parliament', 'congress', 'senate',
    'senator', 'lawmaker', 'legislat', 'minister', 'president', 'governor', 'mayor', 'council', 'councillor',
    'political', 'politician', 'party', 'democrat', 'republican', 'government', 'policy', 'policies', 'referendum', 'citizenship',
  ],
  business: [
    'company', 'companies', 'firm', 'market', 'economy', 'economic', 'profit', 'revenue', 'sales', 'investor',
    'investment', 'shares', 'stock', 'price', 'inflation', 'budget', 'trade', 'export', 'import', 'customer',
    'seller', 'business', 'industry', 'manufactur', 'wage', 'jobs', 'employer', 'bank', 'dollar', 'tax',
    'earn', 'income', 'cooperative', 'buyer', 'cost',
  ],
  health: [
    'health', 'hospital', 'doctor', 'nurse', 'patient', 'disease', 'virus', 'vaccin', 'medicine', 'medical',
    'clinic', 'flu', 'illness', 'symptom', 'treatment', 'drug', 'care home', 'mental health', 'exercise', 'diet',
    'nutrition', 'infection', 'pharmac', 'healthier', 'wellbeing', 'well-being',
  ],
  sports: [
    'football', 'soccer', 'basketball', 'baseball', 'tennis', 'cricket', 'rugby', 'golf', 'marathon', 'athlete',
    'tournament', 'league', 'championship', 'coach', 'stadium', 'olympic', 'goal', 'match', 'runner', 'race',
    'team', 'players', 'season', 'medal', 'fans', 'club',
  ],
  immigration: [
    'immigra', 'migrant', 'migration', 'visa', 'asylum', 'refugee', 'border', 'deport', 'citizenship', 'naturali',
    'green card', 'overseas workers', 'overseas staff', 'work permit', 'newcomer',
  ],
  education: [
    'school', 'student', 'pupil', 'teacher', 'classroom', 'university', 'college', 'education', 'exam', 'grades',
    'curriculum', 'tuition', 'homework', 'lesson', 'admission', 'degree', 'campus', 'literacy', 'library',
  ],
};

/** Weighted keyword hits a tag needs: title hits count three times, body hits once. */
export const KEYWORD_SCORE_NEEDED = 6;
/** ... from at least this many different keywords, so one repeated word cannot decide. */
export const DISTINCT_KEYWORDS_NEEDED = 3;
const TITLE_WEIGHT = 3;
const MAX_CATEGORIES = 3;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const KEYWORD_PATTERNS: ReadonlyArray<readonly [CategoryId, ReadonlyArray<readonly [string, RegExp]>]> = Object.entries(
  CATEGORY_KEYWORDS,
).map(([category, keywords]) => [category as CategoryId, keywords.map((k) => [k, new RegExp(`\\b${escapeRegExp(k)}`, 'gi')] as const)]);

export function categoriesFromFeed(feedCategories: readonly string[]): CategoryId[] {
  const found = new Set<CategoryId>();
  for (const label of feedCategories) {
    const text = label.toLowerCase();
    for (const [pattern, category] of FEED_CATEGORY_PATTERNS) if (pattern.test(text)) found.add(category);
  }
  return [...found];
}

export interface KeywordScore {
  readonly category: CategoryId;
  readonly score: number;
  readonly distinct: number;
}

export function keywordScores(title: string, body: string): KeywordScore[] {
  return KEYWORD_PATTERNS.map(([category, patterns]) => {
    let score = 0;
    let distinct = 0;
    for (const [, pattern] of patterns) {
      const hits = (title.match(pattern)?.length ?? 0) * TITLE_WEIGHT + (body.match(pattern)?.length ?? 0);
      if (hits > 0) distinct += 1;
      score += hits;
    }
    return { category, score, distinct };
  });
}

export function categoriesFromKeywords(title: string, body: string): CategoryId[] {
  return keywordScores(title, body)
    .filter((s) => s.score >= KEYWORD_SCORE_NEEDED && s.distinct >= DISTINCT_KEYWORDS_NEEDED)
    .sort((a, b) => b.score - a.score)
    .map((s) => s.category);
}

/** Feed categories first (the publisher knows its story), then keyword tags, at most three. */
export function categorise(input: { feedCategories: readonly string[]; title: string; body: string }): CategoryId[] {
  const tags = new Set<CategoryId>(categoriesFromFeed(input.feedCategories));
  for (const category of categoriesFromKeywords(input.title, input.body)) tags.add(category);
  return [...tags].slice(0, MAX_CATEGORIES);
}
