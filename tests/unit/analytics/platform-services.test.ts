// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchNetworkProbe, ProbeTimeoutError } from '../../../src/platform/network-probe';
import { browserScriptLoader, ScriptLoadError } from '../../../src/platform/script-loader';
import { browserEnvironment } from '../../../src/platform/environment';

describe('network probe', () => {
  afterEach(() => vi.useRealTimers());

  it('sends a no-cors HEAD request and resolves when anything answers', async () => {
    const requests: { url: string; init: RequestInit }[] = [];
    const probe = fetchNetworkProbe(async (url, init) => {
      requests.push({ url, init });
      return {};
    });
    await expect(probe.probe('https://www.baidu.com/favicon.ico')).resolves.toBeUndefined();
    expect(requests[0]?.url).toBe('https://www.baidu.com/favicon.ico');
    expect(requests[0]?.init).toMatchObject({ method: 'HEAD', mode: 'no-cors' });
  });

  it('aborts the request and rejects with a time-out after 2000 ms', async () => {
    vi.useFakeTimers();
    let seenSignal: AbortSignal | undefined;
    const probe = fetchNetworkProbe(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          seenSignal = init.signal ?? undefined;
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const result = probe.probe('https://probe.test/x.ico');
    const outcome = expect(result).rejects.toBeInstanceOf(ProbeTimeoutError);
    await vi.advanceTimersByTimeAsync(1999);
    expect(seenSignal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(seenSignal?.aborted).toBe(true);
    await outcome;
  });

  it('aborts when the caller aborts, and passes network errors on', async () => {
    const controller = new AbortController();
    const probe = fetchNetworkProbe(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const result = probe.probe('https://probe.test/x.ico', controller.signal);
    controller.abort();
    await expect(result).rejects.toThrow('aborted');
    const failing = fetchNetworkProbe(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(failing.probe('https://probe.test/x.ico')).rejects.toThrow('Failed to fetch');
  });
});

describe('script loader', () => {
  it('adds one async script per URL and resolves on load', async () => {
    const loader = browserScriptLoader(document);
    const first = loader.load('http://local.test/a.js');
    const again = loader.load('http://local.test/a.js');
    const scripts = document.head.querySelectorAll('script[src="http://local.test/a.js"]');
    expect(scripts).toHaveLength(1);
    expect((scripts[0] as HTMLScriptElement).async).toBe(true);
    scripts[0]?.dispatchEvent(new Event('load'));
    await expect(first).resolves.toBeUndefined();
    await expect(again).resolves.toBeUndefined();
  });

  it('rejects with ScriptLoadError when the script is blocked, and removes the element', async () => {
    const loader = browserScriptLoader(document);
    const loading = loader.load('http://local.test/blocked.js');
    document.head.querySelector('script[src="http://local.test/blocked.js"]')?.dispatchEvent(new Event('error'));
    await expect(loading).rejects.toBeInstanceOf(ScriptLoadError);
    expect(document.head.querySelector('script[src="http://local.test/blocked.js"]')).toBeNull();
  });
});

describe('browser environment', () => {
  it('reads timezone, languages and referrer', () => {
    const signals = browserEnvironment(window).regionSignals();
    expect(typeof signals.timeZone).toBe('string');
    expect(signals.languages).toEqual([...navigator.languages]);
    expect(signals.referrer).toBe(document.referrer);
  });
});
