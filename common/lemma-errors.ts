/** The error of a lemma answer that breaks the wire format (common/lemma-contract.ts); apart so the entries' reader shares it. */
export class InventoryFormatError extends Error {
  override readonly name = 'InventoryFormatError';
}
