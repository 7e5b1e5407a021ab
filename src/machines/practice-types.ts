/** The practice machine's context, input, events and what views read from its context (practice-machine.ts). */
import type { Exercise, ExerciseSet } from '../../common/exercise-contract';
import type { LanguageCode } from '../../common/languages';
import { practisedWord, type PracticeAnswer, type PractisedWord, type Verdict } from '../domain/practice';

export interface PracticeLoad {
  readonly set: ExerciseSet;
  /** Lemmas of the learner's saved words (lower case). */
  readonly savedLemmas: readonly string[];
}

/** The learner's own words, read from their store: saved (lemmas, lower case) and marked learning. */
export interface LearnerWords {
  readonly savedLemmas: readonly string[];
  readonly learning: readonly string[];
}

export interface PracticeResult {
  readonly index: number;
  readonly verdict: Verdict;
}

export interface PracticeContext {
  readonly articleId: string;
  readonly language: LanguageCode;
  exercises: readonly Exercise[];
  index: number;
  /** The verdict on each item answered, in order. */
  results: readonly PracticeResult[];
  savedLemmas: readonly string[];
  /** The set came with the page (server-rendered): it is not read again, even when it is empty. */
  fromPage: boolean;
  /** The page says there is no such article (the server's 404, embedded). */
  readonly articleMissing: boolean;
  /** Whether savedLemmas has been read from the learner's store (a server-rendered set starts without it). */
  wordsKnown: boolean;
  /** Words answered wrong, each once, for the summary. */
  missed: readonly PractisedWord[];
  /** Lemmas whose review was brought forward in this session. */
  reviewedAgain: readonly string[];
  /** The word being saved (SAVE), kept until the store answers. */
  saving: PractisedWord | null;
  /** The last store write failed: said beside the button, the session goes on. */
  storeProblem: boolean;
  loadFailed: boolean;
}

export interface PracticeInput {
  readonly articleId: string;
  readonly language: LanguageCode;
  /** The set the server rendered into the page, in the server's order, so the first question needs no request. */
  readonly preloaded?: ExerciseSet;
  /** The server rendered the page with the API's 404: there is no such article. */
  readonly missing?: boolean;
}

export type PracticeEvent =
  | { type: 'ANSWER'; answer: PracticeAnswer }
  | { type: 'NEXT' }
  | { type: 'SAVE'; lemma: string }
  | { type: 'RESTART' }
  | { type: 'RETRY' }
  // What the child spawned for a server-rendered set (loadLearnerWords) reports; XState types no spawned child's events.
  | { type: 'xstate.done.actor.loadLearnerWords'; output: LearnerWords }
  | { type: 'xstate.error.actor.loadLearnerWords'; error: unknown };

/** The word the current item asks for, and whether it is saved. */
export function currentWord(context: PracticeContext): PractisedWord | undefined {
  const exercise = context.exercises[context.index];
  return exercise === undefined ? undefined : practisedWord(exercise);
}

export function lastVerdict(context: PracticeContext): Verdict | undefined {
  const last = context.results[context.results.length - 1];
  return last?.index === context.index ? last.verdict : undefined;
}

export function score(context: PracticeContext): number {
  return context.results.filter((result) => result.verdict === 'right').length;
}
