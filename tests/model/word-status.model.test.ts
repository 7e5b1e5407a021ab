// @vitest-environment node
/**
 * Model-based test of word statuses: every shortest path of the production machine runs on the
 * machine as the routes wire it (wiredWordStatus), over a fake store whose answers the path
 * decides. At every state the wired actor must be where the model is, and the store must have
 * been asked for what the step promises: a mark writes one hand-set record, "I know the rest"
 * writes the article's still-new lemmas under one batch (never the saved word), Undo removes that
 * batch, and nothing else writes.
 */
import { describe, expect, it } from 'vitest';
import { createActor, type AnyMachineSnapshot } from 'xstate';
import { PENDING_STATUS_WRITES_KEY, wiredWordStatus } from '../../src/app/learner-wiring';
import { decodeStatusJobs } from '../../src/domain/word-status-writes';
import { pendingWritesIn } from '../../src/platform/pending-writes';
import { memoryStorage } from '../../src/platform/storage';
import type { StatusRecord } from '../../src/domain/word-status';
import type { WordStatusContext } from '../../src/machines/word-status-machine';
import type { FinishedArticle, LearnerContents, StatusStore } from '../../src/platform/word-store';
import { deferred } from '../support/fake-api';
import { REST_LEMMAS, SAVED_HARBOUR, STATUS_NOW, modelNamed } from './models';
import { field, pathName, runPath, shortestTestPaths, type Step } from './support/model-paths';

const model = modelNamed('word-status');
const [scenario] = model.scenarios;

type Call =
  | { kind: 'load'; answer: ReturnType<typeof deferred<LearnerContents>> }
  | { kind: 'put'; records: readonly StatusRecord[]; answer: ReturnType<typeof deferred<void>> }
  | { kind: 'removeBatch'; batch: string; answer: ReturnType<typeof deferred<number>> }
  | { kind: 'finish'; article: FinishedArticle; answer: ReturnType<typeof deferred<void>> };

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('word status: every shortest path on the machine as the routes wire it', () => {
  const paths = shortestTestPaths(model, scenario!);

  it('has paths to test', () => {
    expect(paths.length).toBeGreaterThanOrEqual(10);
  });

  it.each(paths.map((path) => [pathName(model, path), path] as const))('%s', async (_name, path) => {
    const calls: Call[] = [];
    const listeners = new Set<() => void>();
    const store: StatusStore = {
      loadLearner: () => {
        const answer = deferred<LearnerContents>();
        calls.push({ kind: 'load', answer });
        return answer.promise;
      },
      putStatuses: (records) => {
        const answer = deferred<void>();
        calls.push({ kind: 'put', records, answer });
        return answer.promise;
      },
      removeBatch: (batch) => {
        const answer = deferred<number>();
        calls.push({ kind: 'removeBatch', batch, answer });
        return answer.promise;
      },
      setGoal: () => Promise.reject(new Error('the article page never sets a goal')),
      restore: () => Promise.reject(new Error('the article page never restores')),
      keepRankStatuses: () => Promise.reject(new Error('the article page never keeps statuses by rank')),
      hasCurrentRankStatuses: () => Promise.reject(new Error("the article page never asks for the cards' list")),
      markFinished: (article) => {
        const answer = deferred<void>();
        calls.push({ kind: 'finish', article, answer });
        return answer.promise;
      },
      subscribe: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
    const actor = createActor(
      // Each path is a fresh browser: its own journal of unfinished marks, never the last path's.
      wiredWordStatus(() => Promise.resolve(store), pendingWritesIn(PENDING_STATUS_WRITES_KEY, decodeStatusJobs, memoryStorage())),
      { input: { now: () => new Date(STATUS_NOW) } },
    );
    const writes = () => calls.filter((call) => call.kind !== 'load');
    const last = (kinds: readonly Call['kind'][]) => [...calls].reverse().find((call) => kinds.includes(call.kind));

    async function execute(step: Step) {
      const { event } = step;
      const before = writes().length;
      const marksBefore = (actor.getSnapshot().context as WordStatusContext).records.map((record) => record.id);
      if (event.type === 'xstate.init') actor.start();
      else if (event.type.startsWith('xstate.done.actor.loadLearner'))
        (last(['load']) as Extract<Call, { kind: 'load' }>).answer.resolve(field(event, 'output'));
      else if (event.type.startsWith('xstate.error.actor.loadLearner'))
        (last(['load']) as Extract<Call, { kind: 'load' }>).answer.reject(field(event, 'error'));
      else if (event.type.startsWith('xstate.done.actor.writeStatuses')) {
        const write = last(['put', 'removeBatch', 'finish'])!;
        if (write.kind === 'removeBatch') write.answer.resolve(1);
        else if (write.kind !== 'load') (write.answer as { resolve: (value: void) => void }).resolve();
      } else if (event.type.startsWith('xstate.error.actor.writeStatuses'))
        (last(['put', 'removeBatch', 'finish'])!.answer as { reject: (e: unknown) => void }).reject(field(event, 'error'));
      else if (event.type === 'EXTERNAL_CHANGE') for (const listener of listeners) listener();
      else actor.send(event as never);
      await settle();
      const asked = writes().slice(before);
      const snapshot = actor.getSnapshot();
      const startsWrite = snapshot.matches({ ready: 'writing' });
      if (event.type === 'STATUS_SET') {
        expect(asked).toEqual(
          startsWrite
            ? [expect.objectContaining({ kind: 'put', records: [{ id: 'river', status: 'known', source: 'hand', setAt: STATUS_NOW }] })]
            : [],
        );
      } else if (event.type === 'REST_KNOWN') {
        const fresh = REST_LEMMAS.filter((lemma) => lemma !== SAVED_HARBOUR.id && !marksBefore.includes(lemma));
        const first = asked[0];
        if (fresh.length > 0) {
          expect(first?.kind).toBe('put');
          const records = (first as Extract<Call, { kind: 'put' }>).records;
          expect(records.map((record) => record.id)).toEqual(fresh);
          expect(new Set(records.map((record) => record.batch)).size).toBe(1);
          expect(records.every((record) => record.source === 'rest' && record.status === 'known')).toBe(true);
        } else expect(first).toEqual(expect.objectContaining({ kind: 'finish' }));
      } else if (event.type === 'REST_UNDONE') {
        expect(asked).toEqual([expect.objectContaining({ kind: 'removeBatch', batch: expect.stringMatching(/^rest-city-bikes-/) })]);
      } else if (!event.type.startsWith('xstate.done.actor.writeStatuses') && !event.type.startsWith('xstate.error.actor.writeStatuses')) {
        // Reading, marks switched, time passing: nothing is written (a load answered may start a queued write).
        if (!(event.type.startsWith('xstate.done.actor.loadLearner') && startsWrite)) expect(asked).toEqual([]);
      }
    }

    function expectState(snapshot: AnyMachineSnapshot) {
      expect(actor.getSnapshot().value).toEqual(snapshot.value);
      expect(model.serialize(actor.getSnapshot())).toBe(model.serialize(snapshot));
      if (snapshot.matches('loading') || snapshot.matches({ ready: 'refreshing' })) expect(calls.at(-1)?.kind).toBe('load');
    }

    await runPath(path, execute, expectState);
    actor.stop();
  });
});
