/**
 * A speech engine for tests: it has the voices it is given, records every utterance, and ends
 * (or fails) the current one only when the test says so.
 */
import type { SpeechVoice } from '../../src/domain/read-aloud';
import type { SpeakOptions, SpeechCallbacks, SpeechEngine } from '../../src/platform/speech-engine';

export const BRITISH_VOICE: SpeechVoice = { id: 'voice-gb', name: 'Daniel', lang: 'en-GB', accent: 'gb' };
export const AMERICAN_VOICE: SpeechVoice = { id: 'voice-us', name: 'Samantha', lang: 'en-US', accent: 'us' };

export interface Utterance extends SpeakOptions {
  readonly text: string;
}

export interface FakeSpeech extends SpeechEngine {
  readonly spoken: Utterance[];
  /** What the engine is doing now. */
  readonly state: () => 'silent' | 'speaking' | 'paused';
  /** Ends the current utterance, as the browser does when it has finished speaking it. */
  finish(): void;
  fail(error?: string): void;
}

export function fakeSpeech(options: { supported?: boolean; voices?: readonly SpeechVoice[] } = {}): FakeSpeech {
  const voices = options.voices ?? [AMERICAN_VOICE, BRITISH_VOICE];
  const spoken: Utterance[] = [];
  let current: SpeechCallbacks | null = null;
  let paused = false;
  const engine: FakeSpeech = {
    spoken,
    state: () => (current === null ? 'silent' : paused ? 'paused' : 'speaking'),
    isSupported: () => options.supported ?? true,
    voices: async () => [...voices],
    speak(text, speakOptions, callbacks) {
      spoken.push({ text, ...speakOptions });
      paused = false;
      const mine: SpeechCallbacks = { ...callbacks };
      current = mine;
      return () => {
        if (current === mine) current = null;
      };
    },
    pause: () => void (paused = true),
    resume: () => void (paused = false),
    cancel: () => void (current = null),
    finish() {
      const callbacks = current;
      current = null;
      callbacks?.onEnd();
    },
    fail(error = 'synthesis-failed') {
      const callbacks = current;
      current = null;
      callbacks?.onError(error);
    },
  };
  return engine;
}
