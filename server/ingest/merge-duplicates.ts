/**
 * `npm run ingest -- --merge-duplicates [--dry-run]`: merges the articles already stored twice (imported
 * before the importer recognised stories, or by two versions of it) into the older one. Each newer copy
 * is compared with the articles stored before it by the importer's signals (story-identity.ts: an
 * address, the same text, a near-identical text); a duplicate's row is removed and its id becomes an
 * alias of the kept article, so its page and API address lead to the kept one (301 for pages).
 */
import type { ArticleStore, SettledOrLater } from '../store/article-store';
import type { StoryMatch } from '../store/story-identity';

export type MergeStore = SettledOrLater<
  Pick<ArticleStore, 'articleIds' | 'byId' | 'backfillStoryIdentity' | 'olderSameStory' | 'mergeStory'>
>;

export interface MergeStep {
  readonly drop: { readonly id: string; readonly title: string };
  readonly keep: { readonly id: string; readonly title: string };
  readonly matchedBy: StoryMatch;
}

export interface MergeOptions {
  /** Say what would be merged, change no article. */
  readonly dryRun?: boolean;
  readonly onStep?: (step: MergeStep) => void;
}

export async function mergeDuplicates(store: MergeStore, options: MergeOptions = {}): Promise<MergeStep[]> {
  // Articles stored before the store kept fingerprints are compared too (this records their fingerprints, no article changes).
  await store.backfillStoryIdentity();
  const steps: MergeStep[] = [];
  /** A dry run merges nothing, so a third copy may match the second: follow the plan to the article really kept. */
  const plannedInto = new Map<string, string>();
  const titles = new Map<string, string>();
  const titleOf = async (id: string): Promise<string> => {
    if (!titles.has(id)) titles.set(id, (await store.byId(id))?.title ?? '');
    return titles.get(id)!;
  };
  // Oldest first, so every copy is compared with the articles stored before it and the oldest id is kept.
  for (const id of await store.articleIds()) {
    const match = await store.olderSameStory(id);
    if (!match) continue;
    let keep = match.id;
    while (plannedInto.has(keep)) keep = plannedInto.get(keep)!;
    const step: MergeStep = {
      drop: { id, title: await titleOf(id) },
      keep: { id: keep, title: await titleOf(keep) },
      matchedBy: match.matchedBy,
    };
    if (options.dryRun) plannedInto.set(id, keep);
    else if (!(await store.mergeStory(id, keep))) continue;
    steps.push(step);
    options.onStep?.(step);
  }
  return steps;
}

export function describeStep(step: MergeStep, dryRun: boolean): string {
  return `${dryRun ? 'would merge' : 'merged'}: "${step.drop.title}" (${step.drop.id}) into "${step.keep.title}" (${step.keep.id}), same story by ${step.matchedBy}`;
}
