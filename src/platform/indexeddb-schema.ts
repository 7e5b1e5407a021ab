/** The word database's schema and its migrations, and the reads that load a database whose records may not all be readable. */
import { type IDBPDatabase, type IDBPTransaction, type DBSchema } from 'idb';
import { decodeSavedWord } from '../domain/saved-word-codec';
import type { SavedWord } from '../domain/saved-words';
import { decodeStatusRecord } from '../domain/word-status-codec';
import { decodeGoal } from '../domain/progress';
import type { StatusRecord } from '../domain/word-status';
import { decodeRankStatuses } from '../domain/rank-statuses';
import { WordStoreError, type FinishedArticle, type LearnerContents, type WordStoreContents } from './word-store';

export interface SetAsideRecord {
  readonly record: unknown;
  readonly reason: string;
  readonly at: string;
}

export interface NewsreaderSchema extends DBSchema {
  // Values are `unknown` on purpose: what is on disk is decoded, never trusted.
  words: { key: string; value: unknown; indexes: { due: string } };
  setAside: { key: number; value: SetAsideRecord };
  // Version 2.
  statuses: { key: string; value: unknown; indexes: { setAt: string; batch: string } };
  finished: { key: string; value: FinishedArticle };
  settings: { key: string; value: { key: string; value: unknown } };
  // Version 3: what is worked out from words and statuses, never backed up (REVISION_KEY, RANK_STATUSES_KEY).
  derived: { key: string; value: { key: string; value: unknown } };
}

export type StoreName = 'words' | 'setAside' | 'statuses' | 'finished' | 'settings' | 'derived';
export type UpgradeTransaction = IDBPTransaction<NewsreaderSchema, StoreName[], 'versionchange'>;

/**
 * One step per version, run in order from the version on disk to DATABASE_VERSION inside the
 * upgrade transaction. A v2 adds `2: (db, tx) => { ... }` here (a new index, or records rewritten
 * through a cursor on tx.objectStore('words')) and raises DATABASE_VERSION; steps are never edited
 * once released, since a browser may run any of them later.
 */
export const MIGRATIONS: Readonly<Record<number, (db: IDBPDatabase<NewsreaderSchema>, tx: UpgradeTransaction) => void>> = {
  1: (db) => {
    const words = db.createObjectStore('words', { keyPath: 'id' });
    words.createIndex('due', 'card.due');
    db.createObjectStore('setAside', { autoIncrement: true });
  },
  // Word statuses and finished articles: new stores only, so every saved word and its card stay as they are.
  2: (db) => {
    const statuses = db.createObjectStore('statuses', { keyPath: 'id' });
    statuses.createIndex('setAt', 'setAt');
    statuses.createIndex('batch', 'batch');
    db.createObjectStore('finished', { keyPath: 'articleId' });
    db.createObjectStore('settings', { keyPath: 'key' });
  },
  // Derived records (the statuses by rank): a new store only; words, cards and statuses stay as they are.
  3: (db) => {
    db.createObjectStore('derived', { keyPath: 'key' });
  },
};

/** A count raised in the same transaction as every write to words or statuses: what derived records were made from. */
export const REVISION_KEY = 'revision';
/** The learner's statuses by rank in the cards' frequency list, with the revision they were made from. */
export const RANK_STATUSES_KEY = 'rankStatuses';

/** Any transaction that includes 'derived' (idb types each scope apart). */
interface DerivedTransaction {
  objectStore(name: 'derived'): { get(key: string): Promise<{ key: string; value: unknown } | undefined> };
}

export async function revisionIn(tx: DerivedTransaction): Promise<number> {
  const value = (await tx.objectStore('derived').get(REVISION_KEY))?.value;
  return typeof value === 'number' && Number.isSafeInteger(value) ? value : 0;
}

/** Called inside a readwrite transaction that includes 'derived', beside a write to words or statuses. */
export async function raiseRevision(tx: IDBPTransaction<NewsreaderSchema, StoreName[], 'readwrite'>): Promise<void> {
  await tx.objectStore('derived').put({ key: REVISION_KEY, value: (await revisionIn(tx)) + 1 });
}

export function errorName(error: unknown): string {
  return typeof error === 'object' && error !== null && 'name' in error ? String((error as { name: unknown }).name) : '';
}

export function storeError(error: unknown, action: string): WordStoreError {
  if (error instanceof WordStoreError) return error;
  const name = errorName(error);
  if (name === 'VersionError')
    return new WordStoreError('newerVersion', 'The saved words were written by a newer version of the site', { cause: error });
  if (name === 'QuotaExceededError') return new WordStoreError('quotaFull', `The browser's storage is full (${action})`, { cause: error });
  return new WordStoreError('failed', `Could not ${action} the saved words`, { cause: error });
}

