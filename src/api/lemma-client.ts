/**
 * The lemma inventories of articles, decoded with the shared contract (common/lemma-contract.ts).
 * Its own module: only the coverage chunk and the article page carry it.
 */
import {
  decodeForms,
  decodedInventories,
  decodeInventoryEntries,
  listCheckInPieces,
  rankedListOf,
  MAX_INVENTORY_IDS,
  RANKED_LEVEL,
  type TallyRecord,
} from '../../common/lemma-contract';
import { LemmaInventoriesAnswerCodec, LevelWordsAnswerCodec } from '../../common/lemma-answer-codecs';
import type { PlacementLevel } from '../../common/placement-levels';
import { decodeRankHashes, RANK_HASHES_FORMAT, type RankHashes } from '../../common/rank-hashes';
import { requestBinary } from './binary-request';
import type { LemmaInventory } from '../domain/coverage';
import { defaultRequestOptions, requestJson, type RequestOptions } from './http';
import { ApiError } from './errors';

/** How long a refused table (404) is answered from memory before it is asked for again. */
const REFUSED_TABLE_KEPT_MS = 60_000;

export interface ArticleLemmas {
  readonly inventory: LemmaInventory;
  /** Inflected forms of the body and their lemma, so the page can mark "went" as "go". */
  readonly forms: ReadonlyMap<string, string>;
}

export interface LemmaApi {
  /**
   * The inventories of these articles (at most MAX_INVENTORY_IDS per request; more are asked in several).
   * `held` gives the learner's statuses by rank the page holds when the answer arrives (none: null): the
   * decode then tallies each card for that record as it validates it (decision 57), and coverage uses the
   * tally while that record is still the one in hand.
   */
  inventories(articleIds: readonly string[], signal?: AbortSignal, held?: () => TallyRecord | null): Promise<LemmaInventory[]>;
  articleLemmas(articleId: string, signal?: AbortSignal): Promise<ArticleLemmas>;
  /**
   * The cards' frequency list named by `check` (GET /api/level-words?level=RANKED_LEVEL&v=check):
   * needed only to make the learner's statuses by rank, when none are stored for this list.
   */
  rankedList(check: string, signal?: AbortSignal): Promise<readonly string[]>;
  /**
   * The same list as a table of its words' status keys' hashes by rank (GET
   * /api/level-words/hashes?v=check&f=format, decision 46): the cards' statuses by rank with no word made a string.
   */
  rankedHashes(check: string, signal?: AbortSignal): Promise<RankHashes>;
  /** The headwords of a placement level, most frequent first. */
  levelWords(level: PlacementLevel, signal?: AbortSignal): Promise<string[]>;
}

/** How long one slice of decoding may hold the main thread. */
const SLICE_MS = 4;

/** A macrotask boundary without the platform layer (the API layer stays DOM-free): a zero-delay timer. */
function yieldBetweenPieces(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

export function createLemmaClient(options: Partial<RequestOptions> = {}): LemmaApi {
  const base: RequestOptions = { ...defaultRequestOptions(), ...options };
  const withSignal = (signal?: AbortSignal): RequestOptions => (signal === undefined ? base : { ...base, signal });
  // The cards' frequency list, by its check: fetched once per page (and kept by the HTTP cache: its
  // address carries the check, so a new list is a new address).
  const lists = new Map<string, Promise<readonly string[]>>();
  const rankedList = (check: string, signal?: AbortSignal): Promise<readonly string[]> => {
    let list = lists.get(check);
    if (list === undefined) {
      list = requestJson('/level-words', { level: RANKED_LEVEL, v: check }, LevelWordsAnswerCodec, withSignal(signal)).then(
        async (answer) => {
          const { words, checked } = rankedListOf(answer, check);
          if (checked) return words;
          // An answer cached before the server sent its check: the check (a hash of 10,000 words) is
          // worked out here in slices, not in one piece in the first decode.
          const pieces = listCheckInPieces(words);
          let sliceStart = performance.now();
          while (!pieces.next().done) {
            if (performance.now() - sliceStart >= SLICE_MS) {
              await yieldBetweenPieces();
              sliceStart = performance.now();
            }
          }
          return words;
        },
      );
      list.catch(() => lists.delete(check));
      lists.set(check, list);
    }
    return list;
  };
  const tables = new Map<string, Promise<RankHashes>>();
  const rankedHashes = (check: string, signal?: AbortSignal): Promise<RankHashes> => {
    let table = tables.get(check);
    if (table === undefined) {
      table = requestBinary(
        '/level-words/hashes',
        { v: check, f: String(RANK_HASHES_FORMAT) },
        (body) => decodeRankHashes(body, check),
        withSignal(signal),
      );
      // Asked again after a failure. A 404 (the server has another list than this check: a page named an old one,
      // decision 50) is kept for a while, so the page's early request and the cards' do not both meet it; not for
      // good, as one node of a deploy in progress may refuse a list the next one serves.
      const forget = () => {
        if (tables.get(check) === table) tables.delete(check);
      };
      table.catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 404) setTimeout(forget, REFUSED_TABLE_KEPT_MS);
        else forget();
      });
      tables.set(check, table);
    }
    return table;
  };
  return {
    async inventories(articleIds, signal, held) {
      const batches: string[][] = [];
      for (let start = 0; start < articleIds.length; start += MAX_INVENTORY_IDS)
        batches.push(articleIds.slice(start, start + MAX_INVENTORY_IDS));
      const answers = await Promise.all(
        batches.map((ids) => requestJson('/lemmas', { ids: ids.join(',') }, LemmaInventoriesAnswerCodec, withSignal(signal))),
      );
      const decoded: LemmaInventory[] = [];
      // Asked once the answers are here: the page's record may have been read while they were on their way.
      const record = held?.() ?? undefined;
      for (const answer of answers) {
        // A ranked answer decodes without its frequency list: coverage reads the learner's statuses
        // by rank (src/domain/rank-statuses.ts). A few cards per task at most: once a slice has taken
        // SLICE_MS the page gets its thread back (issue 26: no long task on a slow phone).
        let sliceStart = performance.now();
        for (const inventory of decodedInventories(answer, undefined, record)) {
          decoded.push(inventory);
          if (performance.now() - sliceStart >= SLICE_MS) {
            await yieldBetweenPieces();
            sliceStart = performance.now();
          }
        }
      }
      return decoded;
    },
    rankedList,
    rankedHashes,
    async articleLemmas(articleId, signal) {
      const answer = await requestJson(
        `/articles/${encodeURIComponent(articleId)}/lemmas`,
        {},
        LemmaInventoriesAnswerCodec,
        withSignal(signal),
      );
      const [inventory] = decodeInventoryEntries(answer);
      if (inventory === undefined) throw new Error(`No inventory for ${articleId}`);
      return { inventory, forms: decodeForms(answer) };
    },
    async levelWords(level, signal) {
      const answer = await requestJson('/level-words', { level }, LevelWordsAnswerCodec, withSignal(signal));
      return answer.words === '' ? [] : answer.words.split(' ');
    },
  };
}
