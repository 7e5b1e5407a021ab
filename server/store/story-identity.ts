/**
 * What makes two articles one story (docs/content-pipeline.md, "How a story is recognised"):
 * - its addresses, normalised so every spelling of one address is one key (`storyUrlKey`);
 * - its text: a hash of the words (`textHash`: the same words whatever the markup, spacing or case)
 *   and, for near-identical texts (an update that changes a sentence), the Jaccard similarity of the
 *   texts' word 4-shingles, at least SIMILAR_TEXT_THRESHOLD. Candidates for that comparison are found
 *   by MinHash locality-sensitive hashing (`textBands`): 16 bands of 2 MinHash values each, so two
 *   texts with similarity 0.5 share a band with probability 1 - (1 - 0.5²)^16 = 99 %, and two
 *   unrelated news texts (similarity ~0.01) almost never do; each candidate is then compared exactly.
 * Pure functions: both stores (their write paths and the merge command) and the importer use them.
 */
import { createHash } from 'node:crypto';

/**
 * Query parameters that only say where a reader came from (campaign and click tracking, feed and
 * referrer markers); they never change the article. Other parameters are kept (an article may be
 * `?id=123`), sorted.
 */
export const TRACKING_PARAMS =
  /^(?:utm_[a-z_]+|fbclid|gclid|dclid|gbraid|wbraid|msclkid|yclid|twclid|igshid|mc_cid|mc_eid|_hsenc|_hsmi|mkt_tok|cmpid|ocid|at_medium|at_campaign|at_custom\d*|ns_mchannel|ns_source|ns_campaign|ns_linkname|ns_fee|taid|ito|src|ref|ref_src|referrer|rss|feedtype|outputtype|smid|guccounter)$/i;

/**
 * One key for every spelling of an address: http and https folded (to https), host in lower case
 * without a leading "www.", the scheme's default port dropped (80, 443; any other port is another
 * server), no fragment, no tracking parameters, the other parameters sorted, no trailing slash,
 * percent-encoding as the WHATWG URL parser writes it. Undefined for what is not an http(s) address.
 */
export function storyUrlKey(address: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(address);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined;
  const port = parsed.port === '80' || parsed.port === '443' ? '' : parsed.port;
  const host = parsed.hostname.toLowerCase().replace(/^www\./, '');
  const params = [...parsed.searchParams.entries()].filter(([key]) => !TRACKING_PARAMS.test(key));
  params.sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
  const query = params.length ? `?${new URLSearchParams(params).toString()}` : '';
  const path = parsed.pathname.length > 1 ? parsed.pathname.replace(/\/+$/, '') || '/' : '/';
  return `https://${host}${port ? `:${port}` : ''}${path}${query}`;
}

/** Leading labels that name another rendering of the same site (mobile, AMP), not another site. */
const RENDERING_LABEL = /^(?:www|m|mobile|amp)\./;

function siteOf(host: string): string {
  return host.toLowerCase().replace(RENDERING_LABEL, '');
}

/**
 * Whether a page's canonical (or og:url) address may name the story: only on the page's own site,
 * i.e. the same host once a leading www., m., mobile. or amp. is set aside (an AMP or mobile page
 * points at the real one). Not the "registrable domain": telling bbc.co.uk from any other .co.uk
 * needs the Public Suffix List, and a page claiming another site's address would merge two
 * publishers' stories.
 */
export function isSameSite(pageUrl: string, claimed: string): boolean {
  try {
    const page = new URL(pageUrl);
    const other = new URL(claimed);
    if (other.protocol !== 'http:' && other.protocol !== 'https:') return false;
    return siteOf(page.hostname) === siteOf(other.hostname) && (page.port || '') === (other.port || '');
  } catch {
    return false;
  }
}

/**
 * Whether a page's canonical (or og:url) address names its story: on the page's own site (isSameSite)
 * and not the site's home page, which a misconfigured site names as every page's canonical (trusting it
 * would make every story of the site one).
 */
export function isStoryCanonical(pageUrl: string, claimed: string): boolean {
  if (!isSameSite(pageUrl, claimed)) return false;
  const { pathname, search } = new URL(claimed);
  return pathname.replace(/\/+$/, '') !== '' || search !== '';
}

