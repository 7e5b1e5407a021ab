import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import type { SavedWord } from '../../../src/domain/saved-words';
import { exportCsv } from '../../../src/domain/word-export';
import { savedWordsMachine } from '../../../src/machines/saved-words-machine';
import { memoryWordStore, type MemoryWordStore } from '../../support/memory-word-store';
import { savedWord } from '../../support/saved-word-fixtures';

const NOW = new Date('2026-03-10T08:00:00.000Z');

function start(store: MemoryWordStore) {
  const exported = vi.fn();
  const actor = createActor(
    savedWordsMachine.provide({
      actors: {
        loadWords: fromPromise(() => store.load()),
        putWords: fromPromise<void, { words: SavedWord[] }>(({ input }) => store.put(input.words)),
        removeWord: fromPromise<void, { id: string }>(({ input }) => store.remove(input.id)),
        storeChanges: fromCallback(({ sendBack }) => store.subscribe(() => sendBack({ type: 'EXTERNAL_CHANGE' }))),
      },
      actions: { exportCsv: ({ context }) => exported(context.words) },
    }),
    { input: { now: () => NOW } },
  ).start();
  return { actor, exported };
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
    actor.send({ type: 'SAVE', word: savedWord({ lemma: 'run', word: 'ran' }) });
    await idle(actor);
    const reviewed = { ...store.records.get('run')!, card: { ...store.records.get('run')!.card, reps: 4 } };
    store.records.set('run', reviewed);
    actor.send({ type: 'SAVE', word: savedWord({ lemma: 'run', word: 'runs', savedAt: '2026-03-09T00:00:00.000Z' }) });
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
    expect(actor.getSnapshot().context.lastDeleted).toEqual(harbour);
    await idle(actor);
    expect(store.records.size).toBe(0);
    actor.send({ type: 'UNDO' });
    await idle(actor);
    expect(store.records.get('harbour')).toEqual(harbour);
    expect(actor.getSnapshot().context.lastDeleted).toBeNull();
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
    actor.send({ type: 'SAVE', word: savedWord({ lemma: 'run' }) });
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
    actor.send({ type: 'SAVE', word: savedWord({ lemma: 'run' }) });
    actor.send({ type: 'EXPORT_CSV' });
    expect(exported).toHaveBeenCalledWith([expect.objectContaining({ id: 'run' })]);
  });
});
