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
}

export function encodeInventories(list: readonly PlainInventory[], forms?: ReadonlyMap<string, string>): LemmaInventories {
  const table = [...new Set(list.flatMap((inventory) => inventory.lemmas.map(([lemma]) => lemma)))].sort();
  const index = new Map(table.map((lemma, position) => [lemma, position]));
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
  };
}

export class InventoryFormatError extends Error {
  override readonly name = 'InventoryFormatError';
}

/** The inventories of a decoded answer; throws InventoryFormatError when an entry points outside the table. */
export function decodeInventoryEntries(answer: LemmaInventories): PlainInventory[] {
  const table = answer.lemmas === '' ? [] : answer.lemmas.split(' ');
  return answer.inventories.map((item) => {
    const lemmas: Array<readonly [string, number]> = [];
    let position = 0;
    for (const part of item.entries === '' ? [] : item.entries.split(' ')) {
      const [gap, count] = part.split('*');
      position += parseInt(gap!, 36);
      const lemma = table[position];
      const times = count === undefined ? 1 : parseInt(count, 36);
      if (lemma === undefined || !Number.isInteger(times) || times < 1) throw new InventoryFormatError(`Bad inventory entry "${part}"`);
      lemmas.push([lemma, times]);
    }
    return { articleId: item.article_id, words: item.words, lemmas };
  });
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
