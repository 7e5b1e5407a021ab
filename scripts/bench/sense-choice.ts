/**
 * Issue 29's sense figure: over a labelled set of (word, sentence, right sense) cases, the share whose
 * first Chinese and first Spanish gloss of the entry shown first fit the sentence. Used by
 * scripts/bench/senses-quality.ts, which prints both sets.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Dictionary } from '../../server/dictionary/dictionary-types';

const ratio = (a: number, b: number): string => (b === 0 ? 'n/a' : `${((100 * a) / b).toFixed(1)}%`);

interface SenseLabel {
  readonly word: string;
  readonly partOfSpeech: string;
  readonly category: string;
  readonly source: string;
  readonly sentence: string;
  readonly sense: string;
  readonly zh: readonly string[];
  readonly es: readonly string[];
}

function readSenseLabels(file: string): SenseLabel[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .map((line) => {
      const [word = '', partOfSpeech = '', category = '', source = '', sentence = '', sense = '', zh = '', es = ''] = line.split('\t');
      return { word, partOfSpeech, category, source, sentence, sense, zh: zh.split('|'), es: es.split('|') };
    });
}

/** The gloss's first piece without notes in brackets or a trailing 的 (好的 → 好). */
function firstChinese(gloss: string): string {
  return (gloss.split('；')[0] ?? '')
    .replace(/[(（[【][^)）\]】]*[)）\]】]/g, '')
    .replace(/[.…\s+]/g, '')
    .replace(/的$/, '');
}

/** Chinese fits when the first piece is a labelled word or holds one; Spanish when it is one, alone or with more words after. */
function fits(language: 'zh' | 'es', gloss: string | undefined, wanted: readonly string[]): boolean {
  if (!gloss) return false;
  if (language === 'zh') {
    const first = firstChinese(gloss);
    return first !== '' && wanted.some((w) => first === w || first.includes(w));
  }
  const first = (gloss.split(', ')[0] ?? '').trim().toLowerCase();
  return wanted.some((w) => first === w.toLowerCase() || first.startsWith(`${w.toLowerCase()} `));
}

/**
 * A tap's answer for each labelled (word, sentence): the entry shown first, and the entry of the
 * sentence's part of speech. Its first Chinese (first Spanish) gloss fits when it is one of the
 * labelled translations of the sense and not marked as another sense's.
 */
function senseChoice(dictionary: Dictionary, file: string, name: string): void {
  const labels = readSenseLabels(join(import.meta.dirname, 'data', file));
  const shown = { zh: 0, es: 0, both: 0 };
  const bySource = { corpus: { zh: 0, es: 0, n: 0 }, new: { zh: 0, es: 0, n: 0 } };
  const ofPos = { zh: 0, es: 0 };
  let posFirst = 0;
  const misses: string[] = [];
  for (const label of labels) {
    const context = { sentence: label.sentence, category: label.category };
    const results = { zh: dictionary.lookUp(label.word, 'zh', context), es: dictionary.lookUp(label.word, 'es', context) };
    const ok = { zh: false, es: false };
    for (const language of ['zh', 'es'] as const) {
      const entries = results[language]?.entries ?? [];
      const first = entries[0];
      ok[language] = first !== undefined && !first.glossOtherSense && fits(language, first.gloss, label[language]);
      if (ok[language]) shown[language] += 1;
      const samePos = entries.find((entry) => entry.partOfSpeech === label.partOfSpeech);
      if (samePos && !samePos.glossOtherSense && fits(language, samePos.gloss, label[language])) ofPos[language] += 1;
    }
    if (ok.zh && ok.es) shown.both += 1;
    const source = bySource[label.source.startsWith('corpus:') ? 'corpus' : 'new'];
    source.n += 1;
    if (ok.zh) source.zh += 1;
    if (ok.es) source.es += 1;
    const first = results.zh?.entries[0];
    if (first?.partOfSpeech === label.partOfSpeech) posFirst += 1;
    if (!ok.zh || !ok.es) {
      const es = results.es?.entries[0];
      misses.push(
        `${ok.zh ? '  ' : 'zh'} ${ok.es ? '  ' : 'es'} ${label.word} (${label.partOfSpeech}, ${label.category}; ${label.sense}): ` +
          `${first?.partOfSpeech ?? '-'} ${first?.glossOtherSense ? '[other] ' : ''}${first?.gloss ?? '(none)'} | ${es?.glossOtherSense ? '[other] ' : ''}${es?.gloss ?? '(none)'} ` +
          `— ${first?.definition ?? ''} — ${label.sentence.slice(0, 90)}`,
      );
    }
  }
  const n = labels.length;
  const fromCorpus = labels.filter((label) => label.source.startsWith('corpus:')).length;
  console.log(
    `Senses in context, ${name} (${file}), ${n} labelled sentences (${fromCorpus} from the sample articles, ${n - fromCorpus} new):`,
  );
  console.log(`  first Chinese gloss of the entry shown first fits: ${ratio(shown.zh, n)} (${shown.zh}/${n})`);
  console.log(`  first Spanish gloss of the entry shown first fits: ${ratio(shown.es, n)} (${shown.es}/${n})`);
  console.log(`  both: ${ratio(shown.both, n)}; the sentence's part of speech shown first: ${ratio(posFirst, n)}`);
  console.log(`  of the entry of the sentence's part of speech: zh ${ratio(ofPos.zh, n)}, es ${ratio(ofPos.es, n)}`);
  for (const [source, part] of Object.entries(bySource)) {
    if (part.n === 0) continue;
    console.log(
      `  ${source === 'corpus' ? 'sample-article sentences' : 'new sentences'}: zh ${ratio(part.zh, part.n)}, es ${ratio(part.es, part.n)} (${part.n})`,
    );
  }
  for (const miss of misses) console.log(`    ${miss}`);
}

/** The development set (used while the ranking was built) and the held-out set (never tuned on). */
export function senseSets(dictionary: Dictionary): void {
  senseChoice(dictionary, 'sense-labels.tsv', 'development set');
  senseChoice(dictionary, 'sense-labels-heldout.tsv', 'held-out set');
}
