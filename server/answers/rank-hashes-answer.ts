/**
 * GET /api/level-words/hashes?v={check}: the cards' frequency list (the words GET
 * /api/level-words?level=RANKED_LEVEL answers) as a table of its words' status keys' hashes
 * (common/rank-hashes.ts, decision 46), made once, at the first request. Two different keys of the
 * list sharing a hash would make a learner's status count for the wrong word: that fails loudly here
 * (encodeRankHashes throws, the request is a 500 and the log names both words), never served.
 */
import { createHash } from 'node:crypto';
import { listCheck, RANKED_LEVEL } from '../../common/lemma-contract';
import { FREQUENCY_BAND_SIZE, tagsOfLevel } from '../../common/placement-levels';
import { encodeRankHashes } from '../../common/rank-hashes';
import type { Dictionary } from '../dictionary/dictionary-types';

export interface RankHashesTable {
  readonly check: string;
  readonly bytes: Buffer;
  readonly etag: string;
}

/**
 * The cards' frequency list's check, worked out once: home and list pages name it (common/page-data.ts
 * rankedCheck, decision 50) so a learner's page can ask for this table before the cards' inventories arrive.
 * Undefined with no such list (a dictionary without frequency ranks).
 */
export function rankedListCheck(dictionary: Dictionary): () => string | undefined {
  let check: string | null | undefined;
  return () => {
    if (check === undefined) {
      const words = dictionary.wordsOfLevel?.(tagsOfLevel(RANKED_LEVEL), FREQUENCY_BAND_SIZE[RANKED_LEVEL]) ?? [];
      check = words.length === 0 ? null : listCheck(words);
    }
    return check ?? undefined;
  };
}

export function rankHashesAnswer(dictionary: Dictionary): () => RankHashesTable {
  let table: RankHashesTable | undefined;
  return () => {
    if (table !== undefined) return table;
    const words = dictionary.wordsOfLevel?.(tagsOfLevel(RANKED_LEVEL), FREQUENCY_BAND_SIZE[RANKED_LEVEL]) ?? [];
    const check = listCheck(words);
    const bytes = Buffer.from(encodeRankHashes(words, check));
    table = { check, bytes, etag: `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"` };
    return table;
  };
}
