/**
 * The lemma inventories of articles, decoded with the shared contract (common/lemma-contract.ts).
 * Its own module: only the coverage chunk and the article page carry it.
 */
import {
  decodeForms,
  decodeInventoryEntries,
  LemmaInventoriesCodec,
  LevelWordsCodec,
  MAX_INVENTORY_IDS,
  RANKED_LEVEL,
} from '../../common/lemma-contract';
import type { PlacementLevel } from '../../common/placement-levels';
import type { LemmaInventory } from '../domain/coverage';
import { defaultRequestOptions, requestJson, type RequestOptions } from './http';

export interface ArticleLemmas {
  readonly inventory: LemmaInventory;
  /** Inflected forms of the body and their lemma, so the page can mark "went" as "go". */
  readonly forms: ReadonlyMap<string, string>;
}

export interface LemmaApi {
  /** The inventories of these articles (at most MAX_INVENTORY_IDS per request; more are asked in several). */
  inventories(articleIds: readonly string[], signal?: AbortSignal): Promise<LemmaInventory[]>;
  articleLemmas(articleId: string, signal?: AbortSignal): Promise<ArticleLemmas>;
  /** The headwords of a placement level, most frequent first. */
  levelWords(level: PlacementLevel, signal?: AbortSignal): Promise<string[]>;
}

export function createLemmaClient(options: Partial<RequestOptions> = {}): LemmaApi {
  const base: RequestOptions = { ...defaultRequestOptions(), ...options };
  const withSignal = (signal?: AbortSignal): RequestOptions => (signal === undefined ? base : { ...base, signal });
  // The cards' frequency list, by its check: fetched once per page (and kept by the HTTP cache: its
  // address carries the check, so a new list is a new address).
  const lists = new Map<string, Promise<string[]>>();
  const rankedList = (check: string, signal?: AbortSignal): Promise<string[]> => {
    let list = lists.get(check);
    if (list === undefined) {
      list = requestJson('/level-words', { level: RANKED_LEVEL, v: check }, LevelWordsCodec, withSignal(signal)).then((answer) =>
        answer.words === '' ? [] : answer.words.split(' '),
      );
      list.catch(() => lists.delete(check));
      lists.set(check, list);
    }
    return list;
  };
  return {
    async inventories(articleIds, signal) {
      const batches: string[][] = [];
      for (let start = 0; start < articleIds.length; start += MAX_INVENTORY_IDS)
        batches.push(articleIds.slice(start, start + MAX_INVENTORY_IDS));
      const answers = await Promise.all(
        batches.map((ids) => requestJson('/lemmas', { ids: ids.join(',') }, LemmaInventoriesCodec, withSignal(signal))),
      );
      const decoded = await Promise.all(
        answers.map(async (answer) =>
          decodeInventoryEntries(answer, answer.ranked === undefined ? undefined : await rankedList(answer.ranked, signal)),
        ),
      );
      return decoded.flat();
    },
    async articleLemmas(articleId, signal) {
      const answer = await requestJson(`/articles/${encodeURIComponent(articleId)}/lemmas`, {}, LemmaInventoriesCodec, withSignal(signal));
      const [inventory] = decodeInventoryEntries(answer);
      if (inventory === undefined) throw new Error(`No inventory for ${articleId}`);
      return { inventory, forms: decodeForms(answer) };
    },
    async levelWords(level, signal) {
      const answer = await requestJson('/level-words', { level }, LevelWordsCodec, withSignal(signal));
      return answer.words === '' ? [] : answer.words.split(' ');
    },
  };
}