export function readable(key: IDBValidKey, value: unknown): { word: SavedWord } | { reason: string } {
  const decoded = decodeSavedWord(value);
  return 'word' in decoded && decoded.word.id !== key ? { reason: 'Key and id differ' } : decoded;
}

export async function loadMovingAside(db: IDBPDatabase<NewsreaderSchema>, now: () => Date): Promise<WordStoreContents> {
  const tx = db.transaction(['words', 'setAside'], 'readwrite');
  // A failed write aborts the transaction; its rejection is the error thrown below, not an unhandled one.
  tx.done.catch(() => {});
  const words: SavedWord[] = [];
  for (let cursor = await tx.objectStore('words').openCursor(); cursor !== null; cursor = await cursor.continue()) {
    const decoded = readable(cursor.key, cursor.value);
    if ('word' in decoded) words.push(decoded.word);
    else {
      await tx.objectStore('setAside').add({ record: cursor.value, reason: decoded.reason, at: now().toISOString() });
      await cursor.delete();
    }
  }
  const setAside = await tx.objectStore('setAside').count();
  await tx.done;
  return { words, setAside };
}

/** Reads without writing: unreadable records stay in `words` and are counted with those already aside. */
export async function loadSkipping(db: IDBPDatabase<NewsreaderSchema>): Promise<WordStoreContents> {
  const tx = db.transaction(['words', 'setAside'], 'readonly');
  const words: SavedWord[] = [];
  let skipped = 0;
  for (let cursor = await tx.objectStore('words').openCursor(); cursor !== null; cursor = await cursor.continue()) {
    const decoded = readable(cursor.key, cursor.value);
    if ('word' in decoded) words.push(decoded.word);
    else skipped += 1;
  }
  const setAside = (await tx.objectStore('setAside').count()) + skipped;
  await tx.done;
  return { words, setAside };
}

/** Whether the statuses by rank kept are for the current revision (loadLearnerContents hands them on only then). */
export async function rankStatusesCurrent(db: IDBPDatabase<NewsreaderSchema>): Promise<boolean> {
  const tx = db.transaction('derived', 'readonly');
  const revision = await revisionIn(tx);
  const stored = (await tx.store.get(RANK_STATUSES_KEY))?.value as { revision?: unknown } | undefined;
  await tx.done;
  return stored?.revision === revision;
}

/** Statuses read a request at a time by loadLearnerContents. */
const STATUS_BATCH = 1000;

export async function loadLearnerContents(db: IDBPDatabase<NewsreaderSchema>): Promise<LearnerContents> {
  const tx = db.transaction(['words', 'setAside', 'statuses', 'finished', 'settings', 'derived'], 'readonly');
  const words: SavedWord[] = [];
  const statuses: StatusRecord[] = [];
  let skipped = 0;
  for (let cursor = await tx.objectStore('words').openCursor(); cursor !== null; cursor = await cursor.continue()) {
    const decoded = readable(cursor.key, cursor.value);
    if ('word' in decoded) words.push(decoded.word);
    else skipped += 1;
  }
  // STATUS_BATCH records a request, keys and values both in key order: a cursor is a request a record (6,000
  // statuses took most of a second at 4x CPU before the cards' coverage could show), and one request for all
  // of them one long task (75-110 ms there) to copy them out.
  const statusStore = tx.objectStore('statuses');
  for (let after: string | undefined; ;) {
    const range = after === undefined ? undefined : IDBKeyRange.lowerBound(after, true);
    const [keys, values] = await Promise.all([statusStore.getAllKeys(range, STATUS_BATCH), statusStore.getAll(range, STATUS_BATCH)]);
    for (let at = 0; at < values.length; at += 1) {
      const decoded = decodeStatusRecord(values[at]);
      // An unreadable status is a word back to new, never a broken page; the saved words count theirs.
      if ('record' in decoded && decoded.record.id === keys[at]) statuses.push(decoded.record);
    }
    if (keys.length < STATUS_BATCH) break;
    after = keys[keys.length - 1];
  }
  const finished = await tx.objectStore('finished').getAll();
  const goal = decodeGoal((await tx.objectStore('settings').get('goal'))?.value);
  const setAside = (await tx.objectStore('setAside').count()) + skipped;
  // Read in the same transaction as the statuses: current only if made from this revision.
  const revision = await revisionIn(tx);
  const stored = (await tx.objectStore('derived').get(RANK_STATUSES_KEY))?.value as { revision?: unknown } | undefined;
  const byRank = stored?.revision === revision ? decodeRankStatuses(stored) : null;
  const rankCheck = (stored as { check?: unknown } | undefined)?.check;
  await tx.done;
  return {
    words,
    setAside,
    statuses,
    finished,
    revision,
    ...(byRank !== null ? { byRank } : {}),
    ...(typeof rankCheck === 'string' ? { rankCheck } : {}),
    ...(goal !== null ? { goal } : {}),
  };
}
