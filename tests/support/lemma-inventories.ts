/**
 * Sample lemma inventories for the coverage tests: what the server counts in an article, by lemma.
 */
import type { LemmaInventory } from '../../src/domain/coverage';

/** 100 running words: "the" 60 times, "go" 30 (went, goes: the server counts forms under their lemma), harbour 5, tide 3, quay 2. */
export const harbourArticle: LemmaInventory = {
  articleId: 'a',
  words: 100,
  lemmas: [
    ['the', 60],
    ['go', 30],
    ['harbour', 5],
    ['tide', 3],
    ['quay', 2],
  ],
};
