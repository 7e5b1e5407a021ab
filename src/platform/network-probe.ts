/**
 * Asks whether a URL answers at all. Used to tell whether a Chinese site is reachable
 * quickly (one of the signals that the learner is in China).
 */
export interface NetworkProbe {
  /** Resolves when the URL answered; rejects on network failure, abort or time-out. */
  probe(url: string, signal?: AbortSignal): Promise<void>;
}

export const PROBE_TIMEOUT_MS = 2000;

export class ProbeTimeoutError extends Error {
  constructor(
    readonly url: string,
    readonly timeoutMs: number,
  ) {
    super(`Probe of ${url} timed out after ${timeoutMs} ms`);
    this.name = 'ProbeTimeoutError';
  }
}

type Fetch = (input: string, init: RequestInit) => Promise<unknown>;

/**
 * A HEAD request in no-cors mode: the answer is opaque (we cannot read it and do not
 * need to); that it arrives at all is the signal. Aborted after the time-out.
 */
export function fetchNetworkProbe(
  fetchImpl: Fetch = (input, init) => fetch(input, init),
  timeoutMs: number = PROBE_TIMEOUT_MS,
): NetworkProbe {
  return {
    async probe(url, signal) {
      const controller = new AbortController();
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, timeoutMs);
      const forwardAbort = () => controller.abort();
      signal?.addEventListener('abort', forwardAbort, { once: true });
      try {
        await fetchImpl(url, { method: 'HEAD', mode: 'no-cors', cache: 'no-store', signal: controller.signal });
      } catch (error) {
        if (timedOut) throw new ProbeTimeoutError(url, timeoutMs);
        throw error;
      } finally {
        clearTimeout(timer);
        signal?.removeEventListener('abort', forwardAbort);
      }
    },
  };
}
