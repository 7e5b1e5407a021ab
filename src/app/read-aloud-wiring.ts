/**
 * The read-aloud machine over a speech engine: the browser's in the app, a fake in tests. Kept
 * apart from the machine file so the machine stays a plain definition.
 */
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import type { SpeechEngine } from '../platform/speech-engine';
import { readAloudMachine, type LoadedVoices, type SpeakInput } from '../machines/read-aloud-machine';

const NO_CALLBACKS = { onEnd: () => {}, onError: () => {} };

export function readAloudWith(engine: SpeechEngine) {
  return readAloudMachine.provide({
    actors: {
      loadVoices: fromPromise<LoadedVoices>(async () =>
        engine.isSupported() ? { supported: true, voices: await engine.voices() } : { supported: false, voices: [] },
      ),
      speak: fromCallback<EventObject, SpeakInput>(({ input, sendBack }) =>
        engine.speak(
          input.text,
          { voiceId: input.voiceId, rate: input.rate },
          { onEnd: () => sendBack({ type: 'SENTENCE_ENDED' }), onError: (error) => sendBack({ type: 'SPEECH_FAILED', error }) },
        ),
      ),
    },
    actions: {
      pauseSpeech: () => engine.pause(),
      resumeSpeech: () => engine.resume(),
      // The sentence's utterance is cancelled by this one and reports nothing; Resume speaks it again.
      speakWord: ({ context }) => void engine.speak(context.word ?? '', { voiceId: context.voiceId, rate: context.rate }, NO_CALLBACKS),
    },
  });
}
