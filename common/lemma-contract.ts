/**
 * The lemma inventories of articles (GET /api/lemmas?ids=… for cards, GET /api/articles/{id}/lemmas
 * for the article page): each article's lemmas with their counts, from which the browser computes
 * the learner's coverage; the server never sees the learner's words. Kept apart from contract.ts
 * so that only the chunks that compute coverage carry it.
 *
 * Compact on the wire (docs/learner-model.md): one space-separated, alphabetical table of every
 * lemma of the answer (articles share most of theirs), and per article its entries as indices into
 * that table, ascending, written as comma-separated decimal integers: each entry's gap from the
 * previous index, followed by minus its count when the lemma occurs more than once: "0,3,-2,1" =
 * table[0] once, table[3] twice, table[4] once. The browser reads them with one native
 * JSON.parse("[" + entries + "]") and one loop over the numbers (issue 26: the first, uncompiled run
 * of 20 cards on a slow phone is what counts, and a loop over every character was most of it).
 *
 * The cards' answer (GET /api/lemmas) leaves the common words out of its table: with `ranked` set,
 * an index below the length of the frequency list (GET /api/level-words?level=RANKED_LEVEL, most
 * frequent first) is a rank into that list, and the table (spelled out) holds only the rarer lemmas,
 * at the indices after it. `ranked` is the list's check (listCheck), which starts with the list's
 * length: the browser decodes the ranks without the list and reads the learner's statuses by rank
 * kept for that check (src/domain/rank-statuses.ts, decision 34), downloading the list only to make
 * them. The list's answer carries the same check, worked out by the server.
 */
import * as t from 'io-ts';
import { readEntries, readEntriesTallied, TALLY_SIZE } from './lemma-entries';
import { InventoryFormatError } from './lemma-errors';

export const LemmaInventoryItemCodec = t.type(
  {
    article_id: t.string,
    /** Running words counted (numbers and names left out); the entries' counts add up to it. */
    words: t.number,
    entries: t.string,
  },
  'LemmaInventoryItem',
);

export const LemmaInventoriesCodec = t.intersection(
  [
    t.type({ lemmas: t.string, inventories: t.array(LemmaInventoryItemCodec) }),
    t.partial({
      /** Article page only: inflected forms of the body and their lemma, "went go were be" (pairs). */
      forms: t.string,
      /** Cards: the check of the frequency list the entries' low indices are ranks into. */
      ranked: t.string,
    }),
  ],
  'LemmaInventories',
);
export type LemmaInventories = t.TypeOf<typeof LemmaInventoriesCodec>;

/** The most articles one batch asks for: a page of the list. */
export const MAX_INVENTORY_IDS = 20;

export interface PlainInventory {
  readonly articleId: string;
  readonly words: number;
  readonly lemmas: ReadonlyArray<readonly [string, number]>;
  /** Set when decoded from an answer that points into a frequency list (see RankedEntries). */
  readonly ranked?: RankedEntries;
}

/**
 * The entries of an inventory as numbers: `ranks[i]` is the rank of `lemmas[i]` in the frequency
 * list named by `check`, or for a lemma the answer spelled out -1 - its index in `spelled`, and
 * `counts[i]` its count, so coverage can read the learner's statuses by rank (src/domain/coverage.ts,
 * src/domain/rank-statuses.ts) instead of by string. Decoded without the list itself (its length is
 * in its check), so a page whose statuses by rank are stored never downloads nor parses the list;
 * `list` is there when the caller had it. The `lemmas` pairs of such an inventory are built only
 * when read (the cards never do), and need the list.
 */
export interface RankedEntries {
  readonly check: string;
  readonly list?: readonly string[];
  readonly spelled: readonly string[];
  readonly ranks: Int32Array;
  readonly counts: Int32Array;
  /** The entries are ranks and counts [from, to) (default: all): an answer's cards share one pair of arrays, no view per card. */
  readonly from?: number;
  readonly to?: number;
  /**
   * The card's tally for the statuses by rank `codes` (decision 57), written by the decode's own loop:
   * `values[at..at + 4)` are known and counted running words and new and learning lemmas of its
   * ranked entries (the spelled-out ones left out; common/lemma-entries.ts). Valid only for that very
   * `codes` array: coverage uses it when the record in hand is the same one, and reads the entries otherwise.
   */
  readonly tally?: RankTally;
}

