import type { TextLanguage } from '../../../common/languages';
import { learnerTextsFor } from '../../domain/learner-texts';
import { statusOf, type WordStatus } from '../../domain/word-status';
import { WordStatusActorContext } from './learner-contexts';

/**
 * In the word entry: the learner's status of the word (by its lemma, or its lower-cased form
 * when the dictionary does not know it) and the buttons that change it. Save (learning) is the
 * entry's own Save button; Known and Ignore here, each pressed again to make the word new.
 */
export function WordStatusButtons({ lemma, language }: { lemma: string; language: TextLanguage }) {
  const texts = learnerTextsFor(language);
  const actor = WordStatusActorContext.useActorRef();
  const status = WordStatusActorContext.useSelector((snapshot) =>
    snapshot.matches('ready') ? statusOf(snapshot.context.statuses, lemma) : null,
  );
  if (status === null) return null;
  const set = (next: WordStatus) => actor.send({ type: 'STATUS_SET', lemma, status: status === next ? 'new' : next });
  return (
    <div className="word-status" data-testid="word-status">
      <p className="word-status-line" role="status">
        {texts.statusLine(texts.statuses[status])}
      </p>
      <div className="word-status-buttons">
        <button type="button" className="button" aria-pressed={status === 'known'} onClick={() => set('known')}>
          {texts.markKnown}
        </button>
        <button type="button" className="button" aria-pressed={status === 'ignored'} onClick={() => set('ignored')}>
          {texts.markIgnored}
        </button>
      </div>
    </div>
  );
}
