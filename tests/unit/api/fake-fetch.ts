/**
 * A scripted stand-in for fetch: each call takes the next step and records the URL and headers.
 * The real server is exercised by the API and browser tests; these unit tests pin the client's rules.
 */
export type FetchStep =
  | { readonly kind: 'json'; readonly status?: number; readonly statusText?: string; readonly body: unknown }
  | { readonly kind: 'text'; readonly status?: number; readonly statusText?: string; readonly body: string }
  | { readonly kind: 'network-error'; readonly message?: string }
  /** Never answers; only an abort (time-out or caller) ends it, the way a stalled connection behaves. */
  | { readonly kind: 'hang' };

export interface RecordedCall {
  readonly url: string;
  readonly init: RequestInit;
}

export interface FakeFetch {
  (input: string, init: RequestInit): Promise<Response>;
  readonly calls: RecordedCall[];
}

export function json(body: unknown, status = 200, statusText = 'OK'): FetchStep {
  return { kind: 'json', body, status, statusText };
}

export function fakeFetch(...steps: FetchStep[]): FakeFetch {
  const calls: RecordedCall[] = [];
  const fn = (async (input: string, init: RequestInit): Promise<Response> => {
    calls.push({ url: input, init });
    const step = steps[Math.min(calls.length - 1, steps.length - 1)];
    if (step === undefined) throw new Error('fake fetch has no steps');
    switch (step.kind) {
      case 'json':
        return new Response(JSON.stringify(step.body), {
          status: step.status ?? 200,
          statusText: step.statusText ?? 'OK',
          headers: { 'Content-Type': 'application/json' },
        });
      case 'text':
        return new Response(step.body, { status: step.status ?? 200, statusText: step.statusText ?? 'OK' });
      case 'network-error':
        throw new TypeError(step.message ?? 'fetch failed');
      case 'hang':
        return new Promise<Response>((_, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')), {
            once: true,
          });
        });
    }
  }) as FakeFetch;
  Object.defineProperty(fn, 'calls', { value: calls });
  return fn;
}

/** Records every wait instead of waiting. */
export function recordingSleep(): { sleep: (ms: number) => Promise<void>; waits: number[] } {
  const waits: number[] = [];
  return {
    waits,
    sleep: async (ms: number) => {
      waits.push(ms);
    },
  };
}

export function listItem(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    article_id: 'npr-2024-clinic',
    title: 'Rural Clinic Expands',
    source: 'npr',
    date: '2024-03-05T10:00:00Z',
    word_count: 240,
    categories: ['health'],
    preview: { summary: 'More nurses for the valley', difficulty_level: 'beginner' },
    ...overrides,
  };
}

export function page(articles: unknown[], extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { articles, total: articles.length, limit: 10, offset: 0, ...extra };
}