export interface RankTally {
  readonly codes: Uint8Array;
  readonly values: Int32Array;
  readonly at: number;
}

/** A learner's statuses by rank as the decode needs them: the list's check and a status code a rank. */
export interface TallyRecord {
  readonly check: string;
  readonly codes: Uint8Array;
}

/** The placement level whose words (the most frequent headwords, most frequent first) are the cards' frequency list. */
export const RANKED_LEVEL = 'top10000';

/** A list's check is asked again for every answer decoded against it: computed once per list. */
const checks = new WeakMap<readonly string[], string>();

/** A short check of a word list (FNV-1a, 32 bits, base 36): the same list gives the same check on the server and in the browser. */
export function listCheck(words: readonly string[]): string {
  const pieces = listCheckInPieces(words);
  for (;;) {
    const step = pieces.next();
    if (step.done) return step.value;
  }
}

/**
 * The check, worked out PIECE_CHARACTERS at a time: a caller on a slow phone can give the main
 * thread back between two pieces (the whole 10,000-word list is tens of milliseconds there, cold).
 */
export function* listCheckInPieces(words: readonly string[]): Generator<void, string, undefined> {
  const known = checks.get(words);
  if (known !== undefined) return known;
  // FNV-1a over the words joined by spaces, word by word (no 80,000-character copy of the list).
  let hash = 0x811c9dc5;
  let sinceYield = 0;
  for (let w = 0; w < words.length; w += 1) {
    const word = words[w]!;
    if (w > 0) {
      hash ^= 32;
      hash = Math.imul(hash, 0x01000193);
    }
    for (let i = 0; i < word.length; i += 1) {
      hash ^= word.charCodeAt(i);
      hash = Math.imul(hash, 0x01000193);
    }
    sinceYield += word.length + 1;
    if (sinceYield >= PIECE_CHARACTERS && w + 1 < words.length) {
      sinceYield = 0;
      yield;
    }
  }
  const check = `${words.length.toString(36)}-${(hash >>> 0).toString(36)}`;
  checks.set(words, check);
  return check;
}

const PIECE_CHARACTERS = 4096;

/** The number of words of the list a check names (listCheck writes it first, in base 36); throws on a malformed check. */
export function listLengthOf(check: string): number {
  // No regular expression: compiling one is a cold page's cost for a 10-character string.
  const dash = check.indexOf('-');
  const head = check.slice(0, dash);
  const tail = check.slice(dash + 1);
  const length = parseInt(head, 36);
  const hash = parseInt(tail, 36);
  if (dash < 1 || length.toString(36) !== head || tail === '' || !(hash <= 0xffffffff) || hash.toString(36) !== tail) {
    throw new InventoryFormatError(`Bad frequency list check "${check.slice(0, 20)}"`);
  }
  return length;
}

export { InventoryFormatError };

/**
 * The inventories of a decoded answer. A `ranked` answer decodes without its frequency list (the
 * list's length is in its check); given the list, it is checked against the answer's check. Throws
 * InventoryFormatError when an entry points outside the table or the list given is another.
 */
export function decodeInventoryEntries(answer: LemmaInventories, ranked?: readonly string[]): PlainInventory[] {
  return [...decodedInventories(answer, ranked)];
}

/**
 * The same, one inventory at a time, so a caller can give the main thread back between two.
 */
