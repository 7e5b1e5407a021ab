import type { TextLanguage } from '../../../common/languages';
import { learnerTextsFor } from '../../domain/learner-texts';
import { WordStatusActorContext } from './learner-contexts';

/**
 * The switch for the marks of new and learning words in the body. Self-contained (it needs only
 * the word-status actor), so a toolbar can host it.
 */
export function MarkingSwitch({ language }: { language: TextLanguage }) {
  const texts = learnerTextsFor(language);
  const actor = WordStatusActorContext.useActorRef();
  const on = WordStatusActorContext.useSelector((snapshot) => snapshot.context.marking);
  return (
    <button
      type="button"
      className="button marking-switch"
      aria-pressed={on}
      title={texts.markingLegend}
      onClick={() => actor.send({ type: 'MARKING_TOGGLED' })}
    >
      <span aria-hidden="true" className="marking-switch-track">
        <span className="marking-switch-thumb" />
      </span>
      {texts.marking}
    </button>
  );
}
