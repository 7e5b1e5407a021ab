/**
 * The browser's speech synthesis behind a small interface, so the read-aloud machine can be
 * tested with a fake. One utterance is spoken at a time; speaking a new one cancels the old, and
 * the old one's end or error is never reported (the browser reports a cancelled utterance as an
 * "interrupted" or "canceled" error, which is not a failure).
 */
import { accentOf, isEnglishTag, type SpeechVoice } from '../domain/read-aloud';

export interface SpeakOptions {
  /** null: the browser's default voice for the utterance's language. */
  readonly voiceId: string | null;
  readonly rate: number;
}

export interface SpeechCallbacks {
  readonly onEnd: () => void;
  readonly onError: (error: string) => void;
}

export interface SpeechEngine {
  isSupported(): boolean;
  /** English voices only; waits (briefly) for browsers that load their voices after the page. */
  voices(): Promise<SpeechVoice[]>;
  /** Cancels what was speaking and speaks `text`; the returned function stops this utterance only if it is still the current one. */
  speak(text: string, options: SpeakOptions, callbacks: SpeechCallbacks): () => void;
  pause(): void;
  resume(): void;
  cancel(): void;
}

/** Chromium fills its voice list after `voiceschanged`; some browsers never fire it. */
const VOICES_WAIT_MS = 1500;

interface SpeechWindow {
  speechSynthesis?: SpeechSynthesis;
  SpeechSynthesisUtterance?: typeof SpeechSynthesisUtterance;
}

function englishVoices(all: readonly SpeechSynthesisVoice[]): SpeechVoice[] {
  return all
    .filter((voice) => isEnglishTag(voice.lang))
    .map((voice) => ({ id: voice.voiceURI || voice.name, name: voice.name, lang: voice.lang, accent: accentOf(voice.lang) }));
}

// A server render has no window: its engine has no speech, and the player shows the same loading state as in a browser.
export function createBrowserSpeechEngine(
  host: SpeechWindow = typeof window === 'undefined' ? {} : (window as SpeechWindow),
): SpeechEngine {
  let current: SpeechSynthesisUtterance | null = null;
  const synthesis = () => host.speechSynthesis!;

  const engine: SpeechEngine = {
    isSupported: () => host.speechSynthesis !== undefined && typeof host.SpeechSynthesisUtterance === 'function',
    voices: async () => {
      if (!engine.isSupported()) return [];
      const now = synthesis().getVoices();
      if (now.length > 0) return englishVoices(now);
      return new Promise<SpeechVoice[]>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          synthesis().removeEventListener('voiceschanged', done);
          resolve(englishVoices(synthesis().getVoices()));
        };
        const timer = setTimeout(done, VOICES_WAIT_MS);
        synthesis().addEventListener('voiceschanged', done);
      });
    },
    speak: (text, { voiceId, rate }, { onEnd, onError }) => {
      engine.cancel();
      const utterance = new host.SpeechSynthesisUtterance!(text);
      utterance.lang = 'en';
      utterance.rate = rate;
      const voice =
        voiceId === null
          ? undefined
          : synthesis()
              .getVoices()
              .find((v) => (v.voiceURI || v.name) === voiceId);
      if (voice !== undefined) {
        utterance.voice = voice;
        utterance.lang = voice.lang;
      }
      utterance.onend = () => {
        if (current !== utterance) return;
        current = null;
        onEnd();
      };
      utterance.onerror = (event) => {
        if (current !== utterance || event.error === 'interrupted' || event.error === 'canceled') return;
        current = null;
        onError(event.error);
      };
      // Held here also because Chromium drops the events of an utterance nothing references.
      current = utterance;
      synthesis().speak(utterance);
      return () => {
        if (current === utterance) engine.cancel();
      };
    },
    pause: () => {
      if (engine.isSupported()) synthesis().pause();
    },
    resume: () => {
      if (engine.isSupported()) synthesis().resume();
    },
    cancel: () => {
      current = null;
      if (!engine.isSupported()) return;
      synthesis().cancel();
      // A paused synthesis stays paused after cancel() in Chromium, and would hold the next utterance.
      if (synthesis().paused) synthesis().resume();
    },
  };
  return engine;
}
