/**
 * A stand-in for the browser's speech synthesis, installed in the page before the app runs
 * (page.addInitScript): English voices that load a moment late as Chromium's do, utterances that
 * end only when the test says so (window.__speech.finish()), and a record of what was spoken.
 * "none" removes speech synthesis; "noEnglish" has only a Spanish voice.
 */
export type SpeechMode = 'voices' | 'none' | 'noEnglish';

export interface Spoken {
  text: string;
  rate: number;
  voice: string | null;
}

/** Runs in the page before the app: the fake speech synthesis (or none). */
export function installSpeech(mode: SpeechMode) {
  if (mode === 'none') {
    for (const target of [window, Window.prototype] as object[]) {
      delete (target as Record<string, unknown>)['speechSynthesis'];
      delete (target as Record<string, unknown>)['SpeechSynthesisUtterance'];
    }
    if ('speechSynthesis' in window) Object.defineProperty(window, 'speechSynthesis', { value: undefined, configurable: true });
    return;
  }
  const voice = (name: string, lang: string) => ({ name, lang, voiceURI: `fake-${name}`, default: false, localService: true });
  const all =
    mode === 'voices' ? [voice('Daniel', 'en-GB'), voice('Samantha', 'en-US'), voice('Mónica', 'es-ES')] : [voice('Mónica', 'es-ES')];
  let loaded = false;
  const listeners = new Set<() => void>();
  type Utterance = {
    text: string;
    rate: number;
    voice: { name: string } | null;
    onend: (() => void) | null;
    onerror: ((e: { error: string }) => void) | null;
  };
  let current: Utterance | null = null;
  let paused = false;
  const spoken: Array<{ text: string; rate: number; voice: string | null }> = [];
  class FakeUtterance {
    text: string;
    rate = 1;
    lang = '';
    voice: { name: string } | null = null;
    onend: (() => void) | null = null;
    onerror: ((e: { error: string }) => void) | null = null;
    constructor(text: string) {
      this.text = text;
    }
  }
  const synthesis = {
    get speaking() {
      return current !== null;
    },
    get paused() {
      return paused;
    },
    getVoices: () => (loaded ? all : []),
    speak(utterance: Utterance) {
      current = utterance;
      spoken.push({ text: utterance.text, rate: utterance.rate, voice: utterance.voice?.name ?? null });
    },
    cancel() {
      const cancelled = current;
      current = null;
      // Chromium reports a cancelled utterance as an error; the app must not take it for a failure.
      cancelled?.onerror?.({ error: 'interrupted' });
    },
    pause: () => void (paused = true),
    resume: () => void (paused = false),
    addEventListener: (_type: string, listener: () => void) => void listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => void listeners.delete(listener),
  };
  setTimeout(() => {
    loaded = true;
    for (const listener of listeners) listener();
  }, 100);
  Object.defineProperty(window, 'speechSynthesis', { value: synthesis, configurable: true });
  Object.defineProperty(window, 'SpeechSynthesisUtterance', { value: FakeUtterance, configurable: true });
  (window as unknown as { __speech: object }).__speech = {
    spoken,
    state: () => (current === null ? 'silent' : paused ? 'paused' : 'speaking'),
    finish() {
      const ended = current;
      current = null;
      ended?.onend?.();
    },
  };
}
