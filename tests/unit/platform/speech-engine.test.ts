import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBrowserSpeechEngine } from '../../../src/platform/speech-engine';

interface StubUtterance {
  text: string;
  rate: number;
  lang: string;
  voice: SpeechSynthesisVoice | null;
  onend: (() => void) | null;
  onerror: ((event: { error: string }) => void) | null;
}

/** A stand-in for window.speechSynthesis that fires 'interrupted' on cancel, as Chromium does. */
function stubHost(voices: Array<Pick<SpeechSynthesisVoice, 'name' | 'lang' | 'voiceURI'>>, loadedAtStart = true) {
  let loaded = loadedAtStart;
  const listeners = new Set<() => void>();
  const queue: StubUtterance[] = [];
  let paused = false;
  const synthesis = {
    get paused() {
      return paused;
    },
    getVoices: () => (loaded ? voices : []),
    speak: (utterance: StubUtterance) => void queue.push(utterance),
    cancel: () => {
      for (const utterance of queue.splice(0)) utterance.onerror?.({ error: 'interrupted' });
    },
    pause: () => void (paused = true),
    resume: () => void (paused = false),
    addEventListener: (_type: string, listener: () => void) => void listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => void listeners.delete(listener),
  };
  class Utterance implements StubUtterance {
    rate = 1;
    lang = '';
    voice: SpeechSynthesisVoice | null = null;
    onend: (() => void) | null = null;
    onerror: ((event: { error: string }) => void) | null = null;
    constructor(public text: string) {}
  }
  const host = {
    speechSynthesis: synthesis as unknown as SpeechSynthesis,
    SpeechSynthesisUtterance: Utterance as unknown as typeof SpeechSynthesisUtterance,
  };
  return {
    host,
    queue,
    loadVoices() {
      loaded = true;
      for (const listener of listeners) listener();
    },
  };
}

const VOICES = [
  { name: 'Daniel', lang: 'en-GB', voiceURI: 'com.daniel' },
  { name: 'Samantha', lang: 'en_US', voiceURI: '' },
  { name: 'Mónica', lang: 'es-ES', voiceURI: 'com.monica' },
];

describe('browser speech engine', () => {
  afterEach(() => vi.useRealTimers());

  it('is unsupported without speech synthesis, and lists no voices then', async () => {
    const engine = createBrowserSpeechEngine({});
    expect(engine.isSupported()).toBe(false);
    expect(await engine.voices()).toEqual([]);
  });

  it('lists the English voices only, with their accent', async () => {
    const engine = createBrowserSpeechEngine(stubHost(VOICES).host);
    expect(await engine.voices()).toEqual([
      { id: 'com.daniel', name: 'Daniel', lang: 'en-GB', accent: 'gb' },
      { id: 'Samantha', name: 'Samantha', lang: 'en_US', accent: 'us' },
    ]);
  });

  it('waits for voiceschanged when the voices load late, and gives up after a moment', async () => {
    const late = stubHost(VOICES, false);
    const voices = createBrowserSpeechEngine(late.host).voices();
    late.loadVoices();
    expect((await voices).map(({ name }) => name)).toEqual(['Daniel', 'Samantha']);

    vi.useFakeTimers();
    const never = createBrowserSpeechEngine(stubHost(VOICES, false).host).voices();
    await vi.advanceTimersByTimeAsync(2000);
    expect(await never).toEqual([]);
  });

  it('speaks with the chosen voice and rate, and reports the end of the current utterance only', () => {
    const stub = stubHost(VOICES);
    const engine = createBrowserSpeechEngine(stub.host);
    const first = { onEnd: vi.fn(), onError: vi.fn() };
    const second = { onEnd: vi.fn(), onError: vi.fn() };
    engine.speak('One.', { voiceId: 'com.daniel', rate: 0.75 }, first);
    const [utterance] = stub.queue;
    expect(utterance).toMatchObject({ text: 'One.', rate: 0.75, lang: 'en-GB' });
    expect(utterance!.voice?.name).toBe('Daniel');
    engine.speak('Two.', { voiceId: null, rate: 1 }, second);
    // The first was cancelled: its "interrupted" error and a late end are not reported.
    utterance!.onend?.();
    expect(first.onEnd).not.toHaveBeenCalled();
    expect(first.onError).not.toHaveBeenCalled();
    stub.queue[0]!.onerror?.({ error: 'synthesis-failed' });
    expect(second.onError).toHaveBeenCalledWith('synthesis-failed');
  });

  it('a stop handle stops its own utterance only; cancel after pause leaves the synthesis playing', () => {
    const stub = stubHost(VOICES);
    const engine = createBrowserSpeechEngine(stub.host);
    const stopFirst = engine.speak('One.', { voiceId: null, rate: 1 }, { onEnd: vi.fn(), onError: vi.fn() });
    const onEnd = vi.fn();
    engine.speak('Two.', { voiceId: null, rate: 1 }, { onEnd, onError: vi.fn() });
    stopFirst();
    expect(stub.queue.map(({ text }) => text)).toEqual(['Two.']);
    engine.pause();
    expect(stub.host.speechSynthesis.paused).toBe(true);
    engine.cancel();
    expect(stub.host.speechSynthesis.paused).toBe(false);
    expect(stub.queue).toEqual([]);
    expect(onEnd).not.toHaveBeenCalled();
  });
});
