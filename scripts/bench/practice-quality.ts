/**
 * Issue 28's figures: the rule checks of the practice sets over every sample article
 * (server/corpus/articles) and the imported fixture stories (tests/ingest/fixtures/pages), the time
 * to make the set of a 1,000-word article, and a 50-item sample of gap fills printed for reading.
 * Run: npx tsx scripts/bench/practice-quality.ts [--runs 20] [--sample]
 */
import { readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { GAP, type Exercise, type GapFill } from '../../common/exercise-contract';
import { readCorpus } from '../../server/corpus/load-corpus';
import { makeExercises, type ExerciseSource } from '../../server/exercises/exercise-set';
import { exerciseLexicon, isContentPos } from '../../server/exercises/lexicon';
import { sentencesOf, wordsOf } from '../../server/exercises/text';
import { extractArticle } from '../../server/ingest/extract';

const ROOT = join(import.meta.dirname, '..', '..');
const { values } = parseArgs({ options: { runs: { type: 'string', default: '20' }, sample: { type: 'boolean', default: false } } });
const runs = Number(values.runs);

const started = performance.now();
const lexicon = exerciseLexicon();
const lexiconMillis = performance.now() - started;

const sources: (ExerciseSource & { words: number })[] = [];
for (const article of readCorpus(join(ROOT, 'server', 'corpus', 'articles')).articles) {
  sources.push({ ...article, words: article.paragraphs.join(' ').split(/\s+/).length });
}
const pagesDir = join(ROOT, 'tests', 'ingest', 'fixtures', 'pages');
for (const file of readdirSync(pagesDir).filter((name) => name.endsWith('.html'))) {
  const page = extractArticle(readFileSync(join(pagesDir, file), 'latin1'), `https://fixture.example/${file}`);
  const paragraphs = page.paragraphs;
  sources.push({ id: `fixture-${file}`, contentHash: file, paragraphs, vocabulary: [], words: paragraphs.join(' ').split(/\s+/).length });
}

interface Tally {
  passed: number;
  total: number;
  failures: string[];
}
const checks = new Map<string, Tally>();
function check(name: string, ok: boolean, detail: string): void {
  const tally = checks.get(name) ?? { passed: 0, total: 0, failures: [] };
  tally.total += 1;
  if (ok) tally.passed += 1;
  else if (tally.failures.length < 5) tally.failures.push(detail);
  checks.set(name, tally);
}

const sets = new Map<string, Exercise[]>();
const kinds: Record<string, number> = {};
for (const source of sources) {
  const set = makeExercises(source, lexicon, 'zh');
  sets.set(source.id, set);
  if (source.words >= 150) check('at least 8 items (articles of 150 words or more)', set.length >= 8, `${source.id}: ${set.length}`);
  const sentences = new Set(source.paragraphs.flatMap(sentencesOf));
  for (const item of set) {
    kinds[item.kind] = (kinds[item.kind] ?? 0) + 1;
    if (item.kind === 'listening')
      check('listening: answer put back is a sentence of the article', sentences.has(item.text.replace(GAP, item.answer)), item.text);
    if (item.kind !== 'gap_fill') continue;
    const id = `${source.id}: ${item.text}`;
    check('gap fill: answer put back is a sentence of the article', sentences.has(item.text.replace(GAP, item.answer)), id);
    check(
      'gap fill: 4 distinct options, the answer among them',
      item.options.length === 4 && new Set(item.options).size === 4 && item.options.includes(item.answer),
      id,
    );
    const pos = item.part_of_speech;
    const tokens = new Set(wordsOf(item.sentence).map((token) => token.lower));
    const answerSynsets = new Set(isContentPos(pos) ? lexicon.synsets(item.lemma, pos) : []);
    check(
      'gap fill: answer is a content word, not a name or number',
      isContentPos(pos) && (lexicon.entry(item.lemma)?.pos.includes(pos) ?? false) && /^[a-z]+$/.test(item.answer),
      id,
    );
    for (const option of item.options.filter((option) => option !== item.answer)) {
      const lemma = lexicon.lemmasOf(option)[0] ?? option;
      check(
        'distractor: same part of speech as the answer (dictionary)',
        lexicon.entry(lemma)?.pos.includes(pos) ?? false,
        `${id} [${option}]`,
      );
      check('distractor: not in its sentence', !tokens.has(option), `${id} [${option}]`);
      check(
        'distractor: not a WordNet synonym of the answer',
        !isContentPos(pos) || !lexicon.synsets(lemma, pos).some((offset) => answerSynsets.has(offset)),
        `${id} [${option}]`,
      );
      check('distractor: not the answer in another form', !lexicon.lemmasOf(option).includes(item.lemma), `${id} [${option}]`);
    }
  }
}

console.log(
  `Practice quality: ${sources.length} articles (${sources.length - 2} samples, 2 imported fixture stories), lexicon built in ${lexiconMillis.toFixed(0)} ms`,
);
console.log(
  `Items: ${Object.entries(kinds)
    .map(([kind, count]) => `${kind} ${count}`)
    .join(', ')}`,
);
for (const [name, tally] of checks) {
  console.log(`${name}: ${tally.passed}/${tally.total} (${((100 * tally.passed) / tally.total).toFixed(1)}%)`);
  for (const failure of tally.failures) console.log(`    fails: ${failure}`);
}

// A 1,000-word article: real sample paragraphs, in corpus order, until 1,000 words.
const long: string[] = [];
let words = 0;
for (const source of sources) {
  for (const paragraph of source.paragraphs) {
    if (words >= 1000) break;
    long.push(paragraph);
    words += paragraph.split(/\s+/).length;
  }
}
const timings: number[] = [];
const cpuTimings: number[] = [];
for (let run = 0; run < runs; run += 1) {
  // A new content hash each run: new seeds, so no choice repeats a previous run's.
  const source = { id: 'bench-long', contentHash: `run-${run}`, paragraphs: long, vocabulary: [] };
  const cpu = process.cpuUsage();
  const t = performance.now();
  makeExercises(source, lexicon, 'es');
  timings.push(performance.now() - t);
  // CPU time of this process: on a shared machine the wall time also counts waiting for a core.
  const used = process.cpuUsage(cpu);
  cpuTimings.push((used.user + used.system) / 1000);
}
const sorted = [...timings].sort((a, b) => a - b);
console.log(
  `Making the set of a ${words}-word article (${runs} runs): first ${timings[0]!.toFixed(1)} ms, median ${sorted[Math.floor(runs / 2)]!.toFixed(1)} ms, max ${sorted[runs - 1]!.toFixed(1)} ms`,
);
console.log(`  every run: ${timings.map((ms) => ms.toFixed(1)).join(' ')}`);
const cpuSorted = [...cpuTimings].sort((a, b) => a - b);
console.log(
  `  CPU time: median ${cpuSorted[Math.floor(runs / 2)]!.toFixed(1)} ms, max ${cpuSorted[runs - 1]!.toFixed(1)} ms; load average ${loadavg()[0]!.toFixed(2)} on ${cpus().length} cores`,
);

if (values.sample) {
  // The first gap fill of each article, then the second, … until 50: spread over every article.
  const gapSets = [...sets.values()].map((set) => set.filter((item): item is GapFill => item.kind === 'gap_fill'));
  const sample: GapFill[] = [];
  for (let round = 0; sample.length < 50 && round < 6; round += 1) {
    for (const gaps of gapSets) if (gaps[round] && sample.length < 50) sample.push(gaps[round]!);
  }
  sample.forEach((item, index) =>
    console.log(`${index + 1}. ${item.text}\n    options: ${item.options.join(' | ')} (answer ${item.answer})`),
  );
}
