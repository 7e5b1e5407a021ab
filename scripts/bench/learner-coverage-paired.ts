/**
 * npx tsx scripts/bench/learner-coverage-paired.ts [commit] [pairs]: the cold path of
 * scripts/bench/learner-coverage.ts (stored record, in one go: the cards' answer's JSON.parse and
 * io-ts decode, the record's clone and check, the entries' decode, the 20 cards' coverage) with
 * this tree's common/lemma-contract.ts and with that file as it was at `commit` (default bdbde6e,
 * before decision 39), on fresh pages at 4× CPU taken in turns (A B, B A, …), so that both see the
 * same machine: on a shared machine the load moves more between two runs than the code does.
 * The rest of the code (coverage, statuses by rank) is this tree's for both.
 * `--hints [pairs]` instead compares this tree's bundle without and with V8's compile hint (decision 42,
 * scripts/build/compile-hints.ts), the commit then unused; `--hints --flags="--no-maglev --no-turbofan" [pairs]`, the
 * hinted bundle in a plain Chromium ("without") and in one with those V8 flags ("with"). `--coverage`: see COVERAGE.
 * `--node` / `--node="--no-opt --no-sparkplug --no-maglev"` (interpreter only): each cold run in a fresh Node process.
 * `--fused`: this tree's side runs the one-pass prototype of learner-coverage-fused.ts (decision 57); check its
 * coverage against the tree's with the same bundle first (it is compared on every run). `--hinted`: both bundles with the compile hint, as the app ships them. Both sides use this tree's answer codec
 * (common/lemma-answer-codecs.ts) when the commit has that file; before it, the commit's contract's codec or io-ts's.
 */
import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { listCheck } from '../../common/lemma-contract';
import { encodeInventories } from '../../common/lemma-encode';
import { FREQUENCY_BAND_SIZE } from '../../common/placement-levels';
import { rankStatusesOf } from '../../src/domain/rank-statuses';
import { statusMap } from '../../src/domain/word-status';
import type { SavedWord } from '../../src/domain/saved-words';
import { openDictionary } from '../../server/dictionary/open-dictionary';
import { chromium } from 'playwright-core';
import { CHROME_ARGS, findChrome, launchChrome } from '../../tests/e2e/support/chrome';
import { sampleCards } from './coverage-cards';
import { REPO_ROOT } from '../../tests/support/server-process';
import { EAGER_COMPILE_HINT } from '../build/compile-hints';
import { FUSED_WORK } from './learner-coverage-fused';

const HINTS = process.argv.includes('--hints');
const HINTED = process.argv.includes('--hinted');
/** --fused: "this tree" runs the one-pass prototype (learner-coverage-fused.ts) instead of the decode and the coverage apart. */
const FUSED = process.argv.includes('--fused');
/** --node or --node="V8 flags": fresh Node processes instead of Chromium pages (see below). */
const NODE = process.argv.includes('--node') ? '' : process.argv.find((arg) => arg.startsWith('--node='))?.slice('--node='.length);
/** --coverage: src/domain/coverage.ts at the commit as well (for a change that spans both files). */
const COVERAGE = process.argv.includes('--coverage');
/** --flags=…: with --hints, this tree's hinted bundle in a plain Chromium against one with these V8 flags (decision 55). */
const FLAGS = process.argv.find((arg) => arg.startsWith('--flags='))?.slice('--flags='.length);
const positional = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
// With --hints the only argument is the number of pairs (the commit's file is then this tree's).
const commit = HINTS ? 'HEAD' : (positional[0] ?? 'bdbde6e');
const pairs = Number((HINTS ? positional[0] : positional[1]) ?? 12);
const THROTTLE = 4;

