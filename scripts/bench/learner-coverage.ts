/**
 * npx tsx scripts/bench/learner-coverage.ts: what personal coverage costs (docs/learner-model.md).
 * - Bytes: the lemma inventories of 20 cards (GET /api/lemmas?ids=…, the encoding of
 *   common/lemma-contract.ts) and of one article page (with its forms), gzip level 9, built from the
 *   sample corpus with the bundled dictionary.
 * - Time: in Chromium with the CPU slowed 4× (DevTools protocol Emulation.setCPUThrottlingRate),
 *   the browser's own code (src/domain/coverage.ts, word-status.ts and the decoder, bundled with
 *   esbuild) decoding the 20 cards' answer and computing their coverage, and computing the coverage
 *   of a 2,000-word article, for a learner with 6,000 known lemmas and 50 saved words. Each
 *   figure is the median and the slowest of 25 runs after 3 warm-up runs, and the first (cold) run.
 *   Then 5 fresh pages (nothing compiled) time the app's pieces apart, as the app runs them in separate
 *   tasks: the frequency list's check (when the list arrives), each card's decode and each card's
 *   coverage (the app works in slices of at most 4 ms and yields between them, so its longest task is
 *   about the longest piece).
 */
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { encodeInventories, RANKED_LEVEL, type PlainInventory } from '../../common/lemma-contract';
import { FREQUENCY_BAND_SIZE } from '../../common/placement-levels';
import { lemmaInventory } from '../../server/content/lemma-inventory';
import { openDictionary } from '../../server/dictionary/open-dictionary';
import { launchChrome } from '../../tests/e2e/support/chrome';
import { REPO_ROOT } from '../../tests/support/server-process';

interface Timing {
  cold: number;
  median: number;
  max: number;
}

/** Runs in the page: builds the status map once, then times the 20 cards and the long article. */
const MEASURE = `function ({ cardsAnswer, ranked, longPlain, known, saved, runs, warmUp }) {
  const bench = window.coverageBench;
  const at = '2026-03-01T10:00:00.000Z';
  const records = known.map((id) => ({ id, status: 'known', source: 'placement', setAt: at }));
  const words = saved.map((id) => ({ id, savedAt: at, card: { scheduledDays: 3 } }));
  const mapStart = performance.now();
  const statuses = bench.statusMap(records, words);
  const mapMillis = performance.now() - mapStart;
  // As the app does once per page, in pieces: the list's check when it arrives, its statuses once both are there.
  const prepareStart = performance.now();
  for (const pieces = bench.listCheckInPieces(ranked); !pieces.next().done; );
  for (const pieces = bench.listStatusesInPieces(ranked, statuses); !pieces.next().done; );
  const prepareMillis = performance.now() - prepareStart;
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
  const cards = time(() => {
    for (const inventory of bench.decodeInventoryEntries(JSON.parse(cardsAnswer), ranked)) bench.coverageOf(inventory, statuses);
  });
  const long = time(() => bench.coverageOf(longPlain, statuses));
  return { mapMillis, prepareMillis, cards, long };
}`;

/**
 * Runs first in a fresh page (nothing compiled yet): the 20 cards as the app's pieces, each timed apart.
 */
