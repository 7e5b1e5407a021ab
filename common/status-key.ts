/**
 * The key a word's status is kept under (trimmed, lower case, typographic apostrophes straight): one
 * per lemma. Shared with the server, which hashes the frequency list's keys (common/rank-hashes.ts).
 */
export function statusKey(word: string): string {
  // String methods, no regular expression: a pattern is compiled on the main thread at its first use,
  // inside a cold list page's coverage (issue 26, decision 42).
  const key = word.trim().toLowerCase();
  return key.includes('’') ? key.replaceAll('’', "'") : key;
}
