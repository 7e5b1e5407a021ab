/**
 * A schema upgrade's fill (store/article-store.ts SchemaFill; SQLite v10's search keys) run as the first of the passes
 * after listening (content-passes.ts): the same small recorded batches as the others, so the server answers from its
 * first second and a stop anywhere resumes. Its version is when the fill became owed: a file that owes none records
 * `none` at once. At the end the fill is put in place (one short write), then its index is tidied in slices.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { SchemaFill } from '../store/article-store';
import type { BatchedPass, PassesStore } from './content-passes';

export function schemaFillPass(store: Pick<PassesStore, 'idsAfter'>, fill: SchemaFill): BatchedPass {
  return {
    name: `schema:${fill.name}`,
    unavailable: fill.unavailable,
    get version() {
      return fill.owedSince() ?? 'none';
    },
    next: async (limit, after) => {
      if (fill.owedSince() === undefined) return [];
      const ids = await store.idsAfter(limit, after);
      if (ids.length > 0) return ids;
      await fill.finish();
      // Between slices the event loop gets a turn and a little time: readers go first.
      while (await fill.tidy()) await sleep(2);
      return [];
    },
    apply: async (ids) => fill.fill(ids),
  };
}
