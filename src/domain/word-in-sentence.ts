/**
 * Where a saved word stands in its sentence, for marking it: on the review card, on the words page
 * and on the front of an Anki note. One function, so the three always mark the same letters.
 */

/** The sentence cut around the saved word. */
export interface SentenceParts {
  readonly before: string;
  readonly word: string;
  readonly after: string;
}

/** The text as a regular expression matching exactly it. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The first whole-word occurrence of the word as written (or else of its lemma), any case:
 * "in" is found in "reach in time", never inside "within". Null when the sentence holds neither,
 * and the sentence is then shown as it is.
 */
export function wordInSentence(sentence: string, written: string, lemma: string): SentenceParts | null {
  for (const candidate of [written, lemma]) {
    if (candidate.trim() === '') continue;
    const match = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(candidate.trim())}(?![\\p{L}\\p{N}])`, 'iu').exec(sentence);
    if (match) {
      return { before: sentence.slice(0, match.index), word: match[0], after: sentence.slice(match.index + match[0].length) };
    }
  }
  return null;
}
