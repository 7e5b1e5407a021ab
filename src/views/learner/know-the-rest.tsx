import { useRef, useState } from 'react';
import type { TextLanguage } from '../../../common/languages';
import { learnerTextsFor } from '../../domain/learner-texts';
import { LemmaInventoryActorContext, WordStatusActorContext } from './learner-contexts';

/**
 * "I know the rest" at the end of the article: every lemma of the article still new becomes
 * known in one step, with Undo while the step's undo window lasts.
 */
export function KnowTheRest({ articleId, language }: { articleId: string; language: TextLanguage }) {
  const texts = learnerTextsFor(language);
  const actor = WordStatusActorContext.useActorRef();
  const ready = WordStatusActorContext.useSelector((snapshot) => snapshot.matches('ready'));
  const undo = WordStatusActorContext.useSelector((snapshot) => snapshot.context.undo);
  const inventory = LemmaInventoryActorContext.useSelector((snapshot) => snapshot.context.inventories[articleId]);
  // Rendered from the start (the server's page too), so nothing below the article moves when the statuses arrive.
  const lemmas = inventory?.lemmas.map(([lemma]) => lemma) ?? [];
  // After Undo its button is gone: the status says so, and focus goes back to the step's own button, not the body.
  const [undone, setUndone] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const shownUndo = undo !== null && undo.articleId === articleId ? undo : null;
  return (
    <section className="know-the-rest" aria-labelledby="know-the-rest-button">
      <p className="know-the-rest-hint" id="know-the-rest-hint">
        {texts.knowRestHint}
      </p>
      <button
        type="button"
        ref={buttonRef}
        id="know-the-rest-button"
        className="button button-primary"
        aria-describedby="know-the-rest-hint"
        disabled={!ready || inventory === undefined}
        onClick={() => {
          setUndone(false);
          actor.send({ type: 'REST_KNOWN', articleId, lemmas });
        }}
      >
        {texts.knowRest}
      </button>
      <div className="know-the-rest-result" role="status">
        {shownUndo !== null ? (
          <>
            <span>{texts.restMarked(shownUndo.count)}</span>{' '}
            <button
              type="button"
              className="button"
              onClick={() => {
                setUndone(true);
                buttonRef.current?.focus();
                actor.send({ type: 'REST_UNDONE' });
              }}
            >
              {texts.undo}
            </button>
          </>
        ) : undone ? (
          texts.undone
        ) : null}
      </div>
    </section>
  );
}
