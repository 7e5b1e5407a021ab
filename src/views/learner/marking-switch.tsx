import type { TextLanguage } from '../../../common/languages';
import { learnerTextsFor } from '../../domain/learner-texts';
import { WordStatusActorContext } from './learner-contexts';

/**
 * The switch for the marks of new and learning words in the body, in the reading tools (the phone's
 * bottom toolbar shows only the switch, its name kept for assistive technology). Self-contained: it
 * needs only the word-status actor. It is there from the server's HTML on, disabled until the statuses
 * are read, so the toolbar never changes size when they arrive.
 */
export function MarkingSwitch({ language }: { language: TextLanguage }) {
  const texts = learnerTextsFor(language);
  const actor = WordStatusActorContext.useActorRef();
  const on = WordStatusActorContext.useSelector((snapshot) => snapshot.context.marking);
  const ready = WordStatusActorContext.useSelector((snapshot) => snapshot.matches('ready'));
  return (
    <button
      type="button"
      className="button marking-switch"
      aria-pressed={ready && on}
      disabled={!ready}
      title={texts.markingLegend}
      onClick={() => actor.send({ type: 'MARKING_TOGGLED' })}
    >
      <span aria-hidden="true" className="marking-switch-track">
        <span className="marking-switch-thumb" />
      </span>
      <span className="marking-switch-label">{texts.marking}</span>
    </button>
  );
}
