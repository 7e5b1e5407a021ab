// @vitest-environment node
/**
 * Model-based test of practice: every shortest path of the production machine runs on the machine
 * as the app wires it (wiredPractice), over an exercise API and a word store whose answers the path
 * decides. At every state the wired actor must be where the model is, and the store must have been
 * asked for what the step promises: a wrong answer on the saved word grades it Again with the
 * review's scheduler (so it becomes due), Save adds the word with its sentence, nothing else writes.
 */
import { describe, expect, it } from 'vitest';
import { createActor, type AnyMachineSnapshot } from 'xstate';
import type { ExerciseSet } from '../../common/exercise-contract';
import type { ExerciseApi } from '../../src/api/exercise-client';
import { wiredPractice } from '../../src/app/practice-wiring';
import { isDue, newCard, type ReviewCard, type SavedWord } from '../../src/domain/saved-words';
import type { PracticeContext } from '../../src/machines/practice-machine';
import type { UpdateCardOutcome, WordStore } from '../../src/platform/word-store';
import { deferred } from '../support/fake-api';
import { PRACTICE_SAVED, PRACTICE_SET, modelNamed } from './models';
import { field, pathName, runPath, shortestTestPaths, type Step } from './support/model-paths';

const model = modelNamed('practice');
const NOW = new Date('2026-03-10T09:00:00.000Z');

/** The saved word, last reviewed well before and due long after the session. */
const SAVED_TIDE: SavedWord = {
  id: 'tide',
  word: 'tide',
  lemma: 'tide',
  gloss: '潮汐',
  glossLanguage: 'zh',
  ipa: null,
  definition: null,
  sentence: 'The tide came in early.',
  articleId: 'harbour-tides',
  articleTitle: 'Harbour tides',
  savedAt: '2026-02-01T08:00:00.000Z',
  card: {
    ...newCard(new Date('2026-02-01T08:00:00.000Z')),
    state: 2,
    stability: 40,
    difficulty: 5,
    reps: 4,
    due: '2026-05-01T00:00:00.000Z',
    lastReview: '2026-02-20T08:00:00.000Z',
  },
};

type Write =
  | { kind: 'update'; id: string; card: ReviewCard; answer: ReturnType<typeof deferred<UpdateCardOutcome>> }
  | { kind: 'add'; words: readonly SavedWord[]; answer: ReturnType<typeof deferred<string[]>> };

