/**
 * An article's lemma inventory: each lemma of its running words with how often it occurs, so
 * the browser can compute the learner's coverage without the server ever seeing the learner's
 * words (docs/learner-model.md). Numbers and names are left out:
 * - a number is never a word (the tokens are letters only, as in word-markup.ts);
 * - a name is a capitalised word inside a sentence ("the Bank of England": Bank, England), an
 *   all-capital abbreviation (NASA, UK), or a capitalised first word of a sentence the dictionary
 *   does not know in lower case ("Obama said"). "I" is a word.
 * Every other word counts under its dictionary form (went → go), or its lower-cased form when
 * the dictionary does not know it.
 */
import type { WordForms } from './word-markup';

export interface Inventory {
  /** Running words counted: the counts below add up to it. */
  readonly words: number;
  /** Lemma and count, the most frequent first (then alphabetical). */
  readonly lemmas: ReadonlyArray<readonly [string, number]>;
  /** Forms met whose lemma differs, so the page can mark every form of a lemma: form → lemma. */
  readonly forms: ReadonlyMap<string, string>;
  /** Left out: names and numbers, for the record. */
  readonly names: number;
  readonly numbers: number;
}

const TOKEN = /\p{L}+(?:['’-]\p{L}+)*|\p{N}+(?:[.,:]\p{N}+)*/gu;
const SENTENCE_END = /[.!?…]["'”’)\]]*\s*$/u;

function normalise(token: string): string {
  return token.toLowerCase().replace(/’/g, "'");
}

/** Lemma of a lower-case word: the dictionary's, or the word itself. */
function lemmaFor(word: string, forms: WordForms | undefined): string {
  const bare = word.replace(/'s$|s'$/, (end) => (end === "s'" ? 's' : ''));
  return normalise(forms?.lemmaOf(bare) ?? bare);
}

export function lemmaInventory(paragraphs: readonly string[], forms?: WordForms): Inventory {
  const counts = new Map<string, number>();
  const formMap = new Map<string, string>();
  let words = 0;
  let names = 0;
  let numbers = 0;
  for (const paragraph of paragraphs) {
    let last = 0;
    for (const match of paragraph.matchAll(TOKEN)) {
      const token = match[0];
      const before = paragraph.slice(last, match.index);
      const sentenceStart =
        last === 0 ? before.trim() === '' || SENTENCE_END.test(before) : SENTENCE_END.test(paragraph.slice(0, match.index));
      last = match.index + token.length;
      if (/^\p{N}/u.test(token)) {
        numbers += 1;
        continue;
      }
      const lower = normalise(token);
      const capital = /^\p{Lu}/u.test(token);
      if (capital && token !== 'I') {
        const abbreviation = token.length > 1 && token === token.toUpperCase();
        const known = forms?.lemmaOf(lower.replace(/'s$/, '')) !== undefined;
        if (abbreviation || !sentenceStart || !known) {
          names += 1;
          continue;
        }
      }
      const lemma = lemmaFor(lower, forms);
      if (lemma !== lower) formMap.set(lower, lemma);
      counts.set(lemma, (counts.get(lemma) ?? 0) + 1);
      words += 1;
    }
  }
  const lemmas = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return { words, lemmas, forms: formMap, names, numbers };
}
