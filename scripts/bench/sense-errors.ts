/**
 * Issue 29's error analysis of the sense figure (development set unless --set heldout): prints each
 * case whose first Chinese or Spanish gloss does not fit, with every sense of its row (the chosen one
 * starred) and that sense's glosses, and a first guess at its class by rules on the data. The rules
 * are coarse (every sense's Chinese list also holds ECDICT's other glosses): the classes in
 * docs/benchmarks.md were assigned by reading each printed case.
 *   c  part of speech: the entry shown first is not the sentence's part of speech;
 *   b  gloss order: the chosen sense's own glosses hold a labelled translation, not first
 *      (or the other language's first gloss of the chosen sense fits: the sense is right, its gloss is not);
 *   a  wrong sense: another sense of that part of speech has a fitting gloss;
 *   d  no source: no sense, and no ECDICT / MCR gloss of the word, holds a labelled translation.
 * Run: npx tsx scripts/bench/sense-errors.ts [--set dev|heldout] [--data-dir <build output>]
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openDictionary } from '../../server/dictionary/open-dictionary';
import { parseSenses, type AlternativeSense } from '../../server/dictionary/data-format';

const { values } = parseArgs({ options: { set: { type: 'string', default: 'dev' }, 'data-dir': { type: 'string' } } });
const ROOT = join(import.meta.dirname, '..', '..');
const dataDir = values['data-dir'] ?? join(ROOT, 'server', 'dictionary', 'data');
const file = values.set === 'heldout' ? 'sense-labels-heldout.tsv' : 'sense-labels.tsv';

const senseRows = new Map<string, AlternativeSense[]>();
for (const line of gunzipSync(readFileSync(join(dataDir, 'senses.tsv.gz')))
  .toString('utf8')
  .split('\n')) {
  if (!line) continue;
  const record = parseSenses(line);
  senseRows.set(`${record.headword}\t${record.pos}`, [...record.senses]);
}

const firstChinese = (gloss: string): string =>
  (gloss.split('；')[0] ?? '')
    .replace(/[(（[【][^)）\]】]*[)）\]】]/g, '')
    .replace(/[.…\s+]/g, '')
    .replace(/的$/, '');
const fitsOne = (language: 'zh' | 'es', piece: string, wanted: readonly string[]): boolean => {
  if (language === 'zh') {
    const first = firstChinese(piece);
    return first !== '' && wanted.some((w) => first === w || first.includes(w));
  }
  const first = piece.trim().toLowerCase();
  return first !== '' && wanted.some((w) => first === w.toLowerCase() || first.startsWith(`${w.toLowerCase()} `));
};
const pieces = (language: 'zh' | 'es', gloss: string): string[] => gloss.split(language === 'zh' ? '；' : /\||, /).filter(Boolean);
const anyFits = (language: 'zh' | 'es', gloss: string, wanted: readonly string[]): boolean =>
  pieces(language, gloss).some((piece) => fitsOne(language, piece, wanted));
const firstFits = (language: 'zh' | 'es', gloss: string, wanted: readonly string[]): boolean =>
  fitsOne(language, pieces(language, gloss)[0] ?? '', wanted);

const dir = mkdtempSync(join(tmpdir(), 'sense-errors-'));
const { dictionary } = openDictionary({ path: join(dir, 'dictionary.db'), dataDir });
const counts: Record<string, Record<string, number>> = { zh: {}, es: {} };
try {
  const labels = readFileSync(join(import.meta.dirname, 'data', file), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .map((line) => {
      const [word = '', pos = '', category = '', , sentence = '', sense = '', zh = '', es = ''] = line.split('\t');
      return { word, pos, category, sentence, sense, zh: zh.split('|'), es: es.split('|') };
    });
  for (const label of labels) {
    const context = { sentence: label.sentence, category: label.category };
    const shown = {
      zh: dictionary.lookUp(label.word, 'zh', context)?.entries[0],
      es: dictionary.lookUp(label.word, 'es', context)?.entries[0],
    };
    for (const language of ['zh', 'es'] as const) {
      const entry = shown[language];
      const ok = entry !== undefined && !entry.glossOtherSense && firstFits(language, entry.gloss ?? '', label[language]);
      if (ok) continue;
      const other = language === 'zh' ? 'es' : 'zh';
      const senses = entry ? senseRows.get(`${entry.headword}\t${label.pos}`) : undefined;
      const plain = entry ? dictionary.lookUp(entry.headword, language)?.entries.find((e) => e.partOfSpeech === label.pos) : undefined;
      let kind: string;
      let chosen = -1;
      if (!entry || entry.partOfSpeech !== label.pos) kind = 'c';
      else {
        chosen = senses
          ? Math.max(
              0,
              senses.findIndex((s) => s.en !== '' && s.en === entry.definition),
            )
          : 0;
        const mine = senses?.[chosen];
        const mineGloss = mine ? (language === 'zh' ? mine.zh : mine.es) : (entry.gloss ?? '');
        const otherFirst = mine ? firstFits(other, other === 'zh' ? mine.zh : mine.es, label[other]) : false;
        const elsewhere = (senses ?? []).some(
          (s, i) => i !== chosen && anyFits(language, language === 'zh' ? s.zh : s.es, label[language]),
        );
        const anywhere = anyFits(language, plain?.gloss ?? '', label[language]);
        if (anyFits(language, mineGloss, label[language]) || otherFirst) kind = 'b';
        else if (elsewhere) kind = 'a';
        else if (anywhere) kind = 'b?';
        else kind = 'd';
      }
      counts[language]![kind] = (counts[language]![kind] ?? 0) + 1;
      const defs = (senses ?? []).map(
        (s, i) => `${i === chosen ? '*' : ''}${i}:${(s.en || '(entry)').slice(0, 50)} [${(language === 'zh' ? s.zh : s.es).slice(0, 30)}]`,
      );
      console.log(
        `${language} ${kind.padEnd(2)} ${label.word} (${label.pos}; ${label.sense}; want ${label[language].join('|')}) shown ${entry?.partOfSpeech ?? '-'} "${(entry?.gloss ?? '').slice(0, 30)}" — ${label.sentence.slice(0, 70)}`,
      );
      console.log(`      ${defs.join(' · ')}`);
    }
  }
  console.log(JSON.stringify(counts));
} finally {
  dictionary.close();
  rmSync(dir, { recursive: true, force: true });
}
