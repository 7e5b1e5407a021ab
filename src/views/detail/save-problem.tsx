import type { TextLanguage } from '../../../common/languages';
import { savedWordsTextsFor } from '../../domain/saved-words-texts';
import { saveProblem } from '../../machines/saved-words-selectors';
import { SavedWordsActorContext } from '../words/saved-words-context';

/**
 * The one place the article page names a saved-words problem (a full quota, no storage), for the
 * Save of the word entry and of the vocabulary list alike.
 */
export function SaveProblem({ textLanguage }: { textLanguage: TextLanguage }) {
  const problem = SavedWordsActorContext.useSelector((snapshot) => saveProblem(snapshot.context));
  if (problem === null) return null;
  return (
    <p className="word-save-problem" role="alert">
      {savedWordsTextsFor(textLanguage).problems[problem]}
    </p>
  );
}
