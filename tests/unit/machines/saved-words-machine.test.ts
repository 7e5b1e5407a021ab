import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { exportCsv } from '../../../src/domain/word-export';
import { savedWordsMachine, type AddWordsInput, type SavedWordsEvent } from '../../../src/machines/saved-words-machine';
import { WordStoreError } from '../../../src/platform/word-store';
import { memoryWordStore, type MemoryWordStore } from '../../support/memory-word-store';
import { savedWord } from '../../support/saved-word-fixtures';

const NOW = new Date('2026-03-10T08:00:00.000Z');

function start(store: MemoryWordStore) {
  const exported = vi.fn();
  const actor = createActor(
    savedWordsMachine.provide({
      actors: {
        loadWords: fromPromise(() => store.load()),
        addWords: fromPromise<string[], AddWordsInput>(({ input }) => store.addIfAbsent(input.words)),
        removeWord: fromPromise<void, { id: string }>(({ input }) => store.remove(input.id)),
        storeChanges: fromCallback(({ sendBack }) => store.subscribe(() => sendBack({ type: 'EXTERNAL_CHANGE' }))),
      },
      actions: { exportCsv: ({ context }) => exported(context.words) },
    }),
    { input: { now: () => NOW } },
  ).start();
  return { actor, exported };
}

/** The learner clicks Save on `word` (its dictionary form `lemma`) in an article. */
function save(lemma: string, word = lemma): SavedWordsEvent {
  return {
    type: 'SAVE',
    source: { word, lemma, gloss: '港口', ipa: null, definition: null, sentence: `Ships left the ${word} early.` },
    article: { textLanguage: 'zh', articleId: 'city-bikes', articleTitle: 'City bikes return' },
  };
}

const idle = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (snapshot) => snapshot.matches({ ready: 'idle' }));
const ids = (actor: ReturnType<typeof start>['actor']) => actor.getSnapshot().context.words.map((word) => word.id);

