/**
 * Rules of a practice session (docs/exercises.md): whether an answer is right, and for a listening
 * item whether a wrong answer is the right word in another form; which word an item practises.
 */
import type { Exercise } from '../../common/exercise-contract';

/** What the learner gave: an option or typed text, the tiles in their order, or the gloss index chosen for each pair. */
export type PracticeAnswer =
  | { readonly kind: 'choice'; readonly text: string }
  | { readonly kind: 'typed'; readonly text: string }
  | { readonly kind: 'order'; readonly tiles: readonly string[] }
  | { readonly kind: 'pairs'; readonly glosses: readonly number[] };

/** right; wrong; or, for listening, the right word in a wrong form ("go" for "went"). */
export type Verdict = 'right' | 'wrong' | 'wrong-form';

/** Case, surrounding spaces and a trailing punctuation mark do not matter in a typed word. */
export function normaliseTyped(text: string): string {
  return text
    .trim()
    .replace(/[.,;:!?…"'”’)]+$/u, '')
    .replace(/’/g, "'")
    .toLowerCase();
}

export function judge(exercise: Exercise, answer: PracticeAnswer): Verdict {
  switch (exercise.kind) {
    case 'gap_fill':
      return answer.kind === 'choice' && answer.text === exercise.answer ? 'right' : 'wrong';
    case 'listening': {
      if (answer.kind !== 'typed') return 'wrong';
      const typed = normaliseTyped(answer.text);
      if (typed === normaliseTyped(exercise.answer)) return 'right';
      return exercise.forms.some((form) => normaliseTyped(form) === typed) ? 'wrong-form' : 'wrong';
    }
    case 'word_order':
      return answer.kind === 'order' && answer.tiles.join(' ') === exercise.sentence.split(/\s+/).filter(Boolean).join(' ')
        ? 'right'
        : 'wrong';
    case 'match':
      // glosses[i] is the index (into pairs) of the gloss the learner put beside pair i.
      return answer.kind === 'pairs' &&
        answer.glosses.length === exercise.pairs.length &&
        answer.glosses.every((gloss, index) => gloss === index)
        ? 'right'
        : 'wrong';
  }
}

/** The words an item practises: the answer's lemma, or every lemma of a match; none for word order. */
export function practisedLemmas(exercise: Exercise): string[] {
  switch (exercise.kind) {
    case 'gap_fill':
    case 'listening':
      return [exercise.lemma];
    case 'match':
      return exercise.pairs.map((pair) => pair.lemma);
    case 'word_order':
      return [];
  }
}

/** The word an item asks for, as the sentence writes it (for saving it with its sentence). */
export interface PractisedWord {
  readonly lemma: string;
  readonly word: string;
  readonly sentence: string;
}

export function practisedWord(exercise: Exercise): PractisedWord | undefined {
  if (exercise.kind === 'gap_fill' || exercise.kind === 'listening') {
    return { lemma: exercise.lemma, word: exercise.answer, sentence: exercise.sentence };
  }
  return undefined;
}

/** Where a read or heard item comes for this learner: the article's vocabulary, then their saved words, then the rest. */
function learnerTier(exercise: Exercise, saved: ReadonlySet<string>): number {
  if (exercise.kind !== 'gap_fill' && exercise.kind !== 'listening') return 0;
  if (exercise.vocabulary === true) return 0;
  return saved.has(exercise.lemma) ? 1 : 2;
}

/**
 * The set in the order this learner practises it: within each kind, items on the article's vocabulary
 * first, then those whose lemma the learner saved, then the rest, each group in the server's order; every
 * kind keeps the places the server gave it (read, read, hear, order, …, match last). The server's set is
 * the same for everyone (cacheable); only this order depends on the learner's words.
 */
export function inLearnerOrder(exercises: readonly Exercise[], savedLemmas: readonly string[]): Exercise[] {
  const saved = new Set(savedLemmas);
  const ordered = [...exercises];
  for (const kind of ['gap_fill', 'listening'] as const) {
    const places = exercises.flatMap((exercise, index) => (exercise.kind === kind ? [index] : []));
    // Array.prototype.sort is stable, so each group keeps the server's order.
    const items = places.map((index) => exercises[index]!).sort((a, b) => learnerTier(a, saved) - learnerTier(b, saved));
    places.forEach((place, index) => {
      ordered[place] = items[index]!;
    });
  }
  return ordered;
}
