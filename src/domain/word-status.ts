/**
 * The learner's status for every word met, per lemma ("went" and "go" share one), kept in this
 * browser beside the saved words (docs/learner-model.md). A stored StatusRecord is what the
 * learner (or the placement, or "I know the rest") set; a saved word without one is `learning`,
 * or `known` once its review interval passed KNOWN_BY_REVIEW_DAYS; every other word is `new`.
 */
import type { SavedWord } from './saved-words';
import { statusKey } from '../../common/status-key';

export const WORD_STATUSES = ['new', 'learning', 'known', 'ignored'] as const;
export type WordStatus = (typeof WORD_STATUSES)[number];

/**
 * Who set a status: the learner by hand (never overwritten by the placement or "I know the
 * rest"), "I know the rest" at the end of an article, or the placement.
 */
export const STATUS_SOURCES = ['hand', 'rest', 'placement'] as const;
export type StatusSource = (typeof STATUS_SOURCES)[number];

export interface StatusRecord {
  /** The lemma in lower case, or the lower-cased form of a word the dictionary does not know. */
  readonly id: string;
  readonly status: WordStatus;
  readonly source: StatusSource;
  /** ISO 8601 date-time when it was set. */
  readonly setAt: string;
  /** The step that set it ("I know the rest", a placement), so Undo takes back exactly that step. */
  readonly batch?: string;
}

/**
 * A saved word counts as known once FSRS schedules it more than 21 days ahead: the interval
 * at which Anki calls a card "mature", and past which a learner has recalled it several times
 * over growing gaps. Before that it is `learning`.
 */
export const KNOWN_BY_REVIEW_DAYS = 21;

export function knownByReview(word: SavedWord): boolean {
  return word.card.scheduledDays > KNOWN_BY_REVIEW_DAYS;
}

/** The key of a word: its lemma (or form) in lower case, curly apostrophes straightened (shared with the server). */
export { statusKey };

/** Every status the learner has, by key: stored records first, then saved words without one. */
export type StatusMap = ReadonlyMap<string, WordStatus>;

export function statusMap(records: readonly StatusRecord[], saved: readonly SavedWord[]): Map<string, WordStatus> {
  const map = new Map<string, WordStatus>();
  const savedAt = new Map<string, string>();
  for (const word of saved) {
    map.set(statusKey(word.id), knownByReview(word) ? 'known' : 'learning');
    savedAt.set(statusKey(word.id), word.savedAt);
  }
  // The later of the two wins: a word saved after it was marked known is learning again.
  for (const record of records) {
    const saved = savedAt.get(record.id);
    if (saved === undefined || Date.parse(record.setAt) >= Date.parse(saved)) map.set(record.id, record.status);
  }
  return map;
}

/** A record the learner sets by hand from the word entry. */
export function handRecord(lemma: string, status: WordStatus, now: Date): StatusRecord {
  return { id: statusKey(lemma), status, source: 'hand', setAt: now.toISOString() };
}

/** The records as this tab will see them: stored ones with the pending writes applied. */
export function withRecords(
  records: readonly StatusRecord[],
  put: readonly StatusRecord[],
  removedBatches: readonly string[] = [],
): StatusRecord[] {
  const byId = new Map(
    records.filter((record) => record.batch === undefined || !removedBatches.includes(record.batch)).map((record) => [record.id, record]),
  );
  for (const record of put) byId.set(record.id, record);
  return [...byId.values()];
}

export function statusOf(map: StatusMap, lemma: string): WordStatus {
  // Most lemmas (the server's, lower case) are already keys: look them up before normalising.
  const direct = map.get(lemma);
  if (direct !== undefined) return direct;
  // trim and toLowerCase hand a string with nothing to change back as it is, with no copy made; no
  // regular expression either (issue 26: a cold page's cards look up about 2,000 words, and a pattern
  // compiled at its first use was part of it).
  const key = statusKey(lemma);
  return key === lemma ? 'new' : (map.get(key) ?? 'new');
}

/** Whether the learner has anything the coverage could use: any word marked or saved. */
export function hasStatuses(map: StatusMap): boolean {
  for (const status of map.values()) if (status !== 'new') return true;
  return false;
}

/**
 * The records "I know the rest" writes: every lemma of the article still new becomes known.
 * A lemma with a status (even a hand-set `new`) or a saved word is left as it is.
 */
export function restAsKnown(
  lemmas: readonly string[],
  records: readonly StatusRecord[],
  saved: readonly SavedWord[],
  batch: string,
  now: Date,
): StatusRecord[] {
  const taken = new Set([...records.map((record) => record.id), ...saved.map((word) => statusKey(word.id))]);
  const setAt = now.toISOString();
  const fresh = new Set<string>();
  for (const lemma of lemmas) {
    const id = statusKey(lemma);
    if (!taken.has(id)) fresh.add(id);
  }
  return [...fresh].map((id) => ({ id, status: 'known', source: 'rest', setAt, batch }));
}

/**
 * The records a placement writes: the given lemmas (the most frequent first) as known, except
 * any the learner set by hand or saved. A placement's earlier records may be replaced.
 */
export function placementAsKnown(
  lemmas: readonly string[],
  records: readonly StatusRecord[],
  saved: readonly SavedWord[],
  batch: string,
  now: Date,
): StatusRecord[] {
  const byId = new Map(records.map((record) => [record.id, record]));
  const savedIds = new Set(saved.map((word) => statusKey(word.id)));
  const setAt = now.toISOString();
  const out = new Map<string, StatusRecord>();
  for (const lemma of lemmas) {
    const id = statusKey(lemma);
    const existing = byId.get(id);
    if (savedIds.has(id) || (existing !== undefined && existing.source !== 'placement')) continue;
    out.set(id, { id, status: 'known', source: 'placement', setAt, batch });
  }
  return [...out.values()];
}
