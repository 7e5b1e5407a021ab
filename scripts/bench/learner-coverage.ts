/**
 * npx tsx scripts/bench/learner-coverage.ts: what personal coverage costs (docs/learner-model.md).
 * - Bytes: the lemma inventories of 20 cards (GET /api/lemmas?ids=…, the encoding of
 *   common/lemma-contract.ts) and of one article page (with its forms), gzip level 9, built from the
 *   sample corpus with the bundled dictionary.
 * - Time: in Chromium with the CPU slowed 4× (DevTools protocol Emulation.setCPUThrottlingRate),
 *   the browser's own code (src/domain/coverage.ts, word-status.ts and common/lemma-contract.ts with
 *   io-ts, bundled with esbuild), for a learner with 6,000 known lemmas and 50 saved words:
 *   - warm: the 20 cards' answer validated, decoded and their coverage computed, the frequency list
 *     already in the page: median and slowest of 25 runs after 3 warm-up runs, and the first run;
 *   - cold: COLD_PAGES fresh pages (nothing of this code run before) each do everything from the two
 *     answers' texts (the cards' and the frequency list's, as the server sends them) to the 20 cards'
 *     coverage, in one go; COLD_PAGES more do the same as the app's pieces (the app runs each as a
 *     task of its own, at most 4 ms of work a task, and gives the thread back between them), each
 *     timed apart: the figure is their total, and the app's longest task is about the longest piece;
 *   - the coverage of a 2,000-word article (median, slowest, first run).
 *   The learner's status map (built once per page from IndexedDB, for every feature) is not counted.
 *   The 1-minute load average is printed at the start and the end: the machine is shared.
 */
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { encodeInventories, RANKED_LEVEL, type PlainInventory } from '../../common/lemma-contract';
import { FREQUENCY_BAND_SIZE } from '../../common/placement-levels';
import { levelWordsAnswer } from '../../server/answers/dictionary-answers';
import { lemmaInventory } from '../../server/content/lemma-inventory';
import { openDictionary } from '../../server/dictionary/open-dictionary';
import { launchChrome } from '../../tests/e2e/support/chrome';
import { REPO_ROOT } from '../../tests/support/server-process';

interface Timing {
  cold: number;
  median: number;
  max: number;
}

/**
 * In the page: what the app does with the answers' texts to have the 20 cards' coverage
 * (src/api/http.ts parses and validates every body with io-ts; src/api/lemma-client.ts decodes;
 * src/app/learner-coverage-runtime.tsx works each card's coverage out). `pieces` lists the time of
 * each piece the app runs as a task of its own (it gives the thread back between them), so the
 * total is their sum and the app's longest task for this work is about the longest piece.
 */
const WORK = `
  window.cardsWork = ({ listText, cardsText, statuses }) => {
    const bench = window.coverageBench;
    const pieces = [];
    const timed = (work, name) => {
      const start = performance.now();
      const value = work();
      pieces.push({ name, ms: performance.now() - start });
      return value;
    };
    const valid = (codec, text) => {
      const result = codec.decode(JSON.parse(text));
      if (result._tag !== 'Right') throw new Error('invalid answer');
      return result.right;
    };
    // The cards' answer first (its check names the list), then the list's answer, once per page.
    const cards = timed(() => valid(bench.LemmaInventoriesCodec, cardsText), 'cards answer');
    let list;
    if (listText !== undefined) {
      list = timed(() => bench.rankedListOf(valid(bench.LevelWordsCodec, listText), cards.ranked), 'list answer');
      // An answer without the server's check (cached before it was sent): hashed in pieces.
      if (!list.checked) for (const hashing = bench.listCheckInPieces(list.words); !timed(() => hashing.next(), 'list check').done; );
      window.rankedWords = list.words;
    }
    const decoding = bench.decodedInventories(cards, window.rankedWords);
    const inventories = [];
    for (let step = timed(() => decoding.next(), 'decode'); !step.done; step = timed(() => decoding.next(), 'decode')) inventories.push(step.value);
    const coverage = inventories.map((inventory) => timed(() => bench.coverageOf(inventory, statuses), 'coverage'));
    return { pieces, coverage };
  };
  window.learner = ({ known, saved }) => {
    const at = '2026-03-01T10:00:00.000Z';
    const records = known.map((id) => ({ id, status: 'known', source: 'placement', setAt: at }));
    const words = saved.map((id) => ({ id, savedAt: at, card: { scheduledDays: 3 } }));
    return window.coverageBench.statusMap(records, words);
  };
`;

