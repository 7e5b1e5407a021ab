/**
 * Looks up a word the learner tapped, clicked or typed while reading.
 * A word the server marked as part of a phrase (gave in "gave up") is sent with that phrase, whose
 * entry then comes first; a tapped word is sent with its sentence, so the sense it means there is shown.
 * States: idle (nothing open) -> lookingUp -> shown (the entry) / noEntry (not in the
 * dictionary, or not a word at all: numbers and addresses are never sent) / failed (the request
 * failed; RETRY asks again). WORD_SELECTED from any state replaces what is open; CLOSED closes
 * it. Leaving lookingUp stops the request, so a slow answer for an older word never replaces
 * the entry of a newer one.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { DictionaryLanguage } from '../../common/dictionary';
import { lookupWordFrom, type WordEntry } from '../domain/word-lookup';

export interface WordLookupContext {
  /** The answer language: the page's text language. */
  language: DictionaryLanguage;
  /** What the learner selected, as selected (shown in "No entry for …"). */
  selection: string | null;
  /** The word asked for; null when the selection is not a word. */
  word: string | null;
  /** The phrase the word stands in, in the text (the server marks it): its entry is shown first. */
  phrase: string | null;
  /** The sentence the tapped word stands in: the server shows the sense it means there. */
  sentence: string | null;
  /** The article's category, sent with the sentence: it weighs in the choice of sense. */
  category: string | null;
  entry: WordEntry | null;
}

export interface WordLookupInput {
  language: DictionaryLanguage;
}

export interface WordLookupRequest {
  word: string;
  language: DictionaryLanguage;
  phrase?: string;
  sentence?: string;
  category?: string;
}

export type WordLookupEvent =
  { type: 'WORD_SELECTED'; text: string; phrase?: string; sentence?: string; category?: string } | { type: 'RETRY' } | { type: 'CLOSED' };

export const LOOK_UP_WORD_ID = 'lookUpWord';

export const wordLookupMachine = setup({
  types: {
    context: {} as WordLookupContext,
    events: {} as WordLookupEvent,
    input: {} as WordLookupInput,
  },
  actors: {
    // Replaced by the app; a failing default keeps a forgotten wiring visible.
    lookUpWord: fromPromise<WordEntry | null, WordLookupRequest>(async () => {
      throw new Error('lookUpWord is not provided');
    }),
  },
  actions: {
    selectWord: assign(({ event }) => {
      if (event.type !== 'WORD_SELECTED') return {};
      return {
        selection: event.text,
        word: lookupWordFrom(event.text),
        phrase: event.phrase ?? null,
        sentence: event.sentence ?? null,
        category: event.category ?? null,
        entry: null,
      };
    }),
    clear: assign({ selection: null, word: null, phrase: null, sentence: null, category: null, entry: null }),
  },
  guards: {
    isWord: ({ context }) => context.word !== null,
    hasEntry: ({ event }) => {
      const output = (event as { output?: WordEntry | null }).output;
      return output != null && output.senses.length > 0;
    },
  },
}).createMachine({
  id: 'wordLookup',
  context: ({ input }) => ({
    language: input.language,
    selection: null,
    word: null,
    phrase: null,
    sentence: null,
    category: null,
    entry: null,
  }),
  initial: 'idle',
  on: {
    WORD_SELECTED: { target: '.choosing', actions: 'selectWord', reenter: true },
    CLOSED: { target: '.idle', actions: 'clear' },
  },
  states: {
    idle: {
      description: 'Nothing is open; every word of the article can be tapped, and the look-up field is empty.',
    },
    // Transient: only a real word is worth a request.
    choosing: {
      description: 'Never seen: decides at once whether the selection is a word to look up.',
      always: [{ guard: 'isWord', target: 'lookingUp' }, { target: 'noEntry' }],
    },
    lookingUp: {
      description: 'The entry opens beside the word (a bottom sheet on narrow screens) with "Looking up …".',
      invoke: {
        id: LOOK_UP_WORD_ID,
        src: 'lookUpWord',
        input: ({ context }) => ({
          word: context.word ?? '',
          language: context.language,
          ...(context.phrase === null ? {} : { phrase: context.phrase }),
          ...(context.sentence === null ? {} : { sentence: context.sentence }),
          ...(context.category === null ? {} : { category: context.category }),
        }),
        onDone: [{ guard: 'hasEntry', target: 'shown', actions: assign({ entry: ({ event }) => event.output }) }, { target: 'noEntry' }],
        onError: { target: 'failed' },
      },
    },
    shown: {
      description:
        "The entry: the word and its dictionary form, pronunciation, and per part of speech the meaning in the learner's language, the English definition and level tags.",
    },
    noEntry: {
      description: 'The entry says the dictionary has no entry for the selection.',
    },
    failed: {
      description: 'The entry says the word could not be looked up, with a Try again button; the article stays as it was.',
      on: { RETRY: { target: 'lookingUp' } },
    },
  },
});