function sentenceOf(lemma: string): string | undefined {
  for (const item of PRACTICE_SET.exercises)
    if ((item.kind === 'gap_fill' || item.kind === 'listening') && item.lemma === lemma) return item.sentence;
  return undefined;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe.each(model.scenarios.map((scenario) => [scenario.title, scenario] as const))(
  'practice (%s): every shortest path on the machine as the app wires it',
  (_title, scenario) => {
    const paths = shortestTestPaths(model, scenario);

    it('has paths to test', () => {
      // The server-rendered scenario's paths stop at the first item (tests/model/models/practice.ts).
      expect(paths.length).toBeGreaterThanOrEqual(scenario.shortestOnly === true ? 5 : 20);
    });

    it.each(paths.map((path) => [pathName(model, path), path] as const))('%s', async (_name, path) => {
      const sets: ReturnType<typeof deferred<ExerciseSet>>[] = [];
      // The learner's words are held until the path says they are read (with the set, or beside a server-rendered one).
      let wordsHeld = true;
      const heldLoads: ReturnType<typeof deferred<void>>[] = [];
      const releaseWords = (failing?: unknown) => {
        wordsHeld = false;
        for (const held of heldLoads.splice(0)) {
          if (failing === undefined) held.resolve();
          else held.reject(failing);
        }
      };
      const writes: Write[] = [];
      const api: ExerciseApi = {
        exercises: () => {
          const answer = deferred<ExerciseSet>();
          sets.push(answer);
          return answer.promise;
        },
      };
      const stored: SavedWord[] = [SAVED_TIDE];
      const store: WordStore = {
        load: async () => {
          if (wordsHeld) {
            const held = deferred<void>();
            heldLoads.push(held);
            await held.promise;
          }
          return { words: [...stored], setAside: 0 };
        },
        put: () => Promise.reject(new Error('practice never puts')),
        addIfAbsent: (words) => {
          const answer = deferred<string[]>();
          writes.push({ kind: 'add', words, answer });
          return answer.promise.then((ids) => {
            stored.push(...words);
            return ids;
          });
        },
        updateCard: (id, card) => {
          const answer = deferred<UpdateCardOutcome>();
          writes.push({ kind: 'update', id, card, answer });
          return answer.promise;
        },
        remove: () => Promise.reject(new Error('practice never removes')),
        subscribe: () => () => undefined,
      };
      const actor = createActor(
        wiredPractice({ api, store: () => Promise.resolve(store), articleTitle: 'Harbour tides', now: () => NOW }, 'zh', 'harbour-tides'),
        { input: scenario.input as never },
      );

      async function execute(step: Step) {
        const { event } = step;
        const before = writes.length;
        if (event.type === 'xstate.init') actor.start();
        else if (event.type.startsWith('xstate.done.actor.loadPractice')) {
          const load = field<{ set: ExerciseSet; savedLemmas: string[] }>(event, 'output');
          expect(load.savedLemmas).toEqual(PRACTICE_SAVED);
          releaseWords();
          sets.at(-1)!.resolve(load.set);
        } else if (event.type.startsWith('xstate.done.actor.loadLearnerWords')) releaseWords();
        // The wiring reads a store that fails as one with no words: the machine's error path ends the same.
        else if (event.type.startsWith('xstate.error.actor.loadLearnerWords')) releaseWords(field(event, 'error'));
        else if (event.type.startsWith('xstate.error.actor.loadPractice')) sets.at(-1)!.reject(field(event, 'error'));
        else if (event.type.startsWith('xstate.done.actor.recordMiss'))
          (writes.at(-1) as Extract<Write, { kind: 'update' }>).answer.resolve('updated');
        else if (event.type.startsWith('xstate.error.actor.recordMiss'))
          (writes.at(-1) as Extract<Write, { kind: 'update' }>).answer.reject(field(event, 'error'));
        else if (event.type.startsWith('xstate.done.actor.savePractisedWord'))
          (writes.at(-1) as Extract<Write, { kind: 'add' }>).answer.resolve(['ferry']);
        else if (event.type.startsWith('xstate.error.actor.savePractisedWord'))
          (writes.at(-1) as Extract<Write, { kind: 'add' }>).answer.reject(field(event, 'error'));
        else actor.send(event as never);
        await settle();
        await settle();
        const asked = writes.slice(before);
        const snapshot = actor.getSnapshot();
        if (snapshot.matches({ answered: 'recordingMiss' }) && event.type === 'ANSWER') {
          // The saved word answered wrong: graded Again now, so the review has it due at once.
          expect(asked).toHaveLength(1);
          const update = asked[0] as Extract<Write, { kind: 'update' }>;
          expect(update.kind).toBe('update');
          const context = snapshot.context as PracticeContext;
          const item = context.exercises[context.index]!;
          expect(update.id).toBe('lemma' in item ? item.lemma : undefined);
          expect(update.card.lastReview).toBe(NOW.toISOString());
          if (update.id === SAVED_TIDE.id) expect(update.card.lapses).toBe(SAVED_TIDE.card.lapses + 1);
          // Due within the review's learning steps, however far away it was.
          expect(isDue({ ...SAVED_TIDE, card: update.card }, new Date(NOW.getTime() + 15 * 60_000))).toBe(true);
        } else if (event.type === 'SAVE') {
          expect(asked).toHaveLength(1);
          const add = asked[0] as Extract<Write, { kind: 'add' }>;
          expect(add.kind).toBe('add');
          expect(add.words.map((word) => [word.lemma, word.sentence, word.articleId])).toEqual([
            [field(event, 'lemma'), sentenceOf(field(event, 'lemma')), 'harbour-tides'],
          ]);
        } else {
          expect(asked).toEqual([]);
        }
      }

      function expectState(snapshot: AnyMachineSnapshot) {
        expect(actor.getSnapshot().value).toEqual(snapshot.value);
        expect(model.serialize(actor.getSnapshot())).toBe(model.serialize(snapshot));
        const context = actor.getSnapshot().context as PracticeContext;
        if (snapshot.matches('summary')) expect(context.index).toBe(PRACTICE_SET.exercises.length);
      }

      await runPath(path, execute, expectState);
      actor.stop();
    });
  },
);