/** Runs in the page: builds the status map once, then times the 20 cards and the long article. */
const MEASURE = `function ({ cardsText, listText, longPlain, known, saved, runs, warmUp }) {
  const bench = window.coverageBench;
  const mapStart = performance.now();
  const statuses = window.learner({ known, saved });
  const mapMillis = performance.now() - mapStart;
  // The list once per page, as the app keeps it.
  window.cardsWork({ listText, cardsText, statuses });
  const time = (work) => {
    const all = [];
    for (let i = 0; i < runs + warmUp; i += 1) {
      const start = performance.now();
      work();
      all.push(performance.now() - start);
    }
    const measured = all.slice(warmUp).sort((a, b) => a - b);
    return { cold: all[0], median: measured[Math.floor(measured.length / 2)], max: measured[measured.length - 1] };
  };
  const cards = time(() => window.cardsWork({ cardsText, statuses }));
  const long = time(() => bench.coverageOf(longPlain, statuses));
  return { mapMillis, cards, long };
}`;

/**
 * Runs first in a fresh page (nothing of this code run before): everything from the two answers'
 * texts (the cards' and the frequency list's, whose check the server sends) to the 20 cards'
 * coverage, in one go, or as the app's pieces, each timed apart.
 */
const COLD = `function ({ cardsText, listText, known, saved, apart }) {
  const statuses = window.learner({ known, saved });
  if (apart) {
    const { pieces } = window.cardsWork({ listText, cardsText, statuses });
    const longest = pieces.reduce((slowest, piece) => (piece.ms > slowest.ms ? piece : slowest));
    const sums = {};
    for (const piece of pieces) sums[piece.name] = (sums[piece.name] ?? 0) + piece.ms;
    return { total: pieces.reduce((sum, piece) => sum + piece.ms, 0), longest: longest.ms, longestName: longest.name, pieces: pieces.length, sums };
  }
  const start = performance.now();
  window.cardsWork({ listText, cardsText, statuses });
  return { total: performance.now() - start };
}`;
const COLD_PAGES = 8;
const PROFILE = process.argv.includes('--profile');

interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { functionName: string } }>;
  samples: number[];
  timeDeltas: number[];
}

const RUNS = 25;
const WARM_UP = 3;
const THROTTLE = 4;

