/**
 * Reads the article aloud, one sentence at a time, with the browser's speech synthesis.
 * States: loading (the English voices) -> unsupported (no speech synthesis, or no English voice)
 * or idle; PLAY -> reading (speaking / paused), one utterance per sentence, the next when one
 * ends -> ended after the last; failed when the engine reports an error. sayingWord speaks one
 * word for the dictionary entry. The sentences arrive as plain strings (SENTENCES_READY) from the
 * view, which finds them in the rendered body; the machine never sees the DOM. The view may instead
 * say that a body with text was rendered (BODY_RENDERED) and hand over the finder: the first PLAY calls
 * it, so a page that is never read aloud never looks for its sentences.
 */
import { assign, fromCallback, fromPromise, raise, setup, type EventObject } from 'xstate';
import { defaultVoice, type ReadAloudRate, type SpeechVoice } from '../domain/read-aloud';

export type ReadAloudUnsupported = 'noSpeech' | 'noEnglishVoice';

/** Finds the rendered body's sentences, in reading order. */
export type SentenceFinder = () => readonly string[];

export interface ReadAloudContext {
  sentences: readonly string[];
  /** Set while the rendered body's sentences are not found yet: the first PLAY calls it. */
  findSentences: SentenceFinder | null;
  /** The sentence being read, or where PLAY starts. */
  index: number;
  rate: ReadAloudRate;
  voices: readonly SpeechVoice[];
  voiceId: string | null;
  unsupported: ReadAloudUnsupported | null;
  error: string | null;
  /** A speed or voice chosen while paused: RESUME speaks the sentence again with it. */
  restartOnResume: boolean;
  /** The word sayingWord speaks. */
  word: string | null;
}

export interface ReadAloudInput {
  /** The body's sentences when they are known already; otherwise SENTENCES_READY brings them. */
  readonly sentences?: readonly string[];
}

export interface LoadedVoices {
  readonly supported: boolean;
  readonly voices: readonly SpeechVoice[];
}

export interface SpeakInput {
  readonly text: string;
  readonly voiceId: string | null;
  readonly rate: ReadAloudRate;
}

export type ReadAloudEvent =
  | { type: 'SENTENCES_READY'; sentences: readonly string[] }
  | { type: 'BODY_RENDERED'; findSentences: SentenceFinder }
  | { type: 'PLAY' }
  | { type: 'PAUSE' }
  | { type: 'RESUME' }
  | { type: 'STOP' }
  | { type: 'NEXT' }
  | { type: 'PREVIOUS' }
  | { type: 'PLAY_FROM'; index: number }
  | { type: 'SET_RATE'; rate: ReadAloudRate }
  | { type: 'SET_VOICE'; voiceId: string }
  | { type: 'SAY_WORD'; text: string }
  | { type: 'SENTENCE_ENDED' }
  | { type: 'SPEECH_FAILED'; error: string };

export const LOAD_VOICES_ID = 'loadVoices';

const toIdle = { target: '#readAloud.idle', actions: 'setSentences' } as const;
const toIdleWithFinder = { target: '#readAloud.idle', actions: 'setSentenceFinder' } as const;
/** Finds the sentences, then PLAY is decided again on them (in the same step: nothing is seen in between). */
const findThenPlay = { guard: 'sentencesToFind', actions: ['findSentences', 'playAgain'] } as const;
const sayWord = { target: '#readAloud.sayingWord', actions: 'setWord', reenter: true } as const;

