import { useEffect } from 'react';
import type { SnapshotFrom } from 'xstate';
import { reviewTextsFor } from '../../domain/review-texts';
import { REVIEW_GRADES } from '../../domain/scheduling';
import type { reviewMachine } from '../../machines/review-machine';
import { LoadingIndicator } from '../common/loading-indicator';
import { usePageLanguage, useTextLanguage } from '../use-texts';
import { ReviewCard } from './review-card';
import { ReviewActorContext } from './review-context';
import { ReviewDone, ReviewEmpty, ReviewProblem } from './review-finished';

type Status = 'loading' | 'front' | 'back' | 'saving' | 'done' | 'empty' | 'failed';

function statusOf(snapshot: SnapshotFrom<typeof reviewMachine>): Status {
  if (snapshot.matches('showingFront')) return 'front';
  if (snapshot.matches('showingBack')) return 'back';
  if (snapshot.matches('saving')) return 'saving';
  if (snapshot.matches('done')) return 'done';
  if (snapshot.matches('empty')) return 'empty';
  if (snapshot.matches('failed')) return 'failed';
  return 'loading';
}

/** Keys 1–4 grade the answer on screen, Space or Enter shows it (when focus is not on a control that takes them itself). */
function useReviewKeys(status: Status, send: ReturnType<typeof ReviewActorContext.useActorRef>['send']) {
  useEffect(() => {
    if (status !== 'front' && status !== 'back') return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
      if (status === 'back') {
        const grade = REVIEW_GRADES[Number(event.key) - 1];
        if (grade === undefined) return;
        event.preventDefault();
        send({ type: 'GRADE', grade });
      } else if ((event.key === ' ' || event.key === 'Enter') && !target?.closest('a, button')) {
        event.preventDefault();
        send({ type: 'REVEAL' });
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [status, send]);
}

export function ReviewPage() {
  const textLanguage = useTextLanguage();
  const pageLanguage = usePageLanguage();
  const texts = reviewTextsFor(textLanguage);
  const actor = ReviewActorContext.useActorRef();
  const status = ReviewActorContext.useSelector(statusOf);
  const context = ReviewActorContext.useSelector((snapshot) => snapshot.context);
  useReviewKeys(status, actor.send);

  const current = context.queue[context.index];
  const position = context.index + 1;
  const total = context.queue.length;
  const announcement =
    current === undefined || (status !== 'front' && status !== 'back')
      ? ''
      : status === 'front'
        ? texts.cardAnnounced(current.word, position, total)
        : texts.answerAnnounced(current.word);

  return (
    <section className="page narrow review" aria-labelledby="review-heading">
      <h1 id="review-heading">{texts.heading}</h1>
      <p className="page-subtitle">{texts.intro}</p>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      {status === 'loading' ? <LoadingIndicator text={texts.loading} /> : null}
      {status === 'failed' ? (
        <ReviewProblem problem={context.error ?? 'failed'} texts={texts} onRetry={() => actor.send({ type: 'RETRY' })} />
      ) : null}
      {(status === 'front' || status === 'back' || status === 'saving') && current !== undefined ? (
        <ReviewCard
          word={current}
          position={position}
          total={total}
          side={status === 'front' ? 'front' : 'back'}
          saving={status === 'saving'}
          intervals={context.intervals}
          texts={texts}
          textLanguage={textLanguage}
          pageLanguage={pageLanguage}
          onReveal={() => actor.send({ type: 'REVEAL' })}
          onGrade={(grade) => actor.send({ type: 'GRADE', grade })}
        />
      ) : null}
      {status === 'done' ? (
        <ReviewDone
          reviewed={context.reviewed.length}
          grades={context.grades}
          nextDue={context.nextDue}
          texts={texts}
          textLanguage={textLanguage}
          pageLanguage={pageLanguage}
        />
      ) : null}
      {status === 'empty' ? (
        <ReviewEmpty nextDue={context.nextDue} texts={texts} textLanguage={textLanguage} pageLanguage={pageLanguage} />
      ) : null}
    </section>
  );
}
