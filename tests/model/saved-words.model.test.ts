// @vitest-environment jsdom
/**
 * Model-based test of saved words: every shortest path of the production machine runs on the
 * machine as the words and article routes wire it (wiredSavedWords), over a fake store whose
 * answers the path decides. At every state the wired actor must be where the model is, and the
 * store must have been asked for what the step promises: SAVE adds the word (once the words are
 * loaded, if it came while they loaded), DELETE removes it, UNDO adds it back, an import of our CSV
 * adds only its new word, a foreign file writes nothing.
 */
import { describe, expect, it } from 'vitest';
import { createActor, type AnyMachineSnapshot } from 'xstate';
import { PENDING_WORD_WRITES_KEY, wiredSavedWords } from '../../src/app/saved-words-wiring';
import { decodeWriteJobs } from '../../src/domain/saved-word-writes';
import { pendingWritesIn } from '../../src/platform/pending-writes';
import { memoryStorage } from '../../src/platform/storage';
import type { SavedWord } from '../../src/domain/saved-words';
import type { WordStore, WordStoreContents } from '../../src/platform/word-store';
import { deferred } from '../support/fake-api';
import { FOREIGN_CSV, IMPORTED_WORD, NEW_WORD, STORED_WORD, modelNamed } from './models';
import { field, pathName, runPath, shortestTestPaths, type Step } from './support/model-paths';

const model = modelNamed('saved-words');
const [scenario] = model.scenarios;

type Call =
  | { kind: 'load'; answer: ReturnType<typeof deferred<WordStoreContents>> }
  | { kind: 'add'; words: readonly SavedWord[]; answer: ReturnType<typeof deferred<string[]>> }
  | { kind: 'remove'; id: string; answer: ReturnType<typeof deferred<void>> };

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('saved words: every shortest path on the machine as the routes wire it', () => {
  const paths = shortestTestPaths(model, scenario!);

  it('has paths to test', () => {
    expect(paths.length).toBeGreaterThanOrEqual(8);
  });

  it.each(paths.map((path) => [pathName(model, path), path] as const))('%s', async (_name, path) => {
    const calls: Call[] = [];
    const listeners = new Set<() => void>();
    const store: WordStore = {
      load: () => {
        const answer = deferred<WordStoreContents>();
        calls.push({ kind: 'load', answer });
        return answer.promise;
      },
      put: () => Promise.reject(new Error('Saved words are only added with addIfAbsent')),
      addIfAbsent: (words) => {
        const answer = deferred<string[]>();
        calls.push({ kind: 'add', words, answer });
        return answer.promise;
      },
      updateCard: () => Promise.reject(new Error('The words page never grades')),
      remove: (id) => {
        const answer = deferred<void>();
        calls.push({ kind: 'remove', id, answer });
        return answer.promise;
      },
      subscribe: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
    const actor = createActor(
      // Each path is a fresh browser: its own journal of unfinished writes, never the last path's.
      wiredSavedWords(() => Promise.resolve(store), 'https://news.example', {
        pendingWrites: pendingWritesIn(PENDING_WORD_WRITES_KEY, decodeWriteJobs, memoryStorage()),
      }),
      // The clock at which NEW_WORD was saved, so the record built from SAVE_SOURCE is NEW_WORD.
      { input: { now: () => new Date(NEW_WORD.savedAt) } },
    );
    let asked: Call[] = [];

    function latest<K extends Call['kind']>(kind: K): Extract<Call, { kind: K }> {
      const call = [...calls].reverse().find((each) => each.kind === kind);
      if (call === undefined) throw new Error(`the store was never asked to ${kind}`);
      return call as Extract<Call, { kind: K }>;
    }

    async function execute(step: Step) {
      const { event } = step;
      const before = calls.length;
      if (event.type === 'xstate.init') actor.start();
      else if (event.type.startsWith('xstate.done.actor.loadWords')) latest('load').answer.resolve(field(event, 'output'));
      else if (event.type.startsWith('xstate.error.actor.loadWords')) latest('load').answer.reject(field(event, 'error'));
      else if (event.type.startsWith('xstate.done.actor.addWords')) latest('add').answer.resolve(field(event, 'output'));
      else if (event.type.startsWith('xstate.error.actor.addWords')) latest('add').answer.reject(field(event, 'error'));
      else if (event.type.startsWith('xstate.done.actor.removeWord')) latest('remove').answer.resolve();
      else if (event.type.startsWith('xstate.error.actor.removeWord')) latest('remove').answer.reject(field(event, 'error'));
      else if (event.type === 'EXTERNAL_CHANGE') for (const listener of listeners) listener();
      else if (['SAVE', 'DELETE', 'UNDO', 'SEARCH', 'IMPORT', 'RETRY'].includes(event.type)) actor.send(event as never);
      else throw new Error(`The saved-words test does not know how ${event.type} happens`);
      await settle();
      asked = calls.slice(before);
      const writes = asked.filter((call) => call.kind !== 'load');
      const startsWrite = actor.getSnapshot().matches({ ready: 'writing' });
      if (event.type === 'SAVE' || (event.type.startsWith('xstate.done.actor.loadWords') && startsWrite))
        expect(writes).toEqual(startsWrite ? [expect.objectContaining({ kind: 'add', words: [NEW_WORD] })] : []);
      else if (event.type === 'DELETE') expect(writes).toEqual([expect.objectContaining({ kind: 'remove', id: STORED_WORD.id })]);
      else if (event.type === 'UNDO') expect(writes).toEqual([expect.objectContaining({ kind: 'add', words: [STORED_WORD] })]);
      else if (event.type === 'IMPORT' && field<string>(event, 'text') === FOREIGN_CSV) expect(writes).toEqual([]);
      else if (event.type === 'IMPORT')
        expect(writes).toEqual([expect.objectContaining({ kind: 'add', words: [expect.objectContaining({ id: IMPORTED_WORD.id })] })]);
      else expect(writes).toEqual([]);
    }

    function expectState(snapshot: AnyMachineSnapshot) {
      expect(actor.getSnapshot().value).toEqual(snapshot.value);
      expect(model.serialize(actor.getSnapshot())).toBe(model.serialize(snapshot));
      // Reading the store again is what loading and refreshing promise.
      if (snapshot.matches('loading') || snapshot.matches({ ready: 'refreshing' })) expect(calls.at(-1)?.kind).toBe('load');
    }

    await runPath(path, execute, expectState);
    actor.stop();
  });
});
