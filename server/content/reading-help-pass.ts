/**
 * The one-time pass that gives articles already in a database what new imports get from the
 * dictionary (glosses, examples cut to their clause). It runs at start, only when the dictionary
 * data differs from the one the pass last ran with, and rewrites only the articles it changes;
 * run twice, the second run changes nothing.
 */
import type { ArticleStore, SettledOrLater } from '../store/article-store';
import { rehashed } from '../store/content-hash';
import { withReadingHelp, type GlossDictionary } from './vocabulary-help';

export const READING_HELP_PASS = 'dictionary-reading-help';

/** What the pass needs of a store: every article, one at a time, and a record of passes run. */
export type PassStore = SettledOrLater<Pick<ArticleStore, 'articleIds' | 'byId' | 'upsert' | 'contentPass' | 'recordContentPass'>>;

export interface ReadingHelpPassResult {
  /** False when the pass had already run with this dictionary. */
  readonly ran: boolean;
  readonly checked: number;
  readonly updated: number;
}

export async function applyReadingHelpPass(
  store: PassStore,
  dictionary: GlossDictionary & { readonly version: string },
): Promise<ReadingHelpPassResult> {
  if ((await store.contentPass(READING_HELP_PASS)) === dictionary.version) return { ran: false, checked: 0, updated: 0 };
  let checked = 0;
  let updated = 0;
  for (const id of await store.articleIds()) {
    const article = await store.byId(id);
    if (article === undefined) continue;
    checked += 1;
    const helped = rehashed(withReadingHelp(article, dictionary));
    if (helped.contentHash === rehashed(article).contentHash) continue;
    await store.upsert(helped);
    updated += 1;
  }
  await store.recordContentPass(READING_HELP_PASS, dictionary.version);
  return { ran: true, checked, updated };
}
