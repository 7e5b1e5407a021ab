/**
 * The word store over IndexedDB (through idb). The schema is shared with the review session and
 * documented in docs/saved-words.md: database `newsreader`, object store `words` (keyPath `id`,
 * index `due` on `card.due`) and `setAside` (autoIncrement) for records that failed decoding.
 *
 * Failures never throw anything but a WordStoreError, so a page can name the problem and go on.
 * Loaded only with the routes that need it (a dynamic import in src/app), never with home or list.
 */
import { openDB, type IDBPDatabase } from 'idb';
import { decodeSavedWord } from '../domain/saved-word-codec';
import type { ReviewCard, SavedWord } from '../domain/saved-words';
import { type DailyGoal } from '../domain/progress';
import type { Backup } from '../domain/backup';
import type { StatusRecord, StatusSource } from '../domain/word-status';
import {
  WordStoreError,
  type FinishedArticle,
  type LearnerContents,
  type StatusStore,
  type UpdateCardOutcome,
  type WordStore,
  type WordStoreContents,
} from './word-store';
import { CHANGES_CHANNEL, DATABASE_NAME, DATABASE_VERSION } from './word-store-names';
import {
  MIGRATIONS,
  errorName,
  loadLearnerContents,
  loadMovingAside,
  loadSkipping,
  raiseRevision,
  RANK_STATUSES_KEY,
  rankStatusesCurrent,
  revisionIn,
  storeError,
  type NewsreaderSchema,
} from './indexeddb-schema';
export { MIGRATIONS } from './indexeddb-schema';
export type { SetAsideRecord } from './indexeddb-schema';
import { writeSavedWordsCount } from './saved-words-summary';

export { CHANGES_CHANNEL, DATABASE_NAME, DATABASE_VERSION };

export interface IndexedDbWordStoreOptions {
  /** BroadcastChannel constructor; absent where the browser has none (then only this tab hears changes). */
  readonly BroadcastChannel?: typeof BroadcastChannel;
  readonly now?: () => Date;
}

