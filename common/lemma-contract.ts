/**
 * The lemma inventories of articles (GET /api/lemmas?ids=… for cards, GET /api/articles/{id}/lemmas
 * for the article page): each article's lemmas with their counts, from which the browser computes
 * the learner's coverage; the server never sees the learner's words. Kept apart from contract.ts
 * so that only the chunks that compute coverage carry it.
 *
 * Compact on the wire (docs/learner-model.md): one space-separated, alphabetical table of every
 * lemma of the answer (articles share most of theirs), and per article its entries as indices into
 * that table, ascending, each written as the base-36 gap from the previous one, with `*count` (base
 * 36) when the lemma occurs more than once: "0 3*2 1" = table[0] once, table[3] twice, table[4] once.
 *
 * The cards' answer (GET /api/lemmas) leaves the common words out of its table: with `ranked` set,
 * an index below the length of the frequency list (GET /api/level-words?level=RANKED_LEVEL, most
 * frequent first, which the browser downloads once and keeps) is a rank into that list, and the
 * table (spelled out) holds only the rarer lemmas, at the indices after it. `ranked` is the list's
 * check (listCheck), so an answer is never decoded against a different list.
 */
import * as t from 'io-ts';

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
 * The entries of an inventory as numbers: `ranks[i]` is the rank of `lemmas[i]` in `list` (-1 for a
 * lemma the answer spelled out) and `counts[i]` its count, so coverage can look the learner's
 * statuses up by rank (src/domain/coverage.ts) instead of by string.
 */
export interface RankedEntries {
  readonly list: readonly string[];
  readonly ranks: Int32Array;
  readonly counts: Int32Array;
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

/** Encodes inventories; with `ranked` (a frequency list the browser has), its words are sent as ranks into it. */
export function encodeInventories(
  list: readonly PlainInventory[],
  forms?: ReadonlyMap<string, string>,
  ranked?: readonly string[],
): LemmaInventories {
  const rank = new Map((ranked ?? []).map((word, position) => [word, position]));
  const offset = ranked?.length ?? 0;
  const table = [...new Set(list.flatMap((inventory) => inventory.lemmas.map(([lemma]) => lemma)))]
    .filter((lemma) => !rank.has(lemma))
    .sort();
  const index = new Map([...rank, ...table.map((lemma, position) => [lemma, offset + position] as const)]);
  const inventories = list.map((inventory) => {
    const entries = inventory.lemmas.map(([lemma, count]) => [index.get(lemma)!, count] as const).sort((a, b) => a[0] - b[0]);
    let previous = 0;
    const parts = entries.map(([position, count]) => {
      const gap = position - previous;
      previous = position;
      return gap.toString(36) + (count > 1 ? `*${count.toString(36)}` : '');
    });
    return { article_id: inventory.articleId, words: inventory.words, entries: parts.join(' ') };
  });
  return {
    lemmas: table.join(' '),
    inventories,
    ...(forms !== undefined ? { forms: [...forms].flat().join(' ') } : {}),
    ...(ranked !== undefined ? { ranked: listCheck(ranked) } : {}),
  };
}

export class InventoryFormatError extends Error {
  override readonly name = 'InventoryFormatError';
}

/**
 * The inventories of a decoded answer, with the frequency list when the answer is `ranked`; throws
 * InventoryFormatError when an entry points outside the table or the list is missing or another.
 */
export function decodeInventoryEntries(answer: LemmaInventories, ranked?: readonly string[]): PlainInventory[] {
  return [...decodedInventories(answer, ranked)];
}

/**
 * The same, one inventory at a time, so a caller can give the main thread back between two
 * (a cold first decode of 20 cards is tens of milliseconds on a slow phone; one card is a few).
 */
export function* decodedInventories(answer: LemmaInventories, ranked?: readonly string[]): Generator<PlainInventory, void, undefined> {
  const spelled = answer.lemmas === '' ? [] : answer.lemmas.split(' ');
  if (answer.ranked !== undefined && (ranked === undefined || listCheck(ranked) !== answer.ranked)) {
    throw new InventoryFormatError(`The answer points into frequency list ${answer.ranked}, which this page does not have`);
  }
  // Ranks point into the frequency list, then into the answer's spelled-out lemmas; no joined copy of the two
  // (10,000 words copied per answer), and one pass over the entries.
  const front = answer.ranked === undefined ? [] : ranked!;
  const lemmaAt = (position: number) => (position < front.length ? front[position] : spelled[position - front.length]);
  for (const item of answer.inventories) {
    const lemmas: Array<readonly [string, number]> = [];
    const entries = item.entries;
    // The entries as numbers, in arrays of their final size (one entry per space, plus one).
    let size = entries.length === 0 ? 0 : 1;
    for (let i = 0; i < entries.length; i += 1) if (entries.charCodeAt(i) === 32) size += 1;
    const ranks = new Int32Array(size);
    const counts = new Int32Array(size);
    // One pass over the characters, digits read as they come: no substring, parseInt or indexOf per
    // entry (issue 26: the first, uncompiled run of 20 cards on a slow phone is what counts).
    let position = 0;
    let start = 0;
    while (start < entries.length) {
      let gap = 0;
      let times = 0;
      let inTimes = false;
      let digits = 0;
      let i = start;
      for (; i < entries.length; i += 1) {
        const code = entries.charCodeAt(i);
        if (code === 32) break;
        if (code === 42 && !inTimes) {
          inTimes = true;
          digits = 0;
          continue;
        }
        const digit = code >= 48 && code <= 57 ? code - 48 : code >= 97 && code <= 122 ? code - 87 : -1;
        if (digit < 0) throw new InventoryFormatError(`Bad inventory entry "${entries.slice(start).split(' ')[0]}"`);
        if (inTimes) times = times * 36 + digit;
        else gap = gap * 36 + digit;
        digits += 1;
      }
      position += gap;
      const lemma = i > start && (!inTimes || digits > 0) ? lemmaAt(position) : undefined;
      if (inTimes && times < 1) throw new InventoryFormatError(`Bad inventory entry "${entries.slice(start, i)}"`);
      if (lemma === undefined) throw new InventoryFormatError(`Bad inventory entry "${entries.slice(start, i)}"`);
      lemmas.push([lemma, inTimes ? times : 1]);
      ranks[lemmas.length - 1] = position < front.length ? position : -1;
      counts[lemmas.length - 1] = inTimes ? times : 1;
      start = i + 1;
    }
    yield answer.ranked === undefined
      ? { articleId: item.article_id, words: item.words, lemmas }
      : {
          articleId: item.article_id,
          words: item.words,
          lemmas,
          ranked: { list: front, ranks, counts },
        };
  }
}

/** The forms map of an article page's answer. */
export function decodeForms(answer: LemmaInventories): Map<string, string> {
  const words = answer.forms === undefined || answer.forms === '' ? [] : answer.forms.split(' ');
  const forms = new Map<string, string>();
  for (let i = 0; i + 1 < words.length; i += 2) forms.set(words[i]!, words[i + 1]!);
  return forms;
}

/** GET /api/level-words?level=…: the headwords of a placement level, most frequent first, space-separated. */
export const LevelWordsCodec = t.type({ level: t.string, words: t.string }, 'LevelWords');
export type LevelWords = t.TypeOf<typeof LevelWordsCodec>;