export const readAloudMachine = setup({
  types: {
    context: {} as ReadAloudContext,
    events: {} as ReadAloudEvent,
    input: {} as ReadAloudInput,
  },
  actors: {
    // Replaced by the app; failing defaults keep a forgotten wiring visible.
    loadVoices: fromPromise<LoadedVoices>(async () => {
      throw new Error('loadVoices is not provided');
    }),
    speak: fromCallback<EventObject, SpeakInput>(({ sendBack }) => {
      sendBack({ type: 'SPEECH_FAILED', error: 'speak is not provided' });
    }),
  },
  actions: {
    pauseSpeech: () => {},
    resumeSpeech: () => {},
    speakWord: () => {},
    setSentences: assign(({ event }) =>
      event.type === 'SENTENCES_READY'
        ? { sentences: event.sentences, findSentences: null, index: 0, error: null, restartOnResume: false }
        : {},
    ),
    setSentenceFinder: assign(({ event }) =>
      event.type === 'BODY_RENDERED'
        ? { sentences: [], findSentences: event.findSentences, index: 0, error: null, restartOnResume: false }
        : {},
    ),
    findSentences: assign(({ context }) =>
      context.findSentences === null ? {} : { sentences: context.findSentences(), findSentences: null },
    ),
    playAgain: raise({ type: 'PLAY' }),
    setIndex: assign(({ event }) => (event.type === 'PLAY_FROM' ? { index: event.index, restartOnResume: false } : {})),
    setRate: assign(({ event }) => (event.type === 'SET_RATE' ? { rate: event.rate } : {})),
    setVoice: assign(({ context, event }) =>
      event.type === 'SET_VOICE' && context.voices.some((voice) => voice.id === event.voiceId) ? { voiceId: event.voiceId } : {},
    ),
    markRestart: assign({ restartOnResume: true }),
    setWord: assign(({ event }) => (event.type === 'SAY_WORD' ? { word: event.text } : {})),
    next: assign(({ context }) => ({ index: context.index + 1, restartOnResume: false })),
    previous: assign(({ context }) => ({ index: context.index - 1, restartOnResume: false })),
    rewind: assign({ index: 0, error: null, restartOnResume: false }),
    clearError: assign({ error: null, restartOnResume: false }),
    setError: assign(({ event }) => (event.type === 'SPEECH_FAILED' ? { error: event.error } : {})),
  },
  guards: {
    hasSentences: ({ context }) => context.sentences.length > 0,
    sentencesToFind: ({ context }) => context.findSentences !== null,
    hasNext: ({ context }) => context.index + 1 < context.sentences.length,
    hasPrevious: ({ context }) => context.index > 0,
    validIndex: ({ context, event }) =>
      event.type === 'PLAY_FROM' && Number.isInteger(event.index) && event.index >= 0 && event.index < context.sentences.length,
    noSpeech: ({ event }) => !(event as unknown as { output: LoadedVoices }).output.supported,
    noEnglishVoice: ({ event }) => (event as unknown as { output: LoadedVoices }).output.voices.length === 0,
    restartOnResume: ({ context }) => context.restartOnResume,
    hasWord: ({ event }) => event.type === 'SAY_WORD' && event.text.trim() !== '',
  },
}).createMachine({
  id: 'readAloud',
  context: ({ input }) => ({
    sentences: input.sentences ?? [],
    findSentences: null,
    index: 0,
    rate: 1,
    voices: [],
    voiceId: null,
    unsupported: null,
    error: null,
    restartOnResume: false,
    word: null,
  }),
  initial: 'loading',
  on: {
    // Wherever they are not handled below (loading, unsupported), they are only remembered.
    SENTENCES_READY: { actions: 'setSentences' },
    BODY_RENDERED: { actions: 'setSentenceFinder' },
    SET_RATE: { actions: 'setRate' },
    SET_VOICE: { actions: 'setVoice' },
  },
  states: {
    loading: {
      description: 'Never shown for long: the player waits (at most a moment) for the browser to list its English voices.',
      invoke: {
        id: LOAD_VOICES_ID,
        src: 'loadVoices',
        onDone: [
          { guard: 'noSpeech', target: 'unsupported', actions: assign({ unsupported: 'noSpeech' }) },
          { guard: 'noEnglishVoice', target: 'unsupported', actions: assign({ unsupported: 'noEnglishVoice' }) },
          {
            target: 'idle',
            actions: assign(({ event }) => ({ voices: event.output.voices, voiceId: defaultVoice(event.output.voices)?.id ?? null })),
          },
        ],
        onError: { target: 'unsupported', actions: assign({ unsupported: 'noSpeech' }) },
      },
    },
    unsupported: {
      description:
        'The player says, in the interface language, that this browser cannot read aloud (no speech synthesis or no English voice); no buttons, and the dictionary entry has no listen button.',
    },
    idle: {
      description: 'The player shows Play, the voice and the speed; nothing is highlighted.',
      on: {
        SENTENCES_READY: toIdle,
        BODY_RENDERED: toIdleWithFinder,
        PLAY: [findThenPlay, { guard: 'hasSentences', target: 'reading', actions: 'clearError' }],
        SAY_WORD: { guard: 'hasWord', ...sayWord },
      },
    },
    reading: {
      description:
        'The body is being read; the current sentence is highlighted and kept in view, and the player says which of how many it is.',
      invoke: {
        src: 'speak',
        input: ({ context }) => ({ text: context.sentences[context.index] ?? '', voiceId: context.voiceId, rate: context.rate }),
      },
      on: {
        SENTENCES_READY: toIdle,
        BODY_RENDERED: toIdleWithFinder,
        SENTENCE_ENDED: [
          { guard: 'hasNext', target: 'reading', actions: 'next', reenter: true },
          { target: 'ended', actions: 'rewind' },
        ],
        SPEECH_FAILED: { target: 'failed', actions: 'setError' },
        STOP: { target: 'idle', actions: 'rewind' },
        NEXT: { guard: 'hasNext', target: 'reading', actions: 'next', reenter: true },
        PREVIOUS: { guard: 'hasPrevious', target: 'reading', actions: 'previous', reenter: true },
        // Only while reading: otherwise a click on the body looks the word up.
        PLAY_FROM: { guard: 'validIndex', target: 'reading', actions: 'setIndex', reenter: true },
        // The entry's listen button while reading: the article pauses for the word, and Resume reads the sentence again.
        SAY_WORD: { guard: 'hasWord', target: '.paused', actions: ['setWord', 'markRestart', 'speakWord'] },
      },
      initial: 'speaking',
      states: {
        speaking: {
          description: 'The sentence is spoken; the player offers Pause and Stop, the previous and the next sentence.',
          on: {
            PAUSE: { target: 'paused', actions: 'pauseSpeech' },
            // A new speed or voice is heard at once: the sentence starts again with it.
            SET_RATE: { target: '#readAloud.reading', actions: 'setRate', reenter: true },
            SET_VOICE: { target: '#readAloud.reading', actions: 'setVoice', reenter: true },
          },
        },
        paused: {
          description:
            'Reading is paused on the highlighted sentence (by Pause, or while the entry says a word); the player offers Resume.',
          on: {
            RESUME: [
              { guard: 'restartOnResume', target: '#readAloud.reading', actions: 'clearError', reenter: true },
              { target: 'speaking', actions: 'resumeSpeech' },
            ],
            SET_RATE: { actions: ['setRate', 'markRestart'] },
            SET_VOICE: { actions: ['setVoice', 'markRestart'] },
          },
        },
      },
    },
    sayingWord: {
      description: 'The word of the dictionary entry is spoken; reading, when it goes on, starts at the sentence it had reached.',
      invoke: {
        src: 'speak',
        input: ({ context }) => ({ text: context.word ?? '', voiceId: context.voiceId, rate: context.rate }),
      },
      on: {
        SENTENCES_READY: toIdle,
        BODY_RENDERED: toIdleWithFinder,
        SENTENCE_ENDED: { target: 'idle' },
        SPEECH_FAILED: { target: 'idle' },
        STOP: { target: 'idle' },
        PLAY: [findThenPlay, { guard: 'hasSentences', target: 'reading', actions: 'clearError' }],
        SAY_WORD: { guard: 'hasWord', ...sayWord },
      },
    },
    ended: {
      description: 'The whole article has been read; the player says so and Play starts again from the top.',
      on: {
        SENTENCES_READY: toIdle,
        BODY_RENDERED: toIdleWithFinder,
        PLAY: { guard: 'hasSentences', target: 'reading' },
        SAY_WORD: { guard: 'hasWord', ...sayWord },
      },
    },
    failed: {
      description:
        'The player says the browser could not read the sentence aloud; Play tries that sentence again, Stop goes back to the top.',
      on: {
        SENTENCES_READY: toIdle,
        BODY_RENDERED: toIdleWithFinder,
        PLAY: { target: 'reading', actions: 'clearError' },
        STOP: { target: 'idle', actions: 'rewind' },
        SAY_WORD: { guard: 'hasWord', ...sayWord },
      },
    },
  },
});
