import type { SavedWordsTexts } from '../../domain/saved-words-texts';
import { SavedWordsActorContext } from './saved-words-context';

/** The store's problems as alerts; the rest of the page keeps working below them. */
export function StoreProblems({ texts }: { texts: SavedWordsTexts }) {
  const actor = SavedWordsActorContext.useActorRef();
  const failed = SavedWordsActorContext.useSelector((snapshot) => snapshot.matches('failed'));
  const problem = SavedWordsActorContext.useSelector((snapshot) => snapshot.context.problem);
  const setAside = SavedWordsActorContext.useSelector((snapshot) => snapshot.context.setAside);
  return (
    <>
      {problem !== null ? (
        <div className="error-panel saved-words-problem" role="alert">
          <p className="error-message">{texts.problems[problem]}</p>
          {failed && problem !== 'newerVersion' ? (
            <button type="button" className="button button-primary" onClick={() => actor.send({ type: 'RETRY' })}>
              {texts.tryAgain}
            </button>
          ) : null}
        </div>
      ) : null}
      {setAside > 0 ? (
        <p className="notice saved-words-set-aside" role="alert">
          {texts.setAside(setAside)}
        </p>
      ) : null}
    </>
  );
}
