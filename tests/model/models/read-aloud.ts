/** The test model of the read-aloud machine (src/machines/read-aloud-machine.ts), with its fixtures. */
import type { AnyMachineSnapshot } from 'xstate';
import type { SpeechVoice } from '../../../src/domain/read-aloud';
import { LOAD_VOICES_ID, readAloudMachine, type LoadedVoices, type ReadAloudContext } from '../../../src/machines/read-aloud-machine';
import { eventsFromTable, quote, type MachineModel, type PayloadTable } from './model';

/** The sentences of the model article's body, in reading order (its title first). */
export const READ_ALOUD_SENTENCES = ['Harbour reopens', 'Ships left the harbour early.', '“Stop!” she said.'];
export const READ_ALOUD_WORD = 'harbour';
export const READ_ALOUD_VOICES: readonly SpeechVoice[] = [
  { id: 'voice-us', name: 'Samantha', lang: 'en-US', accent: 'us' },
  { id: 'voice-gb', name: 'Daniel', lang: 'en-GB', accent: 'gb' },
];

const done = (output: LoadedVoices) => ({ type: `xstate.done.actor.${LOAD_VOICES_ID}`, output });

const readAloudPayloads: PayloadTable = {
  [`xstate.done.actor.${LOAD_VOICES_ID}`]: [
    done({ supported: true, voices: READ_ALOUD_VOICES }),
    done({ supported: false, voices: [] }),
    done({ supported: true, voices: [] }),
  ],
  [`xstate.error.actor.${LOAD_VOICES_ID}`]: [],
  PLAY_FROM: [{ type: 'PLAY_FROM', index: 2 }],
  SET_RATE: [{ type: 'SET_RATE', rate: 1.25 }],
  SET_VOICE: [{ type: 'SET_VOICE', voiceId: 'voice-us' }],
  SAY_WORD: [{ type: 'SAY_WORD', text: READ_ALOUD_WORD }],
  SPEECH_FAILED: [{ type: 'SPEECH_FAILED', error: 'synthesis-failed' }],
};

/** The body is rendered once per article: its sentences (or their finder) are the scenario's input, not a step. */
const skipped = (_snapshot: AnyMachineSnapshot, type: string) => type === 'SENTENCES_READY' || type === 'BODY_RENDERED';
const notSimple = new Set(['SET_RATE', 'SET_VOICE', 'SAY_WORD', 'PLAY_FROM', 'PREVIOUS', 'NEXT', 'SPEECH_FAILED']);

export const readAloudModel: MachineModel = {
  name: 'read-aloud',
  title: 'Read aloud',
  summary:
    'The player above the article body reads it aloud sentence by sentence with an English voice of the browser: play, pause, resume, stop, the next or previous sentence, a click on a sentence, speed and voice; the highlighted sentence follows the voice. Without speech synthesis or an English voice the player says so.',
  machine: readAloudMachine,
  source: 'src/machines/read-aloud-machine.ts',
  scenarios: [
    {
      id: 'read-aloud-zh',
      title: 'The learner reads an article of three sentences at /zh/articles/city-bikes',
      input: { sentences: READ_ALOUD_SENTENCES },
    },
  ],
  events(snapshot) {
    return eventsFromTable('read-aloud', snapshot, readAloudPayloads, skipped);
  },
  simpleEvents(snapshot) {
    return this.events(snapshot).filter((event) => !notSimple.has(event.type));
  },
  serialize(snapshot) {
    const context = snapshot.context as ReadAloudContext;
    return JSON.stringify({ value: snapshot.value, index: context.index, unsupported: context.unsupported });
  },
  describeEvent(event) {
    switch (event.type) {
      case `xstate.done.actor.${LOAD_VOICES_ID}`: {
        const output = (event as unknown as { output: LoadedVoices }).output;
        if (!output.supported) return 'The browser has no speech synthesis';
        return output.voices.length === 0 ? 'The browser has no English voice' : 'The browser lists a British and an American voice';
      }
      case 'PLAY':
        return 'The learner presses Play';
      case 'PAUSE':
        return 'The learner presses Pause';
      case 'RESUME':
        return 'The learner presses Resume';
      case 'STOP':
        return 'The learner presses Stop';
      case 'NEXT':
        return 'The learner presses Next sentence';
      case 'PREVIOUS':
        return 'The learner presses Previous sentence';
      case 'PLAY_FROM':
        return `The learner clicks sentence ${Number(event.index) + 1}`;
      case 'SET_RATE':
        return `The learner chooses the speed ${String(event.rate)}×`;
      case 'SET_VOICE':
        return 'The learner chooses the American voice';
      case 'SAY_WORD':
        return `The learner listens to ${quote(String(event.text))} in its dictionary entry`;
      case 'SENTENCE_ENDED':
        return 'The voice finishes what it was saying';
      case 'SPEECH_FAILED':
        return 'The speech engine fails';
      default:
        return event.type;
    }
  },
  describeContext(snapshot) {
    const context = snapshot.context as ReadAloudContext;
    if (context.unsupported !== null) return context.unsupported === 'noSpeech' ? 'no speech synthesis' : 'no English voice';
    return `sentence ${context.index + 1} of ${context.sentences.length}`;
  },
};
