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
 *   - cold with nothing stored (a first visit, or the first list page after a status changed):
 *     UNSTORED_PAGES fresh pages, the cards' and the frequency list's answers, as the app's pieces,
 *     and after the cards the rest of the list's statuses filled in (at idle, to be kept), apart;
 *   - the coverage of a 2,000-word article (median, slowest, first run).
 *   The learner's status map (built once per page from IndexedDB, for every feature) and the
 *   IndexedDB read itself are not counted (the page here has no origin to open a database in).
 *   The 1-minute load average is printed at the start and the end: the machine is shared.
 */
import { rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { listCheck, RANKED_LEVEL, type PlainInventory } from '../../common/lemma-contract';
import { encodeInventories } from '../../common/lemma-encode';
import { rankStatusesOf } from '../../src/domain/rank-statuses';
import { statusMap } from '../../src/domain/word-status';
import type { SavedWord } from '../../src/domain/saved-words';
import { FREQUENCY_BAND_SIZE } from '../../common/placement-levels';
import { levelWordsAnswer } from '../../server/answers/dictionary-answers';
import { lemmaInventory } from '../../server/content/lemma-inventory';
import { openDictionary } from '../../server/dictionary/open-dictionary';
import { launchChrome } from '../../tests/e2e/support/chrome';
import { sampleArticles, sampleCards } from './coverage-cards';
import { COLD, MEASURE, WORK } from './learner-coverage-page';
import { REPO_ROOT } from '../../tests/support/server-process';
import { EAGER_COMPILE_HINT } from '../build/compile-hints';

interface Timing {
  cold: number;
  median: number;
  max: number;
}

const COLD_PAGES = 8;
/** Pages with no stored record (a first visit, or the first list page after a status changed). */
const UNSTORED_PAGES = 4;
const PROFILE = process.argv.includes('--profile');
/** --trace: a Chromium trace of each cold page's path (stored record, in one go): main-thread compilation, tier-up and GC in it. */
const TRACE = process.argv.includes('--trace');
/** --no-hint: the bundle without V8's compile hint, which the app's chunks of this path carry (scripts/build/compile-hints.ts). */
const HINT = !process.argv.includes('--no-hint');

interface TraceEvent {
  name: string;
  tid: number;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
}

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
  const articles = sampleArticles();
  const cards = sampleCards(dictionary, articles);
  // The cards' frequency list, as GET /api/level-words?level=RANKED_LEVEL answers it (downloaded only when no statuses by rank are kept).
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
    if (TRACE) {
      // Where a cold page's path (in one go) spends main-thread time that is not its own code: lazy compilation
      // (V8.CompileCode: a function compiled at its first call), tier-up interrupts, garbage collection.
      // COLD_PAGES pages with the record stored, then UNSTORED_PAGES with the list's answer instead
      // (the path to the cards' coverage only: the rest of the list, filled at idle after it, left out).
      for (let i = 0; i < COLD_PAGES + UNSTORED_PAGES; i += 1) {
        const isStored = i < COLD_PAGES;
        const coldPage = await fresh();
        const cdp = await coldPage.context().newCDPSession(coldPage);
        const texts = isStored
          ? `{ cardsText: ${JSON.stringify(cardsText)}, stored: { revision: 1, check: ${JSON.stringify(check)}, codes: Uint8Array.from(${JSON.stringify(storedCodes)}) } }`
          : `{ cardsText: ${JSON.stringify(cardsText)}, listText: ${JSON.stringify(listText)}, skipFill: true }`;
        await coldPage.evaluate(`window.statuses = window.learner(${JSON.stringify({ known, saved })}); window.texts = ${texts}`);
        const events: TraceEvent[] = [];
        cdp.on('Tracing.dataCollected', (data) => events.push(...(data.value as unknown as TraceEvent[])));
        const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
        await cdp.send('Tracing.start', {
          categories: 'blink.user_timing,v8,v8.execute,devtools.timeline,disabled-by-default-v8.compile,disabled-by-default-v8.gc',
          transferMode: 'ReportEvents',
        });
        const total = (await coldPage.evaluate(
          `(() => { performance.mark('path-start'); const start = performance.now(); window.cardsWork({ ...window.texts, statuses: window.statuses }); const ms = performance.now() - start; performance.mark('path-end'); return ms; })()`,
        )) as number;
        await cdp.send('Tracing.end');
        await complete;
        const marked = (name: string) => events.find((event) => event.name === name && event.cat.includes('user_timing'));
        const [from, to] = [marked('path-start')?.ts ?? NaN, marked('path-end')?.ts ?? NaN];
        // The page's main thread (where the marks are): the path's own time; Maglev's compile jobs run on others.
        const main = marked('path-start')?.tid;
        const sums = new Map<string, { ms: number; count: number }>();
        for (const event of events) {
          if (event.ph !== 'X' || !(event.ts >= from && event.ts <= to)) continue;
          if (event.tid !== main && event.name !== 'V8.MaglevBackground') continue;
          const sum = sums.get(event.name) ?? { ms: 0, count: 0 };
          sum.ms += (event.dur ?? 0) / 1000;
          sum.count += 1;
          sums.set(event.name, sum);
        }
        const of = (pattern: RegExp) =>
          [...sums]
            .filter(([name]) => pattern.test(name))
            .reduce((all, [, sum]) => ({ ms: all.ms + sum.ms, count: all.count + sum.count }), { ms: 0, count: 0 });
        const compile = sums.get('V8.CompileCode') ?? { ms: 0, count: 0 };
        const budget = of(/^V8\.BytecodeBudgetInterrupt/);
        // The timeline's GC events on the main thread (V8's own GC events nest inside them).
        const gc = of(/^(MinorGC|MajorGC)$/);
        const v8Gc = of(/^V8\.GC_(SCAVENGER|MARK_COMPACTOR|MC_INCREMENTAL)$/);
        const maglev = sums.get('V8.MaglevBackground') ?? { ms: 0, count: 0 };
        console.log(
          `Traced cold page ${i + 1} (${isStored ? 'stored' : 'nothing stored'}): ${total.toFixed(1)} ms; lazy compilation (V8.CompileCode) ${compile.ms.toFixed(1)} ms in ${compile.count} functions; tier-up interrupts ${budget.ms.toFixed(1)} ms; GC ${gc.ms.toFixed(1)} ms (${gc.count}; V8's own events ${v8Gc.ms.toFixed(1)} ms, ${v8Gc.count}); Maglev on other threads ${maglev.ms.toFixed(1)} ms`,
        );
        await coldPage.close();
      }
    } else if (PROFILE) {
      // Where a cold page's time goes: a CPU profile (DevTools protocol, 100 µs samples) around the
      // whole path in one go, self time per function, in fresh pages: COLD_PAGES with the record stored,
      // then UNSTORED_PAGES with the list's answer instead (the fill at idle after the cards left out).
      for (let i = 0; i < COLD_PAGES + UNSTORED_PAGES; i += 1) {
        const isStored = i < COLD_PAGES;
        const coldPage = await fresh();
        const cdp = await coldPage.context().newCDPSession(coldPage);
        const texts = isStored
          ? `{ cardsText: ${JSON.stringify(cardsText)}, stored: { revision: 1, check: ${JSON.stringify(check)}, codes: Uint8Array.from(${JSON.stringify(storedCodes)}) } }`
          : `{ cardsText: ${JSON.stringify(cardsText)}, listText: ${JSON.stringify(listText)}, skipFill: true }`;
        await coldPage.evaluate(`window.statuses = window.learner(${JSON.stringify({ known, saved })}); window.texts = ${texts}`);
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
        await cdp.send('Profiler.start');
        const total = (await coldPage.evaluate(
          `(() => { const start = performance.now(); window.cardsWork({ ...window.texts, statuses: window.statuses }); return performance.now() - start; })()`,
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
          `Profiled cold page ${i + 1} (${isStored ? 'stored' : 'nothing stored'}): ${total.toFixed(1)} ms; self time: ${top.map(([name, ms]) => `${name} ${ms.toFixed(1)}`).join(', ')}`,
        );
        await coldPage.close();
      }
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
      const unstored: Apart[] = [];
      for (let i = 0; i < UNSTORED_PAGES; i += 1) unstored.push(await cold({ cardsText, listText }, true));
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
      console.log(
        `Cold pages with nothing stored (a first visit, or the first list page after a status changed): the cards' and the list's answers, as the app's pieces:`,
      );
      for (const run of unstored) printApart(run);
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
