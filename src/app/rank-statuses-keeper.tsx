/**
 * On the article page, where statuses change: once a change is stored, the learner's statuses by
 * rank (decision 34) are made again for the list they were last kept for, after the page has
 * settled and in slices of at most 4 ms, so that the next cold home or list page finds them and
 * need not download the frequency list. Nothing happens for a learner who never had them kept (no
 * list page seen yet) or whose kept ones are current.
 */
import { useEffect } from 'react';
import type { LemmaApi } from '../api/lemma-client';
import { filledRankStatuses, unfilledRankStatuses } from '../domain/rank-statuses';
import { afterPageSettles } from '../platform/main-thread';
import { fillInSlices } from '../platform/work-in-slices';
import { WordStatusActorContext } from '../views/learner/learner-contexts';

export function RankStatusesKeeper({ lemmas }: { readonly lemmas: LemmaApi }): null {
  const actor = WordStatusActorContext.useActorRef();
  const ready = WordStatusActorContext.useSelector((snapshot) => snapshot.matches({ ready: 'idle' }));
  const statuses = WordStatusActorContext.useSelector((snapshot) => snapshot.context.statuses);
  // No revision while a mark is queued: the statuses shown are not a stored state then.
  const revision = WordStatusActorContext.useSelector((snapshot) =>
    snapshot.context.jobs.length === 0 ? snapshot.context.revision : null,
  );
  const current = WordStatusActorContext.useSelector((snapshot) => snapshot.context.byRank !== null);
  const check = WordStatusActorContext.useSelector((snapshot) => snapshot.context.rankCheck);
  useEffect(() => {
    if (!ready || revision === null || current || check === null) return;
    const controller = new AbortController();
    void (async () => {
      await afterPageSettles();
      if (controller.signal.aborted) return;
      const list = await lemmas.rankedList(check, controller.signal);
      const byRank = await fillInSlices(filledRankStatuses(unfilledRankStatuses(check, list), statuses), controller.signal);
      if (byRank !== undefined) actor.send({ type: 'RANK_STATUSES_BUILT', byRank, revision });
    })().catch(() => {
      // No list (offline, a server error): the next list page makes them instead.
    });
    return () => controller.abort();
  }, [actor, ready, statuses, revision, current, check, lemmas]);
  return null;
}