/** The words of a text, lower case, without punctuation: what the text fingerprints are made of. */
export function storyWords(paragraphs: readonly string[]): string[] {
  return (
    paragraphs
      .join('\n')
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu) ?? []
  );
}

/** sha256 of the words: equal for texts that differ only in markup, spacing, case or punctuation. */
export function textHash(paragraphs: readonly string[]): string {
  return createHash('sha256').update(storyWords(paragraphs).join(' ')).digest('hex');
}

/** Words per shingle: long enough that unrelated texts share few, short enough that one change touches few. */
export const SHINGLE_WORDS = 4;
/**
 * Two texts are one story from this Jaccard similarity of their shingle sets. Replacing one
 * 20-word sentence of a 200-word article leaves ~0.79, of a 100-word one ~0.62; different stories
 * of one outlet on one subject measure under 0.1 (tests/unit/story-identity.test.ts).
 */
export const SIMILAR_TEXT_THRESHOLD = 0.5;
export const BANDS = 16;
export const ROWS_PER_BAND = 2;

/** 32-bit FNV-1a of a string: the shingle's number, stable across processes and versions. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** MurmurHash3's finaliser: mixes every input bit into every output bit. */
function mix(value: number): number {
  let h = value;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** One seed per MinHash function, fixed forever: stored bands must stay comparable with new ones. */
const SEEDS = Array.from({ length: BANDS * ROWS_PER_BAND }, (_, i) => mix(0x9e3779b9 + i * 0x632be5ab));

/** The shingles of a word list, as numbers: each word hashed once, each run of SHINGLE_WORDS combined. */
function shinglesOfWords(words: readonly string[]): Set<number> {
  const set = new Set<number>();
  if (words.length === 0) return set;
  const hashes = words.map(fnv1a);
  const last = Math.max(1, words.length - SHINGLE_WORDS + 1);
  for (let i = 0; i < last; i += 1) {
    let h = hashes[i]!;
    // A text shorter than a shingle is one shingle of all its words.
    for (let j = 1; j < SHINGLE_WORDS && i + j < hashes.length; j += 1) h = mix((h ^ hashes[i + j]!) + j);
    set.add(h >>> 0);
  }
  return set;
}

/** The text's word shingles, as numbers. */
export function shingles(paragraphs: readonly string[]): Set<number> {
  return shinglesOfWords(storyWords(paragraphs));
}

/** Jaccard similarity of two texts' shingle sets: shared shingles over all shingles. */
export function textSimilarity(a: readonly string[] | Set<number>, b: readonly string[] | Set<number>): number {
  const left = a instanceof Set ? a : shingles(a);
  const right = b instanceof Set ? b : shingles(b);
  if (left.size === 0 && right.size === 0) return 1;
  let shared = 0;
  for (const value of left) if (right.has(value)) shared += 1;
  return shared / (left.size + right.size - shared);
}

/**
 * The MinHash band keys of a text: BANDS strings, each the band's number and its ROWS_PER_BAND
 * minimum hash values. Texts sharing a key are candidates for the exact comparison.
 */
export function textBands(paragraphs: readonly string[] | Set<number>): string[] {
  const set = paragraphs instanceof Set ? paragraphs : shingles(paragraphs);
  if (set.size === 0) return [];
  const minima = SEEDS.map(() => 0xffffffff);
  for (const shingle of set) {
    for (let i = 0; i < SEEDS.length; i += 1) {
      const value = mix(shingle ^ SEEDS[i]!);
      if (value < minima[i]!) minima[i] = value;
    }
  }
  return Array.from({ length: BANDS }, (_, band) => {
    const rows = minima.slice(band * ROWS_PER_BAND, (band + 1) * ROWS_PER_BAND);
    return `${band.toString(16)}:${rows.map((v) => v.toString(16).padStart(8, '0')).join('')}`;
  });
}

/** What the store keeps of an article's text to recognise it again. */
export interface TextFingerprint {
  readonly textHash: string;
  readonly bands: readonly string[];
}

export function textFingerprint(paragraphs: readonly string[]): TextFingerprint {
  const words = storyWords(paragraphs);
  return { textHash: createHash('sha256').update(words.join(' ')).digest('hex'), bands: textBands(shinglesOfWords(words)) };
}

/** The signals an importer knows of a story beyond its text: its addresses, as storyUrlKey keys. */
export interface StoryIdentity {
  readonly urlKeys: readonly string[];
}

/** How a stored story was recognised (reported by the importer and the merge command). */
export type StoryMatch = 'id' | 'address' | 'same text' | 'similar text';

export interface StoryWriteResult {
  readonly outcome: 'imported' | 'updated' | 'unchanged';
  /** The id the story is stored under: the stored article's when it was recognised. */
  readonly id: string;
  readonly matchedBy?: StoryMatch;
}

/** The addresses of a stored article that identify it, from its stored url. */
export function urlKeysOf(url: string, more: readonly string[] = []): string[] {
  const keys = [storyUrlKey(url), ...more].filter((key): key is string => Boolean(key));
  return [...new Set(keys)];
}

/** A stored article that may be the same story, with what it shares with the incoming one. */
export interface StoryCandidate {
  readonly seq: number;
  readonly id: string;
  /** The same article id (the same link, as ids are derived from it). */
  readonly byId: boolean;
  /** One of its recorded addresses is one of the incoming story's. */
  readonly byAddress: boolean;
  /** It has (or once had) exactly this text. */
  readonly bySameText: boolean;
  /** Its current text, for the exact similarity check (candidates that share a MinHash band). */
  readonly paragraphs: readonly string[];
}

export interface ChosenStory {
  readonly seq: number;
  readonly id: string;
  readonly matchedBy: StoryMatch;
  /** It has had exactly the incoming text (now or in an earlier version). */
  readonly sameText: boolean;
  /** Its current text is exactly the incoming one. */
  readonly currentText: boolean;
}

/**
 * Which stored article the incoming text is, if any, by the signals in order of certainty: the same
 * id, then a shared address, then the same text, then the most similar text at or above the threshold.
 * Among equals the oldest article wins, so a story keeps its first id.
 */
export function chooseStory(candidates: readonly StoryCandidate[], paragraphs: readonly string[]): ChosenStory | undefined {
  const oldestFirst = [...candidates].sort((a, b) => a.seq - b.seq);
  const incomingHash = textHash(paragraphs);
  const pick = (candidate: StoryCandidate | undefined, matchedBy: StoryMatch): ChosenStory | undefined =>
    candidate && {
      seq: candidate.seq,
      id: candidate.id,
      matchedBy,
      sameText: candidate.bySameText,
      currentText: textHash(candidate.paragraphs) === incomingHash,
    };
  const found =
    pick(
      oldestFirst.find((c) => c.byId),
      'id',
    ) ??
    pick(
      oldestFirst.find((c) => c.byAddress),
      'address',
    ) ??
    pick(
      oldestFirst.find((c) => c.bySameText),
      'same text',
    );
  if (found) return found;
  const incoming = shingles(paragraphs);
  let best: { candidate: StoryCandidate; similarity: number } | undefined;
  for (const candidate of oldestFirst) {
    const similarity = textSimilarity(incoming, shingles(candidate.paragraphs));
    if (similarity >= SIMILAR_TEXT_THRESHOLD && (!best || similarity > best.similarity)) best = { candidate, similarity };
  }
  return pick(best?.candidate, 'similar text');
}

/**
 * What writing an incoming story means, once chooseStory has found (or not) the stored article it is:
 * - nothing found: a new article;
 * - an earlier text of the story (not its current one): an older version seen again (a stale feed), unchanged;
 * - the same id (the same link): written as before, so any change (a corrected title too) is an update;
 * - another signal and the story's current text: unchanged (the story seen through another link);
 * - another signal and a text the story never had: an update of the stored article, under its id.
 */
export type StoryDecision = 'new' | 'older version' | 'same item' | 'seen again' | 'new text';

export function decideStoryWrite(found: ChosenStory | undefined, incomingId: string): StoryDecision {
  if (!found) return 'new';
  if (found.sameText && !found.currentText) return 'older version';
  if (found.id === incomingId) return 'same item';
  return found.currentText ? 'seen again' : 'new text';
}

/** At most this many stored articles sharing a MinHash band are compared exactly (the most bands shared first). */
export const MAX_SIMILAR_CANDIDATES = 50;
