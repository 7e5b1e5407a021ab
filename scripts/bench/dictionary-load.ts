/** The dictionary bench's look-up latency: the real server under autocannon, and Dictionary.lookUp in process. */
import { dirname, join } from 'node:path';
import autocannon from 'autocannon';
import { openDictionary } from '../../server/dictionary/open-dictionary';
import { startServer } from '../../tests/support/server-process';
import {
  CONNECTIONS,
  LANGUAGES,
  log,
  LOOKUP_WORDS,
  percentile,
  round,
  UNLIMITED,
  type DictionaryBench,
  type LatencyFigures,
} from './dictionary-figures';
import { rssMiB } from './load';

type AutocannonResult = Awaited<ReturnType<typeof autocannon>>;

/** Every URL of the mix, in a fixed shuffled order so consecutive requests differ in word and language. */
export function lookupPaths(): string[] {
  const words = Object.values(LOOKUP_WORDS).flat();
  const paths = words.flatMap((word) => LANGUAGES.map((language) => `/api/dictionary/${encodeURIComponent(word)}?language=${language}`));
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  for (let i = paths.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [paths[i], paths[j]] = [paths[j]!, paths[i]!];
  }
  return paths;
}

async function loadFigures(
  url: string,
  durationSeconds: number,
  paths?: readonly string[],
): Promise<LatencyFigures & { requested: Set<string> }> {
  let next = 0;
  const requested = new Set<string>();
  const times = new Map<string, number[]>();
  const options = {
    url,
    connections: CONNECTIONS,
    duration: durationSeconds,
    timeout: 10,
    ...(paths?.length
      ? {
          requests: [
            {
              setupRequest: (request: { path?: string }) => {
                const path = paths[next++ % paths.length]!;
                requested.add(path);
                request.path = path;
                return request;
              },
            },
          ],
        }
      : {}),
  };
  const instance = autocannon(options) as unknown as Promise<AutocannonResult> & {
    on(event: 'response', listener: (client: unknown, status: number, bytes: number, ms: number) => void): void;
  };
  instance.on('response', (_client, status, _bytes, ms) => {
    const list = times.get(String(status)) ?? [];
    list.push(ms);
    times.set(String(status), list);
  });
  const result = await instance;
  const exact: LatencyFigures['exact'] = {};
  let all: number[] = [];
  for (const [status, list] of times) {
    list.sort((a, b) => a - b);
    // concat, not push(...list): a fast run has more responses than a call has room for arguments.
    all = all.concat(list);
    exact[status] = { count: list.length, p50Ms: round(percentile(list, 50), 2), p99Ms: round(percentile(list, 99), 2) };
  }
  all.sort((a, b) => a - b);
  exact.all = { count: all.length, p50Ms: round(percentile(all, 50), 2), p99Ms: round(percentile(all, 99), 2) };
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p90Ms: result.latency.p90,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    total: result.requests.total,
    errors: result.errors + result.timeouts,
    statuses: Object.fromEntries([...times].map(([s, l]) => [s, l.length])),
    exact,
    requested,
  };
}

export async function measureLoad(distDir: string, durationSeconds: number): Promise<NonNullable<DictionaryBench['load']>> {
  const paths = lookupPaths();
  const server = await startServer({ distDir, env: { ...UNLIMITED, LOAD_CORPUS: 'false' } });
  try {
    let hits = 0;
    let misses = 0;
    const examples: string[] = [];
    for (const path of paths) {
      const response = await fetch(`${server.origin}${path}`);
      const body = await response.text();
      if (response.status === 200) hits += 1;
      else if (response.status === 404) misses += 1;
      else throw new Error(`GET ${path} answered ${response.status}: ${body.slice(0, 200)}`);
      if (path.endsWith('language=zh') && examples.length < 8 && /colours|travelled|children|low-income|better|qwzx/.test(path)) {
        const lemma = (JSON.parse(body) as { lemma?: string }).lemma;
        examples.push(`${decodeURIComponent(path.split('/')[3]!.split('?')[0]!)} → ${response.status === 200 ? lemma : '404'}`);
      }
    }
    log(`  ${paths.length} URLs: ${hits} answer 200, ${misses} answer 404`);
    const rssBefore = rssMiB(server.pid());
    // Each request's path is replaced by the next of the mix; the URL only gives the origin.
    await loadFigures(`${server.origin}${paths[0]}`, 2, paths); // warm-up with the mix
    const lookup = await loadFigures(`${server.origin}${paths[0]}`, durationSeconds, paths);
    const rssAfter = rssMiB(server.pid());
    log(
      `  look-up: ${lookup.requestsPerSecond} req/s, p50 ${lookup.p50Ms} ms, p99 ${lookup.p99Ms} ms (exact p99 ${lookup.exact.all?.p99Ms} ms), ${lookup.requested.size} distinct URLs, statuses ${JSON.stringify(lookup.statuses)}`,
    );
    const health = await loadFigures(`${server.origin}/api/health`, Math.max(3, Math.round(durationSeconds / 2)));
    log(`  /api/health (reference): ${health.requestsPerSecond} req/s, p50 ${health.p50Ms} ms, p99 ${health.p99Ms} ms`);
    const { requested, ...lookupFigures } = lookup;
    const { requested: _unused, ...healthFigures } = health;
    return {
      durationSeconds,
      connections: CONNECTIONS,
      urls: paths.length,
      distinctRequested: requested.size,
      mix: { words: Object.values(LOOKUP_WORDS).flat().length, hits, misses, languages: LANGUAGES },
      lookup: lookupFigures,
      health: healthFigures,
      inProcess: measureInProcess(join(dirname(server.databasePath), 'dictionary.db')),
      rssBeforeMiB: rssBefore,
      rssAfterMiB: rssAfter,
      examples,
    };
  } finally {
    await server.dispose();
  }
}

/** Dictionary.lookUp itself, without HTTP: each word of the mix in each language, many rounds. */
function measureInProcess(path: string): { medianMicros: number; p99Micros: number; calls: number } {
  const { dictionary } = openDictionary({ path });
  try {
    const words = Object.values(LOOKUP_WORDS).flat();
    const times: number[] = [];
    for (let round = 0; round < 60; round++) {
      for (const word of words) {
        for (const language of LANGUAGES) {
          const started = performance.now();
          dictionary.lookUp(word, language);
          if (round >= 10) times.push((performance.now() - started) * 1000);
        }
      }
    }
    times.sort((a, b) => a - b);
    return { medianMicros: Math.round(percentile(times, 50)), p99Micros: Math.round(percentile(times, 99)), calls: times.length };
  } finally {
    dictionary.close();
  }
}
