/**
 * Each card's coverage on home and the list, worked out a few cards per task (issue 26: 20 cards
 * on a slow phone, the first time before the code is compiled, must not make one long task). The
 * cards' inventories point into a frequency list by rank; their statuses by rank come from the
 * store (the word-status machine's `byRank`, kept for these statuses) with no download of the
 * list. A learner with no statuses needs no list either (every rank is new). Without them (statuses
 * changed since they were kept, or a first page since the learner has any) the list's hash table is
 * fetched (decision 46: no word of the list made a string) and the learner's keys looked up in it by
 * hash, which gives the whole record at once; it is handed to
 * `onBuilt` with the revision those statuses were read at, to be kept for the next page (decision 34).
 * `revision` is null when the statuses are not exactly a stored state (a write pending): nothing is
 * handed on then.
 */
import { useEffect, useRef, useState } from 'react';
import type { LemmaApi } from '../api/lemma-client';
import { coverageOf, type Coverage, type LemmaInventory } from '../domain/coverage';
import { STATUS_CODE_NEW, type RankStatuses } from '../domain/rank-statuses';
import { learnerKeyHashes, rankStatusesFromHashes } from '../domain/status-hashes';
import { hasStatuses, type StatusMap } from '../domain/word-status';
import { listLengthOf } from '../../common/lemma-contract';
import type { RankHashes } from '../../common/rank-hashes';
import { fillInSlices } from '../platform/work-in-slices';

interface Worked {
  readonly statuses: StatusMap;
  readonly coverage: Map<string, Coverage>;
  /** Statuses by rank made here (from the list's hash table, or all new), by the list's check. */
  readonly fromList: Map<string, RankStatuses>;
  /** The checks whose statuses by rank were handed to onBuilt. */
  readonly handed: Set<string>;
}

export function useSlicedCoverage(
  inventories: Readonly<Record<string, LemmaInventory>>,
  statuses: StatusMap | null,
  revision: number | null,
  stored: RankStatuses | null,
  lemmas: LemmaApi,
  onBuilt: (byRank: RankStatuses, revision: number) => void,
  /**
   * The list to make the record for before the cards' inventories arrive: the one the page or the cards
   * name (decision 50), else the one the last record was kept for (the word-status machine's rankCheck).
   */
  expected: string | null = null,
): ReadonlyMap<string, Coverage> {
  const [shown, setShown] = useState<ReadonlyMap<string, Coverage>>(() => new Map());
  const cache = useRef<Worked | null>(null);
  const built = useRef(onBuilt);
  // The latest callback, set before the effect below runs (effects run in order).
  useEffect(() => {
    built.current = onBuilt;
  });
  // With no record stored, the learner's keys are hashed as soon as the statuses are read, in a task
  // of their own, while the cards' answer is still on its way: they need nothing else (decision 46).
  // When the list is known (named by the page, decision 50, or the last record's after a status
  // change), its hash table is fetched too and the record made from it, so the cards find it made. No signal on that fetch: the
  // lemma client shares it with the cards' own request for the same list, which must not be cut short.
  useEffect(() => {
    if (statuses === null || stored !== null || !hasStatuses(statuses)) return;
    let live = true;
    const timer = setTimeout(() => {
      learnerKeyHashes(statuses);
      if (expected === null) return;
      lemmas.rankedHashes(expected).then(
        (table) => {
          if (live) setTimeout(() => live && rankStatusesFromHashes(table, statuses), 0);
        },
        () => undefined,
      );
    }, 0);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [statuses, stored, expected, lemmas]);
  useEffect(() => {
    if (statuses === null) return;
    const learner: StatusMap = statuses;
    if (cache.current?.statuses !== statuses) cache.current = { statuses, coverage: new Map(), fromList: new Map(), handed: new Set() };
    const { coverage, fromList, handed } = cache.current;
    const byRankFor = (check: string) => (stored?.check === check ? stored : fromList.get(check));
    const pending = Object.entries(inventories).filter(([id]) => !coverage.has(id));
    const missing = [...new Set(pending.flatMap(([, each]) => (each.ranked === undefined ? [] : [each.ranked.check])))].filter(
      (check) => byRankFor(check) === undefined,
    );
    const controller = new AbortController();
    const { signal } = controller;
    // One card's coverage a step, so the slices can stop between two cards.
    function* cardsCoverage(): Generator<void, void, undefined> {
      for (const [id, inventory] of pending) {
        const byRank = inventory.ranked === undefined ? undefined : byRankFor(inventory.ranked.check);
        coverage.set(id, coverageOf(inventory, learner, byRank));
        yield;
      }
    }
    void (async () => {
      if (missing.length > 0 && !hasStatuses(learner)) {
        // Nothing marked or saved: every word of the list is new, so its statuses by rank are all
        // new codes and the list is not needed (a first visit's page does not download it).
        for (const check of missing) fromList.set(check, { check, codes: new Uint8Array(listLengthOf(check)).fill(STATUS_CODE_NEW) });
      } else if (missing.length > 0) {
        let tables: ReadonlyArray<RankHashes>;
        try {
          tables = await Promise.all(missing.map((check) => lemmas.rankedHashes(check, signal)));
        } catch {
          // No table (offline, a server error): these cards show no coverage, as when their inventories fail.
          return;
        }
        for (const table of tables) fromList.set(table.check, rankStatusesFromHashes(table, learner));
      }
      await fillInSlices(cardsCoverage(), signal);
      if (signal.aborted) return;
      setShown(new Map(coverage));
      // Once the cards are shown: each record made here (whole: every rank looked up), to be kept.
      for (const [check, made] of fromList) {
        if (handed.has(check)) continue;
        handed.add(check);
        // The revision of these statuses, as read when this work started (never a later one's).
        if (revision !== null) built.current(made, revision);
      }
    })();
    return () => controller.abort();
  }, [inventories, statuses, revision, stored, lemmas]);
  return shown;
}