const COLD = `function ({ cardsAnswer, ranked, known, saved }) {
  const bench = window.coverageBench;
  const at = '2026-03-01T10:00:00.000Z';
  const records = known.map((id) => ({ id, status: 'known', source: 'placement', setAt: at }));
  const words = saved.map((id) => ({ id, savedAt: at, card: { scheduledDays: 3 } }));
  const statuses = bench.statusMap(records, words);
  const perCheck = [];
  const checkPieces = bench.listCheckInPieces(ranked);
  for (;;) {
    const start = performance.now();
    const step = checkPieces.next();
    perCheck.push(performance.now() - start);
    if (step.done) break;
  }
  const listCheck = Math.max(...perCheck);
  const perStatus = [];
  const statusPieces = bench.listStatusesInPieces(ranked, statuses);
  for (;;) {
    const start = performance.now();
    const step = statusPieces.next();
    perStatus.push(performance.now() - start);
    if (step.done) break;
  }
  const sum = (all) => all.reduce((total, ms) => total + ms, 0);
  // The 20 cards in one go, cold (nothing of the decoder or coverage run before in this page).
  const cardsStart = performance.now();
  for (const inventory of bench.decodeInventoryEntries(JSON.parse(cardsAnswer), ranked)) bench.coverageOf(inventory, statuses);
  const coldCards = performance.now() - cardsStart;
  const answer = JSON.parse(cardsAnswer);
  const perDecode = [];
  const inventories = [];
  const pieces = bench.decodedInventories(answer, ranked);
  for (;;) {
    const start = performance.now();
    const next = pieces.next();
    perDecode.push(performance.now() - start);
    if (next.done) break;
    inventories.push(next.value);
  }
  const perCard = inventories.map((inventory) => {
    const start = performance.now();
    bench.coverageOf(inventory, statuses);
    return performance.now() - start;
  });
  return {
    coldCards,
    listCheck,
    listStatuses: Math.max(...perStatus),
    listStatusesAll: sum(perStatus),
    decode: sum(perDecode),
    slowestDecode: Math.max(...perDecode),
    slowestCard: Math.max(...perCard),
    allCards: sum(perCard),
  };
}`;
const COLD_PAGES = 5;

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
  const cardsAnswer = JSON.stringify(encodeInventories(cards, undefined, ranked));
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
    `Inventories of 20 cards: ${cardsAnswer.length} bytes, ${gz(cardsAnswer)} bytes gzip (${cards.reduce((s, c) => s + c.words, 0)} running words, ${cards.reduce((s, c) => s + c.lemmas.length, 0)} lemma entries)`,
  );
  const listAnswer = JSON.stringify({ level: RANKED_LEVEL, words: ranked.join(' ') });
  console.log(`The frequency list the cards point into (${ranked.length} words, once per browser): ${gz(listAnswer)} bytes gzip`);
  console.log(
    `One article page's inventory with its forms: ${oneAnswer.length} bytes, ${gz(oneAnswer)} bytes gzip (${one.words} running words)`,
  );
  console.log(`2,000-word article: ${longInventory.words} running words, ${longInventory.lemmas.length} lemmas`);

  const bundle = await build({
    stdin: {
      contents: `
        export { coverageOf, listStatusesInPieces } from './src/domain/coverage';
        export { statusMap } from './src/domain/word-status';
        export { decodeInventoryEntries, decodedInventories, listCheckInPieces } from './common/lemma-contract';
      `,
      resolveDir: REPO_ROOT,
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    globalName: 'coverageBench',
    minify: true,
    write: false,
    platform: 'browser',
  });
  const source = bundle.outputFiles[0]!.text;

  const browser = await launchChrome();
  try {
    const page = await browser.newPage();
    await page.goto('about:blank');
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
    await page.addScriptTag({ content: source });
    // A string, not a function: tsx would wrap a function's inner functions in a helper the page lacks.
    const figures = (await page.evaluate(
      `(${MEASURE})(${JSON.stringify({ cardsAnswer, ranked, longPlain, known, saved, runs: RUNS, warmUp: WARM_UP })})`,
    )) as {
      mapMillis: number;
      prepareMillis: number;
      cards: Timing;
      long: Timing;
    };
    const coldRuns: Array<{
      coldCards: number;
      listCheck: number;
      listStatuses: number;
      listStatusesAll: number;
      decode: number;
      slowestDecode: number;
      slowestCard: number;
      allCards: number;
    }> = [];
    for (let i = 0; i < COLD_PAGES; i += 1) {
      const fresh = await browser.newPage();
      await fresh.goto('about:blank');
      const freshCdp = await fresh.context().newCDPSession(fresh);
      await freshCdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
      await fresh.addScriptTag({ content: source });
      coldRuns.push(await fresh.evaluate(`(${COLD})(${JSON.stringify({ cardsAnswer, ranked, known, saved })})`));
      await fresh.close();
    }
    const ms = (value: number) => `${value.toFixed(2)} ms`;
    console.log(
      `CPU slowed ${THROTTLE}× in Chromium; ${RUNS} runs after ${WARM_UP} warm-up; learner: ${known.length} known lemmas, ${saved.length} saved words`,
    );
    console.log(`Status map built once per page: ${ms(figures.mapMillis)}`);
    console.log(`The frequency list's check and its statuses by rank, once per page (the app: in pieces): ${ms(figures.prepareMillis)}`);
    console.log(
      `20 cards (decode the answer + coverage of each): median ${ms(figures.cards.median)}, slowest ${ms(figures.cards.max)}, first run ${ms(figures.cards.cold)}`,
    );
    for (const [i, run] of coldRuns.entries()) {
      console.log(
        `Cold page ${i + 1}: 20 cards in one go (decode + coverage, first run in the page) ${ms(run.coldCards)}; frequency list's check (when the list arrives), slowest piece ${ms(run.listCheck)}; the list's statuses ${ms(run.listStatusesAll)} (slowest piece ${ms(run.listStatuses)}); then, apart: decode of the 20 cards ${ms(run.decode)} (slowest card ${ms(run.slowestDecode)}); coverage of the 20 cards ${ms(run.allCards)} (slowest card ${ms(run.slowestCard)}); longest piece ${ms(Math.max(run.listCheck, run.listStatuses, run.slowestDecode, run.slowestCard))}`,
      );
    }
    console.log(
      `2,000-word article (coverage): median ${ms(figures.long.median)}, slowest ${ms(figures.long.max)}, first run ${ms(figures.long.cold)}`,
    );
  } finally {
    await browser.close();
  }
} finally {
  dictionary.close();
  rmSync(dictionaryPath, { force: true });
}
