import type { TextLanguage } from '../../../common/languages';
import { learnerTextsFor } from '../../domain/learner-texts';
import { WordStatusActorContext } from './learner-contexts';

/** Why the word statuses are off (no IndexedDB, a newer site's database, a full disk), in the page language. */
export function StoreOffNotice({ language }: { language: TextLanguage }) {
  const problem = WordStatusActorContext.useSelector((snapshot) => snapshot.context.problem);
  if (problem === null) return null;
  return (
    <p className="learner-off" role="status">
      {learnerTextsFor(language).off[problem]}
    </p>
  );
}
