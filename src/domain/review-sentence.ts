/** The sentence on a review card, cut around the saved word so the view can mark it. */
export interface SentenceParts {
  readonly before: string;
  readonly word: string;
  readonly after: string;
}

function escapeForRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The first whole-word occurrence of the word as written (or else of its lemma), any case;
 * null when the sentence holds neither, and the sentence is then shown as it is.
 */
export function sentenceParts(sentence: string, written: string, lemma: string): SentenceParts | null {
  for (const candidate of [written, lemma]) {
    if (candidate.trim() === '') continue;
    const match = new RegExp(`(?<![\\p{L}\\p{N}])${escapeForRegExp(candidate.trim())}(?![\\p{L}\\p{N}])`, 'iu').exec(sentence);
    if (match) {
      return { before: sentence.slice(0, match.index), word: match[0], after: sentence.slice(match.index + match[0].length) };
    }
  }
  return null;
}
