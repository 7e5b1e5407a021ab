/**
 * The io-ts codec of a stored SavedWord. Everything read back from IndexedDB passes through it:
 * another version of the site, an extension or a damaged disk may have written anything there,
 * and a record that does not decode is set aside rather than shown half-broken.
 */
import * as t from 'io-ts';
import { isRight } from 'fp-ts/Either';
import type { SavedWord } from './saved-words';
import { IsoDate, NonBlankString } from './stored-value-codecs';

const Count = t.refinement(t.number, (value) => Number.isFinite(value) && value >= 0, 'Count');

const CardStateCodec = t.union([t.literal(0), t.literal(1), t.literal(2), t.literal(3)]);

const ReviewCardCodec = t.type({
  due: IsoDate,
  stability: Count,
  difficulty: Count,
  elapsedDays: Count,
  scheduledDays: Count,
  learningSteps: Count,
  reps: Count,
  lapses: Count,
  state: CardStateCodec,
  lastReview: t.union([IsoDate, t.null]),
});

export const SavedWordCodec = t.type(
  {
    id: NonBlankString,
    word: NonBlankString,
    lemma: NonBlankString,
    gloss: t.union([t.string, t.null]),
    glossLanguage: t.union([t.literal('en'), t.literal('zh'), t.literal('es')]),
    ipa: t.union([t.string, t.null]),
    definition: t.union([t.string, t.null]),
    sentence: t.string,
    articleId: t.string,
    articleTitle: t.string,
    savedAt: IsoDate,
    card: ReviewCardCodec,
  },
  'SavedWord',
);

/**
 * The word when the value is a readable SavedWord, else a short English reason (for the set-aside record) and the
 * names of the wrong parts, which a backup's refusal shows in the page's own language.
 */
export function decodeSavedWord(value: unknown): { word: SavedWord } | { reason: string; fields: string[] } {
  const result = SavedWordCodec.decode(value);
  if (isRight(result)) {
    // Building the word field by field checks the codec against the type, and drops extra properties, so unknown extra properties never travel further.
    const w = result.right;
    return {
      word: {
        id: w.id,
        word: w.word,
        lemma: w.lemma,
        gloss: w.gloss,
        glossLanguage: w.glossLanguage,
        ipa: w.ipa,
        definition: w.definition,
        sentence: w.sentence,
        articleId: w.articleId,
        articleTitle: w.articleTitle,
        savedAt: w.savedAt,
        card: { ...w.card },
      },
    };
  }
  const paths = result.left.slice(0, 3).map((error) =>
    error.context
      .map((entry) => entry.key)
      .filter((key) => key !== '')
      .join('.'),
  );
  return {
    reason: `Not a saved word (${paths.map((path) => path || '(root)').join(', ')})`,
    fields: [...new Set(paths.filter((path) => path !== ''))],
  };
}