const dictionaryPath = join(tmpdir(), `bench-coverage-paired-${process.pid}.sqlite`);
const { dictionary } = openDictionary({ path: dictionaryPath });
let cardsText: string;
let known: string[];
let codes: number[];
let check: string;
try {
  const cards = sampleCards(dictionary);
  const ranked = dictionary.wordsOfLevel!([], FREQUENCY_BAND_SIZE.top10000);
  cardsText = JSON.stringify(encodeInventories(cards, undefined, ranked));
  // The learner of scripts/bench/learner-coverage.ts: the 6,000 most frequent headwords known, the last 50 saved.
  known = dictionary.wordsOfLevel!([], 6000);
  const at = '2026-03-01T10:00:00.000Z';
  const map = statusMap(
    known.map((id) => ({ id, status: 'known' as const, source: 'placement' as const, setAt: at })),
    known.slice(-50).map((id) => ({ id, savedAt: at, card: { scheduledDays: 3 } }) as unknown as SavedWord),
  );
  check = listCheck(ranked);
  codes = [...rankStatusesOf(check, ranked, map).codes];
} finally {
  dictionary.close();
  rmSync(dictionaryPath, { force: true });
}

// The contract as it was, beside this script so that esbuild finds io-ts.
const earlier = join(REPO_ROOT, `scripts/bench/.lemma-contract-${process.pid}.ts`);
// Its own modules (common/lemma-entries.ts and lemma-errors.ts since decision 57) are taken as they were too, beside it.
const siblings = ['lemma-entries', 'lemma-errors'].filter((name) => {
  try {
    execFileSync('git', ['cat-file', '-e', `${commit}:common/${name}.ts`], { cwd: REPO_ROOT, stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
});
const sibling = (name: string) => join(REPO_ROOT, `scripts/bench/.${name}-${process.pid}.ts`);
const atCommit = (name: string) => {
  let text = execFileSync('git', ['show', `${commit}:common/${name}.ts`], { cwd: REPO_ROOT, encoding: 'utf8' });
  for (const other of siblings) text = text.replaceAll(`from './${other}'`, `from './.${other}-${process.pid}'`);
  return text;
};
writeFileSync(earlier, atCommit('lemma-contract'));
for (const name of siblings) writeFileSync(sibling(name), atCommit(name));
// With --coverage, src/domain/coverage.ts too is taken as it was at the commit (beside the tree's, for its imports).
const earlierCoverage = join(REPO_ROOT, `src/domain/.coverage-${process.pid}.ts`);
if (COVERAGE)
  writeFileSync(earlierCoverage, execFileSync('git', ['show', `${commit}:src/domain/coverage.ts`], { cwd: REPO_ROOT, encoding: 'utf8' }));
const bundle = async (contract: string, codecs?: string, coverage = './src/domain/coverage') =>
  (
    await build({
      stdin: {
        contents: `
          export { coverageOf } from '${coverage}';
          export { statusMap, statusOf } from './src/domain/word-status';
          export { decodeRankStatuses } from './src/domain/rank-statuses';
          export * as contract from '${contract}';
          ${codecs === undefined ? '' : `export * as codecs from '${codecs}';`}`,
        resolveDir: REPO_ROOT,
        loader: 'ts',
      },
      bundle: true,
      format: 'iife',
      globalName: 'pairedBench',
      minify: true,
      write: false,
      platform: 'browser',
    })
  ).outputFiles[0]!.text;
let hasAnswerCodecs = true;
try {
  execFileSync('git', ['cat-file', '-e', `${commit}:common/lemma-answer-codecs.ts`], { cwd: REPO_ROOT, stdio: 'ignore' });
} catch {
  hasAnswerCodecs = false;
}
let sources: Record<'before' | 'now', string>;
try {
  sources = {
    before: await bundle(
      `./scripts/bench/.lemma-contract-${process.pid}`,
      // Since c634742 the answer codec is in its own file: a commit that has it gets it (this tree's), not io-ts's walk.
      hasAnswerCodecs ? './common/lemma-answer-codecs' : undefined,
      COVERAGE ? `./src/domain/.coverage-${process.pid}` : undefined,
    ),
    now: await bundle('./common/lemma-contract', './common/lemma-answer-codecs'),
  };
  // --hinted: both bundles begin with the compile hint, as the app's chunks of this path do (decision 42).
  if (HINTED && !HINTS) sources = { before: `${EAGER_COMPILE_HINT}\n${sources.before}`, now: `${EAGER_COMPILE_HINT}\n${sources.now}` };
  if (HINTS)
    sources = FLAGS
      ? { before: `${EAGER_COMPILE_HINT}\n${sources.now}`, now: `${EAGER_COMPILE_HINT}\n${sources.now}` }
      : { before: sources.now, now: `${EAGER_COMPILE_HINT}\n${sources.now}` };
} finally {
  rmSync(earlier, { force: true });
  rmSync(earlierCoverage, { force: true });
  for (const name of siblings) rmSync(sibling(name), { force: true });
}

/** In the page: the stored path in one go, with the contract's answer codec (the one-function codec where there is one). */
const WORK = `(({ cardsText, codes, check, known }) => {
  const bench = window.pairedBench;
  const at = '2026-03-01T10:00:00.000Z';
  const statuses = bench.statusMap(known.map((id) => ({ id, status: 'known', source: 'placement', setAt: at })), known.slice(-50).map((id) => ({ id, savedAt: at, card: { scheduledDays: 3 } })));
  const stored = { revision: 1, check, codes: Uint8Array.from(codes) };
  const codec = bench.codecs?.LemmaInventoriesAnswerCodec ?? bench.contract.LemmaInventoriesAnswerCodec ?? bench.contract.LemmaInventoriesCodec;
  const t0 = performance.now();
  const answer = codec.decode(JSON.parse(cardsText));
  if (answer._tag !== 'Right') throw new Error('invalid answer');
  const t1 = performance.now();
  const byRank = bench.decodeRankStatuses(structuredClone(stored));
  const t2 = performance.now();
  // The record given to the decode as the app gives it since decision 57 (a commit before ignores it).
  const inventories = [...bench.contract.decodedInventories(answer.right, undefined, byRank)];
  const t3 = performance.now();
  for (const inventory of inventories) bench.coverageOf(inventory, statuses, byRank);
  const t4 = performance.now();
  return [t4 - t0, t1 - t0, t2 - t1, t3 - t2, t4 - t3];
})`;

/** With --fused, after the timed run (not timed): the prototype's coverage equals the tree's decode and coverageOf. */
const FUSED_CHECK = `(({ cardsText, codes, check, known }) => {
  const bench = window.pairedBench;
  const at = '2026-03-01T10:00:00.000Z';
  const statuses = bench.statusMap(known.map((id) => ({ id, status: 'known', source: 'placement', setAt: at })), known.slice(-50).map((id) => ({ id, savedAt: at, card: { scheduledDays: 3 } })));
  const byRank = bench.decodeRankStatuses({ check, codes: Uint8Array.from(codes) });
  const answer = bench.codecs.LemmaInventoriesAnswerCodec.decode(JSON.parse(cardsText)).right;
  const expected = [...bench.contract.decodedInventories(answer)].map((each) => bench.coverageOf(each, statuses, byRank));
  const same = expected.every((each, k) => ['share', 'newWords', 'learningWords'].every((key) => each[key] === window.fusedCoverage[k][key]));
  if (!same || expected.length !== window.fusedCoverage.length) throw new Error('the one pass gave another coverage');
})`;
const workOf = (name: 'before' | 'now') => (FUSED && name === 'now' ? FUSED_WORK : WORK);
const checkOf = (name: 'before' | 'now', args: string) => (FUSED && name === 'now' ? `${FUSED_CHECK}(${args});` : '');

console.log(`Load average (1 min) at the start: ${loadavg()[0]!.toFixed(2)}`);
if (NODE !== undefined) {
  // --node[=V8 flags]: each cold run in a fresh Node process instead of a page (no throttle, no browser), so a run's
  // time is the path's own work at 1×; the minimum over the runs is the figure least touched by the other load.
  const args = JSON.stringify({ cardsText, codes, check, known });
  const figures: Record<'before' | 'now', number[][]> = { before: [], now: [] };
  const files = { before: join(tmpdir(), `paired-before-${process.pid}.cjs`), now: join(tmpdir(), `paired-now-${process.pid}.cjs`) };
  for (const name of ['before', 'now'] as const)
    writeFileSync(
      files[name],
      `globalThis.window = globalThis;\n${sources[name]}\nwindow.pairedBench = pairedBench;\nconst figures = ${workOf(name)}(${args});\n${checkOf(name, args)}\nconsole.log(JSON.stringify(figures));\n`,
    );
  try {
    for (let i = 0; i < pairs; i += 1) {
      for (const name of i % 2 === 0 ? (['before', 'now'] as const) : (['now', 'before'] as const)) {
        const out = execFileSync('node', [...NODE.split(' ').filter(Boolean), files[name]], { encoding: 'utf8' });
        figures[name].push(JSON.parse(out) as number[]);
      }
    }
  } finally {
    rmSync(files.before, { force: true });
    rmSync(files.now, { force: true });
  }
  console.log(`Load average (1 min) at the end: ${loadavg()[0]!.toFixed(2)}; Node ${process.version}, flags "${NODE}"`);
  for (const name of ['before', 'now'] as const) {
    const rows = figures[name];
    const sorted = (k: number) => rows.map((row) => row[k]!).sort((a, b) => a - b);
    const line = (k: number) => `min ${sorted(k)[0]!.toFixed(2)} median ${sorted(k)[Math.floor(rows.length / 2)]!.toFixed(2)}`;
    console.log(
      `${name === 'before' ? `lemma-contract.ts at ${commit}` : FUSED ? 'one pass (prototype)' : 'this tree'}: runs ${sorted(0)
        .map((v) => v.toFixed(2))
        .join(', ')} ms; ` + `total ${line(0)}; answer ${line(1)}; record ${line(2)}; decode ${line(3)}; coverage ${line(4)}`,
    );
  }
  process.exit(0);
}
const browser = await launchChrome();
const flagged = FLAGS ? await chromium.launch({ executablePath: findChrome(), args: [...CHROME_ARGS, `--js-flags=${FLAGS}`] }) : browser;
const figures: Record<'before' | 'now', number[][]> = { before: [], now: [] };
try {
  for (let i = 0; i < pairs; i += 1) {
    for (const name of i % 2 === 0 ? (['before', 'now'] as const) : (['now', 'before'] as const)) {
      const page = await (name === 'now' ? flagged : browser).newPage();
      await page.goto('about:blank');
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
      await page.addScriptTag({ content: sources[name] });
      const args = JSON.stringify({ cardsText, codes, check, known });
      figures[name].push((await page.evaluate(`${workOf(name)}(${args})`)) as number[]);
      if (checkOf(name, args) !== '') await page.evaluate(checkOf(name, args));
      await page.close();
    }
  }
} finally {
  await browser.close();
  if (flagged !== browser) await flagged.close();
}
console.log(`Load average (1 min) at the end: ${loadavg()[0]!.toFixed(2)}`);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
for (const name of ['before', 'now'] as const) {
  const rows = figures[name];
  const column = (k: number) => median(rows.map((row) => row[k]!)).toFixed(1);
  console.log(
    `${FLAGS ? (name === 'before' ? 'plain Chromium' : `Chromium with ${FLAGS}`) : name === 'before' ? (HINTS ? 'this tree without the compile hint' : `lemma-contract.ts at ${commit}`) : HINTS ? 'this tree with the compile hint' : FUSED ? 'one pass (prototype)' : 'this tree'}: cold pages ${rows.map((row) => row[0]!.toFixed(1)).join(', ')} ms; ` +
      `median ${column(0)} ms (answer ${column(1)}, record ${column(2)}, decode ${column(3)}, coverage ${column(4)}); ` +
      `${rows.filter((row) => row[0]! <= 16).length} of ${rows.length} within 16 ms`,
  );
}