describe('saved-words machine', () => {
  it('loads the words newest first', async () => {
    const store = memoryWordStore([savedWord({ lemma: 'harbour' }), savedWord({ lemma: 'tide', savedAt: '2026-03-02T10:00:00.000Z' })]);
    const { actor } = start(store);
    await idle(actor);
    expect(ids(actor)).toEqual(['tide', 'harbour']);
  });

  it('saves a new word once; saving it again keeps its card', async () => {
    const store = memoryWordStore();
    const { actor } = start(store);
    await idle(actor);
    actor.send(save('run', 'ran'));
    await idle(actor);
    const reviewed = { ...store.records.get('run')!, card: { ...store.records.get('run')!.card, reps: 4 } };
    store.records.set('run', reviewed);
    actor.send(save('run', 'runs'));
    await idle(actor);
    expect(store.records.get('run')).toEqual(reviewed);
    expect(ids(actor)).toEqual(['run']);
  });

  it('deletes a word and brings it back with Undo, card and all', async () => {
    const harbour = savedWord({ lemma: 'harbour' });
    const store = memoryWordStore([harbour]);
    const { actor } = start(store);
    await idle(actor);
    actor.send({ type: 'DELETE', id: 'harbour' });
    expect(ids(actor)).toEqual([]);
    expect(actor.getSnapshot().context.deleted).toEqual([harbour]);
    await idle(actor);
    expect(store.records.size).toBe(0);
    actor.send({ type: 'UNDO' });
    await idle(actor);
    expect(store.records.get('harbour')).toEqual(harbour);
    expect(actor.getSnapshot().context.deleted).toEqual([]);
  });

  it('brings back several deleted words one Undo at a time, the last deleted first', async () => {
    const [harbour, tide, ferry] = ['harbour', 'tide', 'ferry'].map((lemma) => savedWord({ lemma }));
    const store = memoryWordStore([harbour!, tide!, ferry!]);
    const { actor } = start(store);
    await idle(actor);
    for (const id of ['harbour', 'tide', 'ferry']) actor.send({ type: 'DELETE', id });
    await idle(actor);
    expect(store.records.size).toBe(0);
    actor.send({ type: 'UNDO' });
    await idle(actor);
    expect([...store.records.keys()]).toEqual(['ferry']);
    actor.send({ type: 'UNDO' });
    actor.send({ type: 'UNDO' });
    await idle(actor);
    expect([...store.records.keys()].sort()).toEqual(['ferry', 'harbour', 'tide']);
    expect(actor.getSnapshot().context.deleted).toEqual([]);
  });

  it('shows a change made in another tab', async () => {
    const store = memoryWordStore();
    const { actor } = start(store);
    await idle(actor);
    store.records.set('tide', savedWord({ lemma: 'tide' }));
    store.announceChange();
    await waitFor(actor, () => ids(actor).includes('tide'));
    expect(ids(actor)).toEqual(['tide']);
  });

  it('fails with the store problem, and a full quota on save keeps the page ready with the problem named', async () => {
    const newer = memoryWordStore();
    newer.failWith = 'newerVersion';
    const failing = start(newer).actor;
    await waitFor(failing, (snapshot) => snapshot.matches('failed'));
    expect(failing.getSnapshot().context.problem).toBe('newerVersion');

    const store = memoryWordStore();
    const { actor } = start(store);
    await idle(actor);
    store.failWith = 'quotaFull';
    actor.send(save('run'));
    await waitFor(actor, (snapshot) => snapshot.context.problem === 'quotaFull');
    expect(actor.getSnapshot().matches('ready')).toBe(true);
  });

  it('imports our CSV without duplicates and refuses another file with its line', async () => {
    const harbour = savedWord({ lemma: 'harbour' });
    const store = memoryWordStore([harbour]);
    const { actor } = start(store);
    await idle(actor);
    actor.send({ type: 'IMPORT', text: exportCsv([harbour, savedWord({ lemma: 'tide' })], 'https://x.example') });
    await idle(actor);
    expect([...store.records.keys()].sort()).toEqual(['harbour', 'tide']);
    expect(actor.getSnapshot().context.imported).toEqual({ kind: 'added', count: 1 });

    actor.send({ type: 'IMPORT', text: 'name,email\n' });
    expect(actor.getSnapshot().context.imported).toEqual({ kind: 'refused', line: 1, detail: 'header' });
    expect(store.records.size).toBe(2);
  });

  it('exports only when there are words', async () => {
    const store = memoryWordStore();
    const { actor, exported } = start(store);
    await idle(actor);
    actor.send({ type: 'EXPORT_CSV' });
    expect(exported).not.toHaveBeenCalled();
    actor.send(save('run'));
    actor.send({ type: 'EXPORT_CSV' });
    expect(exported).toHaveBeenCalledWith([expect.objectContaining({ id: 'run' })]);
  });

  it('records the word as the article gave it, with the machine clock', async () => {
    const store = memoryWordStore();
    const { actor } = start(store);
    await idle(actor);
    actor.send(save('run', 'ran'));
    await idle(actor);
    expect(store.records.get('run')).toEqual(
      expect.objectContaining({ word: 'ran', lemma: 'run', articleId: 'city-bikes', glossLanguage: 'zh', savedAt: NOW.toISOString() }),
    );
  });

  it('a Save while the words load waits for them and is written', async () => {
    const store = memoryWordStore([savedWord({ lemma: 'harbour' })]);
    const { actor } = start(store);
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    actor.send(save('tide'));
    await waitFor(actor, () => store.records.has('tide'));
    await idle(actor);
    expect(ids(actor).sort()).toEqual(['harbour', 'tide']);
  });

  describe('writes one at a time', () => {
    /** A store whose adds wait for the test, answering from memory once told to go on. */
    function slowStore() {
      const store = memoryWordStore();
      const adds: Array<{ ids: string[]; go: () => void; fail: (error: unknown) => void }> = [];
      const add = store.addIfAbsent.bind(store);
      store.addIfAbsent = (words) =>
        new Promise<string[]>((resolve, reject) => {
          adds.push({ ids: words.map((word) => word.id), go: () => void add(words).then(resolve, reject), fail: reject });
        });
      return { store, adds };
    }

    it('a failed save is not hidden by the save after it: the problem shows and the word is not listed', async () => {
      const { store, adds } = slowStore();
      const { actor } = start(store);
      await idle(actor);
      actor.send(save('alpha'));
      actor.send(save('beta'));
      expect(ids(actor).sort()).toEqual(['alpha', 'beta']);
      expect(adds.map((add) => add.ids)).toEqual([['alpha']]);
      adds[0]!.fail(new WordStoreError('quotaFull', 'QuotaExceededError'));
      await waitFor(actor, () => adds.length === 2);
      expect(adds[1]!.ids).toEqual(['beta']);
      adds[1]!.go();
      await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'idle' }) && store.records.has('beta'));
      expect(actor.getSnapshot().context.problem).toBe('quotaFull');
      expect(ids(actor)).toEqual(['beta']);
      expect([...store.records.keys()]).toEqual(['beta']);
    });

    it('a change in another tab during a write reads the words again once the write is done', async () => {
      const { store, adds } = slowStore();
      const { actor } = start(store);
      await idle(actor);
      actor.send(save('alpha'));
      store.records.set('tide', savedWord({ lemma: 'tide' }));
      store.announceChange();
      expect(actor.getSnapshot().matches({ ready: 'writing' })).toBe(true);
      adds[0]!.go();
      await waitFor(actor, () => ids(actor).includes('tide'));
      await idle(actor);
      expect(ids(actor).sort()).toEqual(['alpha', 'tide']);
      expect(store.records.has('alpha')).toBe(true);
    });

    it('a save does not wait for a read of the words: it is written at once and the words are read after it', async () => {
      const store = memoryWordStore();
      const { actor } = start(store);
      await idle(actor);
      store.records.set('tide', savedWord({ lemma: 'tide' }));
      store.announceChange();
      expect(actor.getSnapshot().matches({ ready: 'refreshing' })).toBe(true);
      actor.send(save('run'));
      expect(actor.getSnapshot().matches({ ready: 'writing' })).toBe(true);
      await waitFor(actor, () => ids(actor).includes('tide'));
      await idle(actor);
      expect(ids(actor).sort()).toEqual(['run', 'tide']);
    });

    it('a word another tab saved meanwhile keeps its card, and the list shows the stored one', async () => {
      const store = memoryWordStore();
      const { actor } = start(store);
      await idle(actor);
      const reviewed = { ...savedWord({ lemma: 'run', word: 'running' }), card: { ...savedWord({ lemma: 'run' }).card, reps: 3 } };
      store.records.set('run', reviewed);
      actor.send(save('run', 'ran'));
      await waitFor(actor, () => actor.getSnapshot().context.words[0]?.word === 'running');
      expect(store.records.get('run')).toEqual(reviewed);
    });
  });

  it('a delete that fails drops Undo: the word is still stored and listed again', async () => {
    const store = memoryWordStore([savedWord({ lemma: 'harbour' })]);
    const { actor } = start(store);
    await idle(actor);
    store.failWith = 'unavailable';
    actor.send({ type: 'DELETE', id: 'harbour' });
    await waitFor(actor, (snapshot) => snapshot.context.problem === 'unavailable');
    await idle(actor);
    expect(actor.getSnapshot().context.deleted).toEqual([]);
    // Listed again even though reading the store fails too.
    expect(ids(actor)).toEqual(['harbour']);
  });

  it('a save that fails is not listed, even when reading the store fails too', async () => {
    const store = memoryWordStore();
    const { actor } = start(store);
    await idle(actor);
    store.failWith = 'quotaFull';
    actor.send(save('run'));
    expect(ids(actor)).toEqual(['run']);
    await waitFor(actor, (snapshot) => snapshot.context.problem === 'quotaFull');
    await idle(actor);
    expect(ids(actor)).toEqual([]);
    expect(actor.getSnapshot().context.problem).toBe('quotaFull');
  });

  it('refuses a file whose parsing throws anything, and keeps working', async () => {
    const store = memoryWordStore();
    const { actor } = start(store);
    await idle(actor);
    const crafted = exportCsv([savedWord({ lemma: 'tide' })], 'https://x.example').replace('/articles/city-bikes', '/articles/%E0%A4');
    actor.send({ type: 'IMPORT', text: crafted });
    expect(actor.getSnapshot().status).toBe('active');
    expect(actor.getSnapshot().context.imported).toEqual(expect.objectContaining({ kind: 'refused' }));
    actor.send(save('run'));
    await waitFor(actor, () => store.records.has('run'));
  });
});