export function* decodedInventories(
  answer: LemmaInventories,
  ranked?: readonly string[],
  record?: TallyRecord,
): Generator<PlainInventory, void, undefined> {
  const spelled = answer.lemmas === '' ? [] : answer.lemmas.split(' ');
  const check = answer.ranked;
  if (check !== undefined && ranked !== undefined && listCheck(ranked) !== check) {
    throw new InventoryFormatError(`The answer points into frequency list ${check}, not the one given`);
  }
  // Ranks point into the frequency list, then into the answer's spelled-out lemmas (no joined copy).
  const front = check === undefined ? 0 : listLengthOf(check);
  // Every card's numbers first, then all of them read into one pair of buffers: two typed arrays
  // for the answer, not two per card (on a cold page, each allocation of a typed array is a call
  // into the runtime, and 40 of them were a large part of the decode).
  const { inventories } = answer;
  const numbers = inventories.map((item) => entryNumbers(item.entries));
  let total = 0;
  for (const each of numbers) total += each.length;
  const ranks = new Int32Array(total);
  const counts = new Int32Array(total);
  // With the learner's statuses by rank for this list, each card is tallied as it is read (decision 57).
  const codes = check !== undefined && record?.check === check && record.codes.length === front ? record.codes : undefined;
  const tallies = codes === undefined ? undefined : new Int32Array(inventories.length * TALLY_SIZE);
  let offset = 0;
  for (let k = 0; k < inventories.length; k += 1) {
    const size =
      tallies === undefined
        ? readEntries(numbers[k]!, front, spelled.length, ranks, counts, offset)
        : readEntriesTallied(numbers[k]!, front, spelled.length, ranks, counts, offset, codes!, tallies, k * TALLY_SIZE);
    const from = offset;
    offset += size;
    const { article_id: articleId, words } = inventories[k]!;
    if (check === undefined) {
      yield { articleId, words, lemmas: lemmasOf({ spelled, ranks, counts, from, to: offset }, []) };
      continue;
    }
    // No object spread, typed-array view or getter closure per card: each is a call into V8's runtime, uncompiled.
    const tally = tallies === undefined ? undefined : { codes: codes!, values: tallies, at: k * TALLY_SIZE };
    yield new RankedInventory(articleId, words, { check, list: ranked, spelled, ranks, counts, from, to: offset, tally });
  }
}

/** A card's inventory decoded from a ranked answer; its lemma pairs are made at their first read, and need the list. */
class RankedInventory implements PlainInventory {
  private pairs: Array<readonly [string, number]> | undefined;
  constructor(
    readonly articleId: string,
    readonly words: number,
    readonly ranked: RankedEntries,
  ) {}

  get lemmas(): ReadonlyArray<readonly [string, number]> {
    const { list, check } = this.ranked;
    if (list === undefined) throw new InventoryFormatError(`The lemmas of ${this.articleId} need frequency list ${check}`);
    return (this.pairs ??= lemmasOf(this.ranked, list));
  }
}

/** One inventory's entries as numbers, by one native JSON.parse. */
function entryNumbers(text: string): unknown[] {
  try {
    return JSON.parse(`[${text}]`) as unknown[];
  } catch {
    throw new InventoryFormatError(`Bad inventory entries "${text.slice(0, 40)}"`);
  }
}

function lemmasOf(
  { spelled, ranks, counts, from = 0, to = ranks.length }: Pick<RankedEntries, 'spelled' | 'ranks' | 'counts' | 'from' | 'to'>,
  list: readonly string[],
): Array<readonly [string, number]> {
  const lemmas: Array<readonly [string, number]> = [];
  for (let i = from; i < to; i += 1) {
    const rank = ranks[i]!;
    lemmas.push([rank >= 0 ? list[rank]! : spelled[-1 - rank]!, counts[i]!]);
  }
  return lemmas;
}

/**
 * The frequency list of a GET /api/level-words answer asked for by `check` (the check a cards'
 * answer carries). An answer that states this check (the server works it out) is taken at its word
 * and remembered, so the cards decode against it with no hashing; one that states another is
 * refused; one that states none (cached before the check was sent) comes back unremembered, and
 * listCheckInPieces works it out.
 */
export function rankedListOf(answer: LevelWords, check: string): { readonly words: string[]; readonly checked: boolean } {
  const words = answer.words === '' ? [] : answer.words.split(' ');
  if (answer.check === undefined) return { words, checked: false };
  if (answer.check !== check) throw new InventoryFormatError(`Frequency list ${answer.check} came for ${check}`);
  checks.set(words, check);
  return { words, checked: true };
}

/** The forms map of an article page's answer. */
export function decodeForms(answer: LemmaInventories): Map<string, string> {
  const words = answer.forms === undefined || answer.forms === '' ? [] : answer.forms.split(' ');
  const forms = new Map<string, string>();
  for (let i = 0; i + 1 < words.length; i += 2) forms.set(words[i]!, words[i + 1]!);
  return forms;
}

/** GET /api/level-words?level=…: the headwords of a placement level, most frequent first, space-separated. */
export const LevelWordsCodec = t.intersection(
  [
    t.type({ level: t.string, words: t.string }),
    /** The words' check (listCheck), worked out by the server. */
    t.partial({ check: t.string }),
  ],
  'LevelWords',
);
export type LevelWords = t.TypeOf<typeof LevelWordsCodec>;
