/**
 * The practice machine with the exercise API and the learner's word store (IndexedDB, loaded on
 * first use). A wrong answer on a saved word is graded Again with the review's own scheduler (FSRS),
 * written only if the card is still the one graded, so the review brings the word forward; Save keeps
 * a practised word with its sentence and the gloss the set gives it.
 */
import { fromPromise } from 'xstate';
import type { ExerciseSet } from '../../common/exercise-contract';
import type { LanguageCode } from '../../common/languages';
import { textLanguageFor } from '../../common/languages';
import type { ExerciseApi } from '../api/exercise-client';
import { inLearnerOrder, type PractisedWord } from '../domain/practice';
import { savedWordId } from '../domain/saved-words';
import { gradeCard } from '../domain/scheduling';
import { wordToSave } from '../domain/word-to-save';
import { practiceMachine, type LearnerWords, type PracticeLoad } from '../machines/practice-machine';
import type { StatusStore, UpdateCardOutcome, WordStore } from '../platform/word-store';

export interface PracticeWiring {
  readonly api: ExerciseApi;
  readonly store: () => Promise<WordStore>;
  /** The word statuses: words marked learning come with the saved ones, right after the article's vocabulary. */
  readonly statuses?: () => Promise<Pick<StatusStore, 'loadLearner'>>;
  readonly articleTitle: string;
  readonly now?: () => Date;
}

/** The gloss a set gives a lemma (its meaning match), if any. */
function glossIn(set: ExerciseSet | undefined, lemma: string): string | null {
  for (const exercise of set?.exercises ?? []) {
    if (exercise.kind === 'match') {
      const pair = exercise.pairs.find((candidate) => candidate.lemma === lemma);
      if (pair) return pair.gloss;
    }
  }
  return null;
}

/** Grades the saved word of this lemma Again; 'gone' when it is not saved, 'changed' when another tab graded it meanwhile. */
export async function recordMiss(store: WordStore, lemma: string, now: Date): Promise<UpdateCardOutcome> {
  const { words } = await store.load();
  const word = words.find((saved) => saved.id === savedWordId(lemma));
  if (word === undefined) return 'gone';
  return store.updateCard(word.id, gradeCard(word.card, 'again', now), word.card.lastReview);
}

/** The lemmas the learner marks learning; none when there are no statuses or they cannot be read. */
async function learningLemmas(statuses: PracticeWiring['statuses']): Promise<string[]> {
  if (statuses === undefined) return [];
  try {
    const { statuses: records } = await (await statuses()).loadLearner();
    return records.filter((record) => record.status === 'learning').map((record) => record.id);
  } catch {
    return [];
  }
}

/** The learner's saved words and those marked learning; a store that cannot be read (private mode) leaves none saved. */
async function learnerWords(wiring: PracticeWiring): Promise<LearnerWords> {
  const [contents, learning] = await Promise.all([
    wiring
      .store()
      .then((store) => store.load())
      .catch(() => ({ words: [] })),
    learningLemmas(wiring.statuses),
  ]);
  return { savedLemmas: contents.words.map((word) => word.id), learning };
}

export function wiredPractice(wiring: PracticeWiring, language: LanguageCode, articleId: string, preloaded?: ExerciseSet) {
  const now = wiring.now ?? (() => new Date());
  // The set the glosses of saved words come from: the server-rendered one until one is read.
  let set: ExerciseSet | undefined = preloaded;
  return practiceMachine.provide({
    actors: {
      loadPractice: fromPromise<PracticeLoad, { articleId: string; language: LanguageCode }>(async ({ input, signal }) => {
        const [loaded, { savedLemmas, learning }] = await Promise.all([
          wiring.api.exercises(input.articleId, input.language, signal),
          learnerWords(wiring),
        ]);
        set = loaded;
        // The learner's saved (and learning) words come right after the article's vocabulary; the server's set is the same for everyone.
        const ordered = inLearnerOrder(loaded.exercises, [...savedLemmas, ...learning]);
        return { set: { ...loaded, exercises: ordered }, savedLemmas };
      }),
      loadLearnerWords: fromPromise<LearnerWords>(() => learnerWords(wiring)),
      recordMiss: fromPromise<UpdateCardOutcome, { lemma: string }>(async ({ input }) =>
        recordMiss(await wiring.store(), input.lemma, now()),
      ),
      savePractisedWord: fromPromise<string[], { word: PractisedWord }>(async ({ input }) => {
        const textLanguage = textLanguageFor(language);
        const saved = wordToSave(
          {
            word: input.word.word,
            lemma: input.word.lemma,
            gloss: glossIn(set, input.word.lemma),
            ipa: null,
            definition: null,
            sentence: input.word.sentence,
          },
          { textLanguage, articleId, articleTitle: wiring.articleTitle, now: now() },
        );
        return (await wiring.store()).addIfAbsent([saved]);
      }),
    },
  });
}
