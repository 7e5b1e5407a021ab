/**
 * npx tsx scripts/bench/learner-coverage.ts: what personal coverage costs (docs/learner-model.md).
 * - Bytes: the lemma inventories of 20 cards (GET /api/lemmas?ids=…, the encoding of
 *   common/lemma-contract.ts) and of one article page (with its forms), gzip level 9, built from the
 *   sample corpus with the bundled dictionary.
 * - Time: in Chromium with the CPU slowed 4× (DevTools protocol Emulation.setCPUThrottlingRate),
 *   the browser's own code (src/domain/coverage.ts, rank-statuses.ts, word-status.ts and
 *   common/lemma-contract.ts with io-ts, bundled with esbuild), for a learner with 6,000 known
 *   lemmas and 50 saved words, whose statuses by rank (decision 34) are built here as the app keeps them:
 *   - warm: the 20 cards' answer validated, the stored record checked, the cards decoded and their
 *     coverage computed: median and slowest of 25 runs after 3 warm-up runs, and the first run;
 *   - cold, the path of every page once the record is stored: COLD_PAGES fresh pages (nothing of
 *     this code run before) each do everything from the cards' answer's text and the record as
 *     IndexedDB hands it over (a structured clone) to the 20 cards' coverage, in one go; COLD_PAGES
 *     more do the same as the app's pieces, each timed apart (the app runs each as a task of its own,
 *     at most 4 ms of work a task): the figure is their total, printed by kind of piece (the cards'
 *     answer's JSON.parse and its io-ts decode, the record's clone and its check, the entries' decode,
 *     the coverage); every one of the 20 cards is counted, none left for later;
 *   - cold with nothing stored (a first visit with statuses, or the first list page after a status change):
 *     UNSTORED_PAGES fresh pages where the app knows the list before the cards' answer arrives (a
 *     first visit: home's or the list's page names it, decision 50; after a status change: the list
 *     of the last record), so the list's hash table (decision 46: the table checked, the learner's
 *     keys looked up in it, which makes the whole record) is fetched and the record made while the
 *     answer is on its way: those pieces are printed, "before:", and left out of the total; as many
 *     where the list is known only from the cards' answer (a page naming none, or an old one; every
 *     first visit before decision 50), the table's pieces in the path, the learner's keys still
 *     hashed before ("before:"); in turns with as many pages that parse the frequency list's answer
 *     instead (the way before decision 46, the rest of the list then filled in at idle, timed apart),
 *     so all see the same machine;
 *   - the coverage of a 2,000-word article (median, slowest, first run).
 *   The learner's status map (built once per page from IndexedDB, for every feature) and the
 *   IndexedDB read itself are not counted (the page here has no origin to open a database in).
 *   The 1-minute load average is printed at the start and the end: the machine is shared.
 * The bundle begins with V8's compile hint, as the app's chunks of this path do (decision 42); --no-hint leaves it
 * out. --trace and --profile look inside the cold pages instead (learner-coverage-inspect.ts); --trace also traces the
 * article's runs after the cards'. --throttle N slows the CPU N× instead of 4× (1: Chromium's throttle off).
 */
import { rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { listCheck, RANKED_LEVEL, type PlainInventory } from '../../common/lemma-contract';
import { encodeInventories } from '../../common/lemma-encode';
import { encodeRankHashes } from '../../common/rank-hashes';
import { rankStatusesOf } from '../../src/domain/rank-statuses';
import { statusMap } from '../../src/domain/word-status';
import type { SavedWord } from '../../src/domain/saved-words';
import { FREQUENCY_BAND_SIZE } from '../../common/placement-levels';
import { levelWordsAnswer } from '../../server/answers/dictionary-answers';
import { lemmaInventory } from '../../server/content/lemma-inventory';
import { openDictionary } from '../../server/dictionary/open-dictionary';
import { launchChrome } from '../../tests/e2e/support/chrome';
import { sampleArticles, sampleCards } from './coverage-cards';
import { COLD, MEASURE, TRACED_ARTICLE, WORK } from './learner-coverage-page';
import { REPO_ROOT } from '../../tests/support/server-process';
import { EAGER_COMPILE_HINT } from '../build/compile-hints';
import { profiledColdPages, tracedArticleRuns, tracedColdPages } from './learner-coverage-inspect';

interface Timing {
  cold: number;
  median: number;
  max: number;
}

const COLD_PAGES = 8;
/** Pages with no stored record (a first visit with statuses, or the first list page after a status changed), of each kind. */
const UNSTORED_PAGES = 8;
const PROFILE = process.argv.includes('--profile');
/** --trace: a Chromium trace of each cold page's path (stored record, in one go): main-thread compilation, tier-up and GC in it. */
const TRACE = process.argv.includes('--trace');
/** --no-hint: the bundle without V8's compile hint, which the app's chunks of this path carry (scripts/build/compile-hints.ts). */
const HINT = !process.argv.includes('--no-hint');

const RUNS = 25;
const WARM_UP = 3;
/** --throttle N: another CPU slowdown (1: none), to see the work without Chromium's throttle; the targets are at 4. */
const throttleArg = process.argv.indexOf('--throttle');
const THROTTLE = throttleArg > 0 ? Number(process.argv[throttleArg + 1]) : 4;

const dictionaryPath = join(tmpdir(), `bench-coverage-dictionary-${process.pid}.sqlite`);
const { dictionary } = openDictionary({ path: dictionaryPath });
try {
  const articles = sampleArticles();
  const cards = sampleCards(dictionary, articles);
  // The cards' frequency list, as GET /api/level-words?level=RANKED_LEVEL answers it (downloaded only when no statuses by rank are kept).
  const ranked = dictionary.wordsOfLevel!([], FREQUENCY_BAND_SIZE[RANKED_LEVEL]);
  const cardsText = JSON.stringify(encodeInventories(cards, undefined, ranked));
  // The list's answer as the server gives it (server/answers/dictionary-answers.ts), with its check.
  const listText = JSON.stringify(levelWordsAnswer(dictionary, RANKED_LEVEL));
  // The list as GET /api/level-words/hashes answers it (decision 46), base64 to reach the page.
  const hashTable = encodeRankHashes(ranked, listCheck(ranked));
  const hashBytes = Buffer.from(hashTable).toString('base64');
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
  // The learner's statuses by rank as the app keeps them in IndexedDB (src/domain/rank-statuses.ts).
  const at = '2026-03-01T10:00:00.000Z';
  const learnerMap = statusMap(
    known.map((id) => ({ id, status: 'known' as const, source: 'placement' as const, setAt: at })),
    // What statusMap reads of a saved word (the page's learner() builds the same).
    saved.map((id) => ({ id, savedAt: at, card: { scheduledDays: 3 } }) as unknown as SavedWord),
  );
  const check = listCheck(ranked);
  const storedCodes = [...rankStatusesOf(check, ranked, learnerMap).codes];

  const gz = (text: string) => gzipSync(text, { level: 9 }).length;
  console.log(
    `Inventories of 20 cards: ${cardsText.length} bytes, ${gz(cardsText)} bytes gzip (${cards.reduce((s, c) => s + c.words, 0)} running words, ${cards.reduce((s, c) => s + c.lemmas.length, 0)} lemma entries)`,
  );
  console.log(
    `The frequency list the cards point into (${ranked.length} words, fetched only when no statuses by rank are kept): ${gz(listText)} bytes gzip`,
  );
  console.log(
    `The list's hash table (decision 46; fetched instead of the list when no statuses by rank are kept): ${hashTable.length} bytes, ${gzipSync(hashTable, { level: 9 }).length} bytes gzip`,
  );
  console.log(
    `One article page's inventory with its forms: ${oneAnswer.length} bytes, ${gz(oneAnswer)} bytes gzip (${one.words} running words)`,
  );
  console.log(`2,000-word article: ${longInventory.words} running words, ${longInventory.lemmas.length} lemmas`);

  const bundle = await build({
    stdin: {
      contents: `
        export { coverageOf } from './src/domain/coverage';
        export { statusMap } from './src/domain/word-status';
        export { decodeRankStatuses, filledRankStatuses, unfilledRankStatuses } from './src/domain/rank-statuses';
        export { decodedInventories, LemmaInventoriesCodec, rankedListOf } from './common/lemma-contract';
        export { decodeRankHashes } from './common/rank-hashes';
        export { learnerKeyHashes, rankStatusesFromHashes } from './src/domain/status-hashes';
        export { LemmaInventoriesAnswerCodec, LevelWordsAnswerCodec } from './common/lemma-answer-codecs';
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
  // As the app's chunks of this path begin (decision 42): every function compiled when the script loads.
  const source = `${HINT ? `${EAGER_COMPILE_HINT}\n` : ''}${bundle.outputFiles[0]!.text}`;

  console.log(`Load average (1 min) at the start: ${loadavg()[0]!.toFixed(2)}; compile hint ${HINT ? 'on' : 'off (--no-hint)'}`);
  const browser = await launchChrome();
  try {
    const fresh = async () => {
      const page = await browser.newPage();
      await page.goto('about:blank');
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
      await page.addScriptTag({ content: source });
      // The harness's glue stands for the app's (src/api/lemma-client.ts, src/app/use-sliced-coverage.ts), in hinted chunks too.
      await page.addScriptTag({ content: `${HINT ? `${EAGER_COMPILE_HINT}\n` : ''}${WORK}` });
      return page;
    };
    const stored = { storedCodes, check };
    if (TRACE || PROFILE) {
      // Where a cold page's path (in one go) spends its time: COLD_PAGES pages with the record stored, then
      // UNSTORED_PAGES with the list's hash table instead (decision 46; the learner's keys hashed in the path).
      const pages = { stored: COLD_PAGES, unstored: UNSTORED_PAGES };
      const setUp = (isStored: boolean) =>
        `window.statuses = window.learner(${JSON.stringify({ known, saved })}); window.texts = ${
          isStored
            ? `{ cardsText: ${JSON.stringify(cardsText)}, stored: { revision: 1, check: ${JSON.stringify(check)}, codes: Uint8Array.from(${JSON.stringify(storedCodes)}) } }`
            : `{ cardsText: ${JSON.stringify(cardsText)}, hashes: Uint8Array.from(atob(${JSON.stringify(hashBytes)}), (c) => c.charCodeAt(0)).buffer, skipFill: true }`
        }`;
      await (TRACE ? tracedColdPages : profiledColdPages)(fresh, setUp, pages);
      if (TRACE)
        await tracedArticleRuns(
          fresh,
          `(${TRACED_ARTICLE})(${JSON.stringify({ cardsText, ...stored, longPlain, known, saved, runs: RUNS + WARM_UP })})`,
          RUNS + WARM_UP,
        );
    } else {
      const page = await fresh();
      // A string, not a function: tsx would wrap a function's inner functions in a helper the page lacks.
      const figures = (await page.evaluate(
        `(${MEASURE})(${JSON.stringify({ cardsText, ...stored, longPlain, known, saved, runs: RUNS, warmUp: WARM_UP })})`,
      )) as { mapMillis: number; cards: Timing; long: Timing };
      await page.close();
      interface Apart {
        total: number;
        longest: number;
        longestName: string;
        pieces: number;
        sums: Record<string, number>;
        fill: number;
        fillLongest: number;
        fillPieces: number;
      }
      const cold = async (texts: object, apart: boolean) => {
        const coldPage = await fresh();
        try {
          return (await coldPage.evaluate(`(${COLD})(${JSON.stringify({ ...texts, known, saved, apart })})`)) as Apart;
        } finally {
          await coldPage.close();
        }
      };
      const oneGo: number[] = [];
      const apart: Apart[] = [];
      for (let i = 0; i < COLD_PAGES; i += 1) {
        oneGo.push((await cold({ cardsText, ...stored }, false)).total);
        apart.push(await cold({ cardsText, ...stored }, true));
      }
      // In turns (list from the answer, list known early, list answer; the other way round; …) so that all see the same machine.
      const listFromAnswer: Apart[] = [];
      const unstoredList: Apart[] = [];
      const listEarly: Apart[] = [];
      for (let i = 0; i < UNSTORED_PAGES; i += 1) {
        const order = i % 2 === 0 ? ['hashes', 'early', 'list'] : ['list', 'early', 'hashes'];
        for (const way of order) {
          if (way === 'hashes') listFromAnswer.push(await cold({ cardsText, hashBytes }, true));
          else if (way === 'early') listEarly.push(await cold({ cardsText, hashBytes, tableEarly: check }, true));
          else unstoredList.push(await cold({ cardsText, listText }, true));
        }
      }
      const ms = (value: number) => `${value.toFixed(1)} ms`;
      const printApart = (run: Apart) => {
        const parts = Object.entries(run.sums).map(([name, total]) => `${name} ${ms(total)}`);
        const fill =
          run.fillPieces > 0
            ? `; then, after the cards, the rest of the list filled in ${run.fillPieces} pieces: ${ms(run.fill)} (longest ${ms(run.fillLongest)})`
            : '';
        console.log(`  total ${ms(run.total)} (${parts.join(', ')}); longest piece ${ms(run.longest)} (${run.longestName})${fill}`);
      };
      console.log(
        `CPU slowed ${THROTTLE}× in Chromium; ${RUNS} runs after ${WARM_UP} warm-up; learner: ${known.length} known lemmas, ${saved.length} saved words`,
      );
      console.log(`Status map built once per page: ${ms(figures.mapMillis)}`);
      console.log(
        `20 cards, warm (cards' answer, stored record, decode, coverage of each): median ${ms(figures.cards.median)}, slowest ${ms(figures.cards.max)}, first run ${ms(figures.cards.cold)}`,
      );
      console.log(
        `Cold pages with the statuses by rank stored, from the cards' answer's text and the stored record to the 20 cards' coverage, in one go: ${oneGo.map(ms).join(', ')}`,
      );
      console.log(`Cold pages with the statuses by rank stored, as the app's pieces (${apart[0]!.pieces} pieces), each page:`);
      for (const run of apart) printApart(run);
      const within = (runs: Apart[]) => `${runs.filter((run) => run.total <= 16).length} of ${runs.length} within 16 ms`;
      const median = (runs: Apart[]) => {
        const totals = runs.map((run) => run.total).sort((a, b) => a - b);
        return ms(totals[Math.floor(totals.length / 2)]!);
      };
      console.log(
        `Cold pages with nothing stored, the list known before the cards' answer (a first visit with statuses: the page names it, decision 50; or after a status change: the last record's), its table fetched and the record made while the answer is on its way ("before:", not counted), as the app's pieces (${within(listEarly)}, median ${median(listEarly)}):`,
      );
      for (const run of listEarly) printApart(run);
      console.log(
        `The same with the list known only from the cards' answer (a page naming none or an old one; every first visit before decision 50): the table's pieces in the path (${within(listFromAnswer)}, median ${median(listFromAnswer)}):`,
      );
      for (const run of listFromAnswer) printApart(run);
      console.log(
        `The same, in turns with them, with the list's answer instead (before decision 46) (${within(unstoredList)}, median ${median(unstoredList)}):`,
      );
      for (const run of unstoredList) printApart(run);
      console.log(`Load average (1 min) at the end: ${loadavg()[0]!.toFixed(2)}`);
      console.log(
        `2,000-word article (coverage): median ${ms(figures.long.median)}, slowest ${ms(figures.long.max)}, first run ${ms(figures.long.cold)}`,
      );
      console.log(`Stored record: ${storedCodes.length} bytes (one per rank of the list), check ${check}`);
    }
  } finally {
    await browser.close();
  }
} finally {
  dictionary.close();
  rmSync(dictionaryPath, { force: true });
}