describe('writes an earlier page left unfinished', () => {
  it('are queued while the words load and written once they are read, the list showing them at once', async () => {
    const harbour = savedWord({ lemma: 'harbour' });
    const tide = savedWord({ lemma: 'tide', savedAt: '2026-03-02T10:00:00.000Z' });
    const store = memoryWordStore([harbour]);
    const { actor } = start(store);
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    actor.send({
      type: 'RESUME_WRITES',
      jobs: [
        { kind: 'add', words: [tide], imported: false },
        { kind: 'remove', id: 'harbour' },
      ],
    });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'idle' }) && snapshot.context.jobs.length === 0);
    expect([...store.records.keys()]).toEqual(['tide']);
    expect(ids(actor)).toEqual(['tide']);
  });

  it('wait behind a write that is running, and an empty list of jobs changes nothing', async () => {
    const store = memoryWordStore();
    const { actor } = start(store);
    await idle(actor);
    actor.send(save('run'));
    expect(actor.getSnapshot().matches({ ready: 'writing' })).toBe(true);
    actor.send({ type: 'RESUME_WRITES', jobs: [{ kind: 'add', words: [savedWord({ lemma: 'tide' })], imported: false }] });
    actor.send({ type: 'RESUME_WRITES', jobs: [] });
    expect(actor.getSnapshot().context.jobs).toHaveLength(2);
    await idle(actor);
    expect([...store.records.keys()].sort()).toEqual(['run', 'tide']);
  });
});
