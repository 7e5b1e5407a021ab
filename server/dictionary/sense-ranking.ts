/**
 * Which sense of a word a sentence means: a simplified Lesk. Each sense carries cue words (its
 * definition's, examples' and hypernyms' content words, scripts/dictionary/entry-builder.ts); the
 * sense sharing most words (or their lemmas) with the sentence wins, the most frequent on a tie.
 */
import type { AlternativeSense } from './data-format';

// prettier-ignore
const STOPWORDS: ReadonlySet<string> = new Set(('the and for with that this from into onto are was were been being have has had not but its their his her they them who which what when where how than then such some any all each other one also very more most much many said says say will would could should can may might just over after before about there here our your you she him was').split(' '));

/** The content words of a sentence and their lemmas, without the looked-up word. */
export function contextWords(sentence: string, word: string, lemmaOf: (form: string) => string | undefined): Set<string> {
  const words = new Set<string>();
  for (const match of sentence.toLowerCase().matchAll(/[a-z]+/g)) {
    const token = match[0];
    if (token.length < 3 || STOPWORDS.has(token)) continue;
    words.add(token);
    const lemma = lemmaOf(token);
    if (lemma) words.add(lemma);
  }
  words.delete(word);
  return words;
}

/** Index of the sense the context means; 0 (the most frequent) unless another shares more words. */
export function rankSenses(senses: readonly AlternativeSense[], context: ReadonlySet<string>): number {
  let best = 0;
  let bestScore = -1;
  senses.forEach((sense, index) => {
    const cues = sense.cues.split(' ').filter((cue) => cue !== '');
    // Half a shared word of head start: the most frequent sense wins a tie.
    const score = cues.filter((cue) => context.has(cue)).length + (index === 0 ? 0.5 : 0);
    if (score > bestScore) {
      best = index;
      bestScore = score;
    }
  });
  return best;
}