export function createIndexedDbWordStore(options: IndexedDbWordStoreOptions = {}): WordStore & StatusStore {
  const Channel = options.BroadcastChannel ?? globalThis.BroadcastChannel;
  const now = options.now ?? (() => new Date());
  const listeners = new Set<() => void>();
  let channel: BroadcastChannel | null = null;
  let opening: Promise<IDBPDatabase<NewsreaderSchema>> | null = null;

  function open(): Promise<IDBPDatabase<NewsreaderSchema>> {
    if (typeof indexedDB === 'undefined') return Promise.reject(new WordStoreError('unavailable', 'This browser has no IndexedDB'));
    // A browser that refuses IndexedDB (some private windows) may throw from indexedDB.open itself,
    // synchronously: that becomes the same rejection as a refusal reported later.
    opening ??= Promise.resolve()
      .then(() =>
        openDB<NewsreaderSchema>(DATABASE_NAME, DATABASE_VERSION, {
          upgrade(db, oldVersion, newVersion, tx) {
            for (let version = oldVersion + 1; version <= (newVersion ?? DATABASE_VERSION); version += 1) MIGRATIONS[version]?.(db, tx);
          },
          // Another tab runs a newer site and wants to upgrade: let it, and open again on the next call.
          blocking() {
            void opening?.then((db) => db.close());
            opening = null;
          },
        }),
      )
      .catch((error: unknown) => {
        opening = null;
        const name = errorName(error);
        if (name === 'VersionError' || name === 'QuotaExceededError') throw storeError(error, 'open');
        throw new WordStoreError('unavailable', 'The saved words could not be opened', { cause: error });
      });
    return opening;
  }

  function changed(): void {
    for (const listener of listeners) listener();
    if (Channel === undefined) return;
    // A writer that never subscribed (the review session) still tells the header and other tabs.
    const sender = channel ?? new Channel(CHANGES_CHANNEL);
    try {
      sender.postMessage({ type: 'changed' });
    } catch {
      // A closed channel only means no other tab hears this change.
    } finally {
      if (sender !== channel) sender.close();
    }
  }

  /** Every read leaves the count for the words page's next start (saved-words-summary.ts). */
  function summarised(contents: WordStoreContents): WordStoreContents {
    writeSavedWordsCount(contents.words.length);
    return contents;
  }

  return {
    async load(): Promise<WordStoreContents> {
      const db = await open();
      try {
        return summarised(await loadMovingAside(db, now));
      } catch (error) {
        // Moving a record aside is a write: with a full quota, read the rest and leave it where it is.
        if (errorName(error) !== 'QuotaExceededError') throw storeError(error, 'read');
      }
      try {
        return summarised(await loadSkipping(db));
      } catch (error) {
        throw storeError(error, 'read');
      }
    },
    async put(words: readonly SavedWord[]): Promise<void> {
      const db = await open();
      try {
        const tx = db.transaction(['words', 'derived'], 'readwrite');
        await Promise.all([...words.map((word) => tx.objectStore('words').put(word)), raiseRevision(tx), tx.done]);
      } catch (error) {
        throw storeError(error, 'save');
      }
      changed();
    },
    async addIfAbsent(words: readonly SavedWord[]): Promise<string[]> {
      const db = await open();
      const added: string[] = [];
      try {
        const tx = db.transaction(['words', 'derived'], 'readwrite');
        for (const word of words) {
          // Any record under the id counts, readable or not: an unreadable one is set aside on the next load, not overwritten.
          if ((await tx.objectStore('words').getKey(word.id)) !== undefined || added.includes(word.id)) continue;
          await tx.objectStore('words').add(word);
          added.push(word.id);
        }
        if (added.length > 0) await raiseRevision(tx);
        await tx.done;
      } catch (error) {
        throw storeError(error, 'save');
      }
      if (added.length > 0) changed();
      return added;
    },
    async updateCard(id: string, card: ReviewCard, expectedLastReview: string | null): Promise<UpdateCardOutcome> {
      const db = await open();
      let outcome: UpdateCardOutcome;
      try {
        const tx = db.transaction(['words', 'derived'], 'readwrite');
        const decoded = decodeSavedWord(await tx.objectStore('words').get(id));
        if (!('word' in decoded)) outcome = 'gone';
        else if (decoded.word.card.lastReview !== expectedLastReview) outcome = 'changed';
        else {
          await tx.objectStore('words').put({ ...decoded.word, card });
          await raiseRevision(tx);
          outcome = 'updated';
        }
        await tx.done;
      } catch (error) {
        throw storeError(error, 'save');
      }
      if (outcome === 'updated') changed();
      return outcome;
    },
    async remove(id: string): Promise<void> {
      const db = await open();
      try {
        const tx = db.transaction(['words', 'derived'], 'readwrite');
        await Promise.all([tx.objectStore('words').delete(id), raiseRevision(tx), tx.done]);
      } catch (error) {
        throw storeError(error, 'delete');
      }
      changed();
    },
    async loadLearner(): Promise<LearnerContents> {
      const db = await open();
      try {
        return await loadLearnerContents(db);
      } catch (error) {
        throw storeError(error, 'read');
      }
    },
    async putStatuses(records: readonly StatusRecord[], replacing?: StatusSource): Promise<void> {
      if (records.length === 0 && replacing === undefined) return;
      const db = await open();
      try {
        const tx = db.transaction(['statuses', 'derived'], 'readwrite');
        const store = tx.objectStore('statuses');
        if (replacing !== undefined) {
          for (let cursor = await store.openCursor(); cursor !== null; cursor = await cursor.continue()) {
            if ((cursor.value as { source?: unknown } | null)?.source === replacing) await cursor.delete();
          }
        }
        await Promise.all([...records.map((record) => store.put(record)), raiseRevision(tx), tx.done]);
      } catch (error) {
        throw storeError(error, 'save');
      }
      changed();
    },
    async removeBatch(batch: string): Promise<number> {
      const db = await open();
      let removed = 0;
      try {
        const tx = db.transaction(['statuses', 'derived'], 'readwrite');
        for (
          let cursor = await tx.objectStore('statuses').index('batch').openCursor(batch);
          cursor !== null;
          cursor = await cursor.continue()
        ) {
          await cursor.delete();
          removed += 1;
        }
        if (removed > 0) await raiseRevision(tx);
        await tx.done;
      } catch (error) {
        throw storeError(error, 'save');
      }
      if (removed > 0) changed();
      return removed;
    },
    async restore(backup: Backup): Promise<void> {
      const db = await open();
      try {
        const tx = db.transaction(['statuses', 'words', 'finished', 'settings', 'derived'], 'readwrite');
        await raiseRevision(tx);
        for (const record of backup.statuses) await tx.objectStore('statuses').put(record);
        for (const word of backup.words)
          if ((await tx.objectStore('words').getKey(word.id)) === undefined) await tx.objectStore('words').add(word);
        for (const article of backup.finished) {
          if ((await tx.objectStore('finished').getKey(article.articleId)) === undefined) await tx.objectStore('finished').add(article);
        }
        if (backup.goal !== null) await tx.objectStore('settings').put({ key: 'goal', value: backup.goal });
        await tx.done;
      } catch (error) {
        throw storeError(error, 'save');
      }
      changed();
    },
    async setGoal(goal: DailyGoal): Promise<void> {
      const db = await open();
      try {
        const tx = db.transaction('settings', 'readwrite');
        await Promise.all([tx.store.put({ key: 'goal', value: goal }), tx.done]);
      } catch (error) {
        throw storeError(error, 'save');
      }
      changed();
    },
    async markFinished(article: FinishedArticle): Promise<void> {
      const db = await open();
      try {
        const tx = db.transaction('finished', 'readwrite');
        if ((await tx.store.getKey(article.articleId)) === undefined) await tx.store.add(article);
        await tx.done;
      } catch (error) {
        throw storeError(error, 'save');
      }
      changed();
    },
    async keepRankStatuses(byRank, revision) {
      const db = await open();
      try {
        const tx = db.transaction('derived', 'readwrite');
        // Made from an older state of the statuses (a write since, here or in another tab): not kept.
        const current = (await revisionIn(tx)) === revision;
        if (current) await tx.store.put({ key: RANK_STATUSES_KEY, value: { revision, check: byRank.check, codes: byRank.codes } });
        await tx.done;
        return current;
      } catch (error) {
        throw storeError(error, 'save');
      }
    },
    async hasCurrentRankStatuses() {
      const db = await open();
      try {
        return await rankStatusesCurrent(db);
      } catch (error) {
        throw storeError(error, 'read');
      }
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      if (channel === null && Channel !== undefined) {
        channel = new Channel(CHANGES_CHANNEL);
        channel.onmessage = (event: MessageEvent) => {
          if ((event.data as { type?: unknown } | null)?.type === 'changed') for (const each of listeners) each();
        };
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && channel !== null) {
          channel.close();
          channel = null;
        }
      };
    },
  };
}