const dictionaryPath = join(tmpdir(), `bench-coverage-dictionary-${process.pid}.sqlite`);
const { dictionary } = openDictionary({ path: dictionaryPath });
try {
  const dir = join(REPO_ROOT, 'server/corpus/articles');
  const articles = readdirSync(dir)
    .sort()
    .map((file) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as { id: string; paragraphs: string[] });
  const cards = articles.slice(0, 20).map((article): PlainInventory => {
    const inventory = lemmaInventory(article.paragraphs, dictionary);
    return { articleId: article.id, words: inventory.words, lemmas: inventory.lemmas };
  });
  // The cards' frequency list, as GET /api/level-words?level=RANKED_LEVEL answers it (downloaded once per browser).
  const ranked = dictionary.wordsOfLevel!([], FREQUENCY_BAND_SIZE[RANKED_LEVEL]);
  const cardsText = JSON.stringify(encodeInventories(cards, undefined, ranked));
  // The list's answer as the server gives it (server/answers/dictionary-answers.ts), with its check.
  const listText = JSON.stringify(levelWordsAnswer(dictionary, RANKED_LEVEL));
  const one = lemmaInventory(articles[0]!.paragraphs, dictionary);
  const oneAnswer = JSON.stringify(encodeInventories([{ articleId: articles[0]!.id, words: one.words, lemmas: one.lemmas }], one.forms));
  // A 2,000-word article: the corpus's paragraphs one after another until 2,000 running words.
  const long: string[] = [];
  for (const paragraph of articles.flatMap((article) => article.paragraphs)) {
    long.push(paragraph);
    if (lemmaInventory(long, dictionary).words >= 2000) break;
  }
  const longInventory = lemmaInventory(long, dictionary);
  const longPlain: PlainInventory = { articleId: 'long', words: longInventory.words, lemmas: longInventory.lemmas };
  const known = dictionary.wordsOfLevel!([], 6000);
  const saved = known.slice(-50);

  const gz = (text: string) => gzipSync(text, { level: 9 }).length;
  console.log(
    `Inventories of 20 cards: ${cardsText.length} bytes, ${gz(cardsText)} bytes gzip (${cards.reduce((s, c) => s + c.words, 0)} running words, ${cards.reduce((s, c) => s + c.lemmas.length, 0)} lemma entries)`,
  );
  console.log(`The frequency list the cards point into (${ranked.length} words, once per browser): ${gz(listText)} bytes gzip`);
  console.log(
    `One article page's inventory with its forms: ${oneAnswer.length} bytes, ${gz(oneAnswer)} bytes gzip (${one.words} running words)`,
  );
  console.log(`2,000-word article: ${longInventory.words} running words, ${longInventory.lemmas.length} lemmas`);

  const bundle = await build({
    stdin: {
      contents: `
        export { coverageOf } from './src/domain/coverage';
        export { statusMap } from './src/domain/word-status';
        export {
          decodedInventories,
          LemmaInventoriesCodec,
          LevelWordsCodec,
          listCheckInPieces,
          rankedListOf,
        } from './common/lemma-contract';
      `,
      resolveDir: REPO_ROOT,
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    globalName: 'coverageBench',
    // --profile: readable function names in the profile.
    minify: !PROFILE,
    write: false,
    platform: 'browser',
  });
  const source = bundle.outputFiles[0]!.text;

  console.log(`Load average (1 min) at the start: ${loadavg()[0]!.toFixed(2)}`);
  const browser = await launchChrome();
  try {
    const fresh = async () => {
      const page = await browser.newPage();
      await page.goto('about:blank');
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
      await page.addScriptTag({ content: source });
      await page.addScriptTag({ content: WORK });
      return page;
    };
    if (PROFILE) {
      // Where a cold page's time goes: a CPU profile (DevTools protocol, 100 µs samples) around the
      // whole path in one go, self time per function, in fresh pages.
      for (let i = 0; i < COLD_PAGES; i += 1) {
        const coldPage = await fresh();
        const cdp = await coldPage.context().newCDPSession(coldPage);
        await coldPage.evaluate(`window.statuses = window.learner(${JSON.stringify({ known, saved })})`);
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
        await cdp.send('Profiler.start');
        const total = (await coldPage.evaluate(
          `(() => { const start = performance.now(); const texts = ${JSON.stringify({ listText, cardsText })}; window.cardsWork({ ...texts, statuses: window.statuses }); return performance.now() - start; })()`,
        )) as number;
        const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
        const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
        const self = new Map<string, number>();
        profile.samples.forEach((id, k) => {
          const name = nodes.get(id)!.callFrame.functionName || '(anonymous)';
          self.set(name, (self.get(name) ?? 0) + (profile.timeDeltas[k + 1] ?? 0) / 1000);
        });
        const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 10);
        console.log(
          `Profiled cold page ${i + 1}: ${total.toFixed(1)} ms; self time: ${top.map(([name, ms]) => `${name} ${ms.toFixed(1)}`).join(', ')}`,
        );
        await coldPage.close();
      }
    } else {
      const page = await fresh();
      // A string, not a function: tsx would wrap a function's inner functions in a helper the page lacks.
      const figures = (await page.evaluate(
        `(${MEASURE})(${JSON.stringify({ cardsText, listText, longPlain, known, saved, runs: RUNS, warmUp: WARM_UP })})`,
      )) as { mapMillis: number; cards: Timing; long: Timing };
      await page.close();
      const oneGo: number[] = [];
      const apart: Array<{ total: number; longest: number; longestName: string; pieces: number; sums: Record<string, number> }> = [];
      for (let i = 0; i < COLD_PAGES * 2; i += 1) {
        const coldPage = await fresh();
        const run = (await coldPage.evaluate(
          `(${COLD})(${JSON.stringify({ cardsText, listText, known, saved, apart: i % 2 === 1 })})`,
        )) as {
          total: number;
          longest: number;
          longestName: string;
          pieces: number;
          sums: Record<string, number>;
        };
        if (i % 2 === 1) apart.push(run);
        else oneGo.push(run.total);
        await coldPage.close();
      }
      const ms = (value: number) => `${value.toFixed(1)} ms`;
      console.log(
        `CPU slowed ${THROTTLE}× in Chromium; ${RUNS} runs after ${WARM_UP} warm-up; learner: ${known.length} known lemmas, ${saved.length} saved words`,
      );
      console.log(`Status map built once per page: ${ms(figures.mapMillis)}`);
      console.log(
        `20 cards, warm (validate + decode the answer, coverage of each; list already there): median ${ms(figures.cards.median)}, slowest ${ms(figures.cards.max)}, first run ${ms(figures.cards.cold)}`,
      );
      console.log(
        `Cold pages, from the two answers' texts (cards' and list's) to the 20 cards' coverage, in one go: ${oneGo.map(ms).join(', ')}`,
      );
      console.log(`Cold pages, the same as the app's pieces (${apart[0]!.pieces} pieces), each page:`);
      for (const run of apart) {
        const parts = Object.entries(run.sums).map(([name, total]) => `${name} ${ms(total)}`);
        console.log(`  total ${ms(run.total)} (${parts.join(', ')}); longest piece ${ms(run.longest)} (${run.longestName})`);
      }
      console.log(`Load average (1 min) at the end: ${loadavg()[0]!.toFixed(2)}`);
      console.log(
        `2,000-word article (coverage): median ${ms(figures.long.median)}, slowest ${ms(figures.long.max)}, first run ${ms(figures.long.cold)}`,
      );
    }
  } finally {
    await browser.close();
  }
} finally {
  dictionary.close();
  rmSync(dictionaryPath, { force: true });
}
