// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { decodeWriteJobs, type WriteJob } from '../../../src/domain/saved-word-writes';
import { decodeStatusJobs, type StatusJob } from '../../../src/domain/word-status-writes';
import { newPageId, pendingWritesIn } from '../../../src/platform/pending-writes';
import { memoryStorage } from '../../../src/platform/storage';
import { savedWord } from '../../support/saved-word-fixtures';

const KEY = 'pending';
const harbour = savedWord({ lemma: 'harbour' });
const tide = savedWord({ lemma: 'tide' });

describe('the journal of unfinished word writes', () => {
  it('takes every page’s jobs once, oldest page first, and a page kept twice counts once', () => {
    const storage = memoryStorage();
    const journal = pendingWritesIn<WriteJob>(KEY, decodeWriteJobs, storage);
    journal.keep('a', [{ kind: 'add', words: [harbour], imported: false, lookUp: true }]);
    journal.keep('b', [{ kind: 'remove', id: 'ferry' }]);
    journal.keep('a', [{ kind: 'add', words: [harbour], imported: false, lookUp: true }]);
    journal.keep('c', []);
    expect(journal.take()).toEqual([
      { kind: 'remove', id: 'ferry' },
      { kind: 'add', words: [harbour], imported: false, lookUp: true },
    ]);
    expect(journal.take()).toEqual([]);
    expect(storage.get(KEY)).toBeNull();
  });

  it('a page restored from the back-forward cache takes its own entry back and leaves the others', () => {
    const journal = pendingWritesIn<WriteJob>(KEY, decodeWriteJobs, memoryStorage());
    journal.keep('a', [{ kind: 'remove', id: 'ferry' }]);
    journal.keep('b', [{ kind: 'remove', id: 'tide' }]);
    journal.forget('a');
    expect(journal.take()).toEqual([{ kind: 'remove', id: 'tide' }]);
  });

  it('leaves out what is not a whole job: broken JSON, another shape, a word that does not decode', () => {
    const storage = memoryStorage({ [KEY]: '{not json' });
    const journal = pendingWritesIn<WriteJob>(KEY, decodeWriteJobs, storage);
    expect(journal.take()).toEqual([]);
    storage.set(
      KEY,
      JSON.stringify([
        {
          page: 'a',
          jobs: [
            { kind: 'add', words: [{ ...tide, savedAt: 'yesterday' }], imported: false },
            { kind: 'remove', id: '' },
            { kind: 'remove', id: '  ' },
            { kind: 'add', words: [], imported: false },
          ],
        },
        { page: 7, jobs: [{ kind: 'remove', id: 'harbour' }] },
        { page: 'b', jobs: { kind: 'remove', id: 'harbour' } },
        {
          page: 'c',
          jobs: [
            { kind: 'rename', id: 'x' },
            { kind: 'add', words: [tide, { ...harbour, extra: true }], imported: true, by: 'another version' },
            { kind: 'remove', id: 'ferry', lookUp: true },
          ],
        },
      ]),
    );
    const jobs = journal.take();
    expect(jobs).toEqual([
      { kind: 'add', words: [tide, harbour], imported: true },
      { kind: 'remove', id: 'ferry' },
    ]);
    expect(jobs.map((job) => Object.keys(job))).toEqual([
      ['kind', 'words', 'imported'],
      ['kind', 'id'],
    ]);
    expect(Object.keys(jobs[0]!.kind === 'add' ? jobs[0]!.words[1]! : {}).sort()).toEqual(Object.keys(harbour).sort());
  });
});

describe('the journal of unfinished status marks', () => {
  it('takes marks, undone batches and finished articles that decode whole, and leaves out the rest', () => {
    const at = '2026-03-01T10:00:00.000Z';
    const journal = pendingWritesIn<StatusJob>(KEY, decodeStatusJobs, memoryStorage());
    const good: StatusJob[] = [
      { kind: 'put', records: [{ id: 'harbour', status: 'known', source: 'hand', setAt: at }] },
      { kind: 'removeBatch', batch: 'rest-a-1' },
      { kind: 'finish', article: { articleId: 'a', at } },
    ];
    journal.keep('a', [
      good[0]!,
      { kind: 'put', records: [{ id: 'Tide', status: 'known', source: 'hand', setAt: at }] },
      { kind: 'put', records: [{ id: 'tide', status: 'famous', source: 'hand', setAt: at }] },
      good[1]!,
      { kind: 'removeBatch', batch: '' },
      { kind: 'put', records: [] },
      { kind: 'finish', article: { articleId: 'a', at: 'soon' } },
      { kind: 'finish', article: { articleId: '', at } },
      good[2]!,
    ] as StatusJob[]);
    expect(journal.take()).toEqual(good);
  });
});

describe('the id a page tags its journal entries with', () => {
  it('is a random UUID where the browser has crypto.randomUUID (a secure context)', () => {
    const ids = new Set(Array.from({ length: 100 }, () => newPageId()));
    expect(ids.size).toBe(100);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('is 128 random bits in hex on a page without randomUUID (http on a LAN address)', () => {
    const insecure = { getRandomValues: globalThis.crypto.getRandomValues.bind(globalThis.crypto) };
    const ids = new Set(Array.from({ length: 100 }, () => newPageId(insecure)));
    expect(ids.size).toBe(100);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{32}$/);
  });
});
