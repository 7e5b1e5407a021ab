/**
 * The server's side of the lemma inventories' wire format (common/lemma-contract.ts describes it):
 * apart from the contract, which the browser's coverage chunk carries.
 */
import { listCheck, type LemmaInventories, type PlainInventory } from './lemma-contract';

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
      return count > 1 ? `${gap},${-count}` : `${gap}`;
    });
    return { article_id: inventory.articleId, words: inventory.words, entries: parts.join(',') };
  });
  return {
    lemmas: table.join(' '),
    inventories,
    ...(forms !== undefined ? { forms: [...forms].flat().join(' ') } : {}),
    ...(ranked !== undefined ? { ranked: listCheck(ranked) } : {}),
  };
}
