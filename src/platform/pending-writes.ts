/**
 * A journal of the writes a page left unfinished. IndexedDB writes are queued and each takes a
 * transaction (and, for a word saved from the vocabulary list, a dictionary look-up first); a page
 * left in that moment (a link, a reload, closing the tab) loses them. On pagehide, and when the
 * machine that holds them stops, the queue is written here synchronously (localStorage); the next
 * page that opens the same machine takes the journal and runs those writes again. The writes are
 * idempotent (add if absent, remove by id), so one that did commit is harmless to run twice.
 *
 * Several tabs share the key: entries are appended, each tagged with the page that wrote it, and a
 * page restored from the back-forward cache (its queue resumes) takes its own entry back.
 */
import * as t from 'io-ts';
import { browserLocalStorage, type KeyValueStorage } from './storage';

export interface PendingWrites<Job> {
  /** Appends this page's unfinished jobs (nothing when there are none). */
  keep(page: string, jobs: readonly Job[]): void;
  /** Removes this page's entry: its queue is running again. */
  forget(page: string): void;
  /** Every page's jobs, oldest entry first, removed from the journal; undecodable ones are dropped. */
  take(): Job[];
}

/** One page's entry; its jobs are decoded by the journal's `decodeJobs` when taken. */
const EntryCodec = t.type({ page: t.string, jobs: t.unknown });
type Entry = t.TypeOf<typeof EntryCodec>;

function entriesOf(raw: string | null): Entry[] {
  if (raw === null) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return t.UnknownArray.is(value) ? value.filter(EntryCodec.is) : [];
  } catch {
    return [];
  }
}

export function pendingWritesIn<Job>(
  key: string,
  decodeJobs: (value: unknown) => Job[],
  storage: KeyValueStorage = browserLocalStorage(),
): PendingWrites<Job> {
  const write = (entries: readonly Entry[]) => (entries.length === 0 ? storage.remove(key) : storage.set(key, JSON.stringify(entries)));
  return {
    keep(page, jobs) {
      if (jobs.length === 0) return;
      const others = entriesOf(storage.get(key)).filter((entry) => entry.page !== page);
      write([...others, { page, jobs }]);
    },
    forget(page) {
      const entries = entriesOf(storage.get(key));
      const others = entries.filter((entry) => entry.page !== page);
      if (others.length !== entries.length) write(others);
    },
    take() {
      const entries = entriesOf(storage.get(key));
      if (entries.length === 0) return [];
      storage.remove(key);
      return entries.flatMap((entry) => decodeJobs(entry.jobs));
    },
  };
}

/**
 * A new id for one page's entries in the journal, unique across the tabs that share it.
 * `crypto.randomUUID` exists only in secure contexts (https, localhost): a site opened over http on
 * a LAN address has `crypto.getRandomValues` alone, whose 128 random bits serve as well.
 */
export function newPageId(random: Pick<Crypto, 'getRandomValues'> & Partial<Pick<Crypto, 'randomUUID'>> = globalThis.crypto): string {
  if (typeof random.randomUUID === 'function') return random.randomUUID();
  return Array.from(random.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Keeps `pendingJobs()` in `journal` when the page is hidden or unloaded, and takes it back when the page is restored. */
export function keepOnLeave<Job>(
  journal: PendingWrites<Job>,
  page: string,
  pendingJobs: () => readonly Job[],
  win: Window | undefined = typeof window === 'undefined' ? undefined : window,
): () => void {
  if (win === undefined) return () => {};
  const onHide = () => journal.keep(page, pendingJobs());
  const onShow = (event: PageTransitionEvent) => {
    if (event.persisted) journal.forget(page);
  };
  win.addEventListener('pagehide', onHide);
  win.addEventListener('pageshow', onShow);
  return () => {
    win.removeEventListener('pagehide', onHide);
    win.removeEventListener('pageshow', onShow);
  };
}
