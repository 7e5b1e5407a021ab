/**
 * `npx tsx scripts/bench/server-profile-shares.ts DIR [--top N]`: where the server's threads spent their time, from
 * the V8 CPU profiles `uncached-scale.ts --cpu-prof DIR` has them write (one file per thread: the HTTP thread and
 * each read worker). Each sample goes to the innermost frame of its stack that names a part (fast-json-stringify,
 * worker messages, the store's search phases, Fastify, node's HTTP…), so a library called from our code counts as
 * the library. Prints per file the shares and the functions with the most self time.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CallFrame, CpuProfile } from './cpu-profile-names';

const dir = process.argv[2];
if (!dir) throw new Error('usage: server-profile-shares.ts DIR [--top N]');
const topAt = process.argv.indexOf('--top');
const TOP = topAt > 0 ? Number(process.argv[topAt + 1]) : 25;

/** Innermost first: the first rule a frame meets names the sample's part. */
const PARTS: Array<[string, (frame: CallFrame) => boolean]> = [
  ['idle', (f) => f.functionName === '(idle)'],
  ['garbage collector', (f) => f.functionName === '(garbage collector)'],
  ['store: snippets', (f) => f.url.includes('/server/store/') && f.functionName === 'snippets'],
  ['store: ranking', (f) => f.url.includes('/server/store/') && /scores|hits|rankedPage/.test(f.functionName)],
  ['store: candidates', (f) => f.url.includes('/server/store/') && /candidates|newestInBoth/.test(f.functionName)],
  ['store: other (rows, summaries, latest)', (f) => f.url.includes('/server/store/')],
  ['JSON serialisation (fast-json-stringify)', (f) => f.url.includes('fast-json-stringify') || f.functionName === 'serialised'],
  ['ETag hash', (f) => f.functionName === 'etagOf'],
  ['worker messages (structured clone, ports)', (f) => /internal\/worker|worker_threads|per_context\/messageport/.test(f.url)],
  ['answer shaping (answers/)', (f) => f.url.includes('/server/answers/')],
  ['validation (ajv)', (f) => f.url.includes('/ajv') || f.url.includes('fast-uri')],
  ['logging (pino)', (f) => f.url.includes('/pino')],
  ['load shedding (under-pressure)', (f) => f.url.includes('under-pressure')],
  [
    'compression (@fastify/compress)',
    (f) => f.url.includes('@fastify/compress') || f.url.includes('node:zlib') || f.url.includes('zlib.js'),
  ],
  ['Fastify (routing, hooks, reply)', (f) => /\/fastify\/|find-my-way|avvio|fastify-plugin|light-my-request/.test(f.url)],
  ['our server code (routes, plugins, http/)', (f) => f.url.includes('/server/')],
  ['node HTTP and sockets', (f) => /_http_|internal\/http|node:http|\/net\.js|internal\/stream|internal\/streams|node:net/.test(f.url)],
  ['tsx / module loading', (f) => f.url.includes('/tsx/') || f.url.includes('internal/modules')],
  ['program (native, outside JavaScript)', (f) => f.functionName === '(program)'],
];

function shares(profiles: readonly CpuProfile[]): void {
  for (const profile of profiles) count(profile);
  print();
}

let parts = new Map<string, number>();
let self = new Map<string, number>();
let total = 0;

function count(profile: CpuProfile): void {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const partOf = new Map<number, string>();
  const classify = (id: number): string => {
    const known = partOf.get(id);
    if (known) return known;
    let part = 'other';
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)!.callFrame;
      const rule = PARTS.find(([, test]) => test(frame));
      if (rule) {
        part = rule[0];
        break;
      }
    }
    partOf.set(id, part);
    return part;
  };
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    total += dt;
    const part = classify(id);
    parts.set(part, (parts.get(part) ?? 0) + dt);
    const f = byId.get(id)!.callFrame;
    const name = `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*node_modules\//, '').replace(/^.*\/work\/wt\/[^/]+\//, '')}:${f.lineNumber + 1}`;
    self.set(name, (self.get(name) ?? 0) + dt);
  });
}

function print(): void {
  const ms = (us: number) => (us / 1000).toFixed(0).padStart(7);
  const pct = (us: number) => ((100 * us) / total).toFixed(1).padStart(5);
  console.log(`  ${(total / 1e6).toFixed(1)} s sampled`);
  for (const [part, us] of [...parts].sort((a, b) => b[1] - a[1])) console.log(`  ${ms(us)} ms ${pct(us)} %  ${part}`);
  console.log('  self time, top functions:');
  for (const [name, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, TOP)) console.log(`  ${ms(us)} ms ${pct(us)} %  ${name}`);
  parts = new Map();
  self = new Map();
  total = 0;
}

/** One thread's windows together (cpu-profile-preload.cjs names them `<thread>-<pid>-<window>.cpuprofile`). */
const threads = new Map<string, string[]>();
for (const file of readdirSync(dir)
  .filter((name) => name.endsWith('.cpuprofile'))
  .sort()) {
  const thread = file.replace(/-\d+\.cpuprofile$/, '');
  threads.set(thread, [...(threads.get(thread) ?? []), file]);
}
for (const [thread, files] of threads) {
  console.log(`\n${thread} (${files.length} windows)`);
  shares(files.map((file) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as CpuProfile));
}
