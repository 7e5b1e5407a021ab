/**
 * The placement on /{lang}/level (docs/learner-model.md): choosing -> fetching the level's words
 * -> applying them (known, except any word the learner set by hand or saved; an earlier placement
 * is replaced) -> done with how many words were marked; failed (the words could not be fetched,
 * or the store written) offers Try again. Skippable (a link home) and repeatable (CHOOSE_AGAIN).
 */
import { assign, fromPromise, setup } from 'xstate';
import type { PlacementLevel } from '../../common/placement-levels';
import type { WordStoreProblem } from '../domain/saved-words';
import { WordStoreError } from '../platform/word-store';

export interface PlacementContext {
  level: PlacementLevel | null;
  words: readonly string[];
  /** Words the placement marked known. */
  marked: number;
  /** Why it failed: a store problem, or 'network' when the words could not be fetched. */
  problem: WordStoreProblem | 'network' | null;
}

export type PlacementEvent = { type: 'LEVEL_CHOSEN'; level: PlacementLevel } | { type: 'RETRY' } | { type: 'CHOOSE_AGAIN' };

export const FETCH_LEVEL_WORDS_ID = 'fetchLevelWords';
export const APPLY_PLACEMENT_ID = 'applyPlacement';

export const placementMachine = setup({
  types: {
    context: {} as PlacementContext,
    events: {} as PlacementEvent,
  },
  actors: {
    // Replaced by the app; failing defaults keep a forgotten wiring visible.
    fetchLevelWords: fromPromise<string[], { level: PlacementLevel }>(async () => {
      throw new Error('fetchLevelWords is not provided');
    }),
    /** Marks the words known (never over a hand-set status or a saved word); outputs how many it marked. */
    applyPlacement: fromPromise<number, { level: PlacementLevel; words: readonly string[] }>(async () => {
      throw new WordStoreError('unavailable', 'applyPlacement is not provided');
    }),
  },
  actions: {
    choose: assign(({ event }) => (event.type === 'LEVEL_CHOSEN' ? { level: event.level, words: [], problem: null } : {})),
  },
  guards: {
    hasWords: ({ context }) => context.words.length > 0,
  },
}).createMachine({
  id: 'placement',
  context: { level: null, words: [], marked: 0, problem: null },
  initial: 'choosing',
  states: {
    choosing: {
      description:
        'The levels to choose from (中考, 高考, CET-4, CET-6, IELTS, TOEFL, or the most frequent 1,000 to 10,000 words), a button to mark them known, and a link to skip.',
      on: { LEVEL_CHOSEN: { target: 'fetching', actions: 'choose' } },
    },
    fetching: {
      description: 'The words of the chosen level are being fetched; the page says so.',
      invoke: {
        id: FETCH_LEVEL_WORDS_ID,
        src: 'fetchLevelWords',
        input: ({ context }) => ({ level: context.level! }),
        onDone: { target: 'applying', actions: assign({ words: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ problem: 'network' }) },
      },
    },
    applying: {
      description: 'The words are being marked known in this browser; the page says so.',
      invoke: {
        id: APPLY_PLACEMENT_ID,
        src: 'applyPlacement',
        input: ({ context }) => ({ level: context.level!, words: context.words }),
        onDone: { target: 'done', actions: assign({ marked: ({ event }) => event.output }) },
        onError: {
          target: 'failed',
          actions: assign({ problem: ({ event }) => (event.error instanceof WordStoreError ? event.error.problem : 'failed') }),
        },
      },
    },
    done: {
      description: 'How many words are now known, with links to the articles (which now show coverage) and to choose again.',
      on: { CHOOSE_AGAIN: 'choosing' },
    },
    failed: {
      description:
        'Why the placement could not be made (no connection, or no storage in this browser), with Try again; nothing was half-written.',
      on: {
        RETRY: [{ guard: 'hasWords', target: 'applying' }, { target: 'fetching' }],
        CHOOSE_AGAIN: 'choosing',
      },
    },
  },
});
