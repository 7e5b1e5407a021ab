import { isRight } from 'fp-ts/Either';
import { PathReporter } from 'io-ts/PathReporter';
import { describe, expect, it } from 'vitest';
import { LemmaInventoriesAnswerCodec, LevelWordsAnswerCodec } from '../../../common/lemma-answer-codecs';
import { LemmaInventoriesCodec, LevelWordsCodec } from '../../../common/lemma-contract';

const good = {
  lemmas: 'harbour zebra',
  ranked: '7oy-ccmk4j',
  inventories: [
    { article_id: 'a-1', words: 3, entries: '0,3,-2' },
    { article_id: 'a-2', words: 1, entries: '9970' },
  ],
};

/** Every answer one field away from `good`: each value in turn replaced by a wrong kind, removed, or a key added. */
function oneFieldAway(): unknown[] {
  const odd: unknown[] = [null, 1, 'text', [], {}, true, undefined];
  const mutants: unknown[] = [null, 'text', 3, [], [good]];
  const top = good as unknown as Record<string, unknown>;
  for (const key of ['lemmas', 'ranked', 'forms', 'inventories', 'extra']) for (const value of odd) mutants.push({ ...top, [key]: value });
  for (const value of odd) mutants.push({ ...good, inventories: [good.inventories[0], value] });
  const item = good.inventories[1] as unknown as Record<string, unknown>;
  for (const key of ['article_id', 'words', 'entries', 'extra'])
    for (const value of odd) mutants.push({ ...good, inventories: [good.inventories[0], { ...item, [key]: value }] });
  const { lemmas: _lemmas, ...withoutLemmas } = good;
  mutants.push(withoutLemmas);
  return mutants;
}

describe("the browser's decoder of lemma inventories", () => {
  it('takes a well-formed answer as it is, as the structural codec does', () => {
    const decoded = LemmaInventoriesAnswerCodec.decode(good);
    expect(isRight(decoded) && decoded.right).toBe(good);
    const structural = LemmaInventoriesCodec.decode(good);
    expect(isRight(structural) && structural.right).toBe(good);
    expect(isRight(LemmaInventoriesAnswerCodec.decode({ ...good, forms: 'went go' }))).toBe(true);
  });

  it('gives the verdict and the error report of the structural codec for every answer one field away', () => {
    const cases = oneFieldAway();
    let refused = 0;
    for (const value of cases) {
      const fast = LemmaInventoriesAnswerCodec.decode(value);
      const structural = LemmaInventoriesCodec.decode(value);
      expect(isRight(fast), JSON.stringify(value)).toBe(isRight(structural));
      expect(PathReporter.report(fast)).toEqual(PathReporter.report(structural));
      expect(LemmaInventoriesAnswerCodec.is(value)).toBe(LemmaInventoriesCodec.is(value));
      if (!isRight(fast)) refused += 1;
    }
    // Most of them are refused (a wrong kind); an added key or an undefined optional field is not.
    expect(refused).toBeGreaterThan(cases.length / 2);
  });
});

describe("the browser's decoder of a level's words", () => {
  it('takes a well-formed answer as it is, and gives the structural verdict and report for every answer one field away', () => {
    const list = { level: 'top10000', words: 'the be go', check: '3-abc' };
    const decoded = LevelWordsAnswerCodec.decode(list);
    expect(isRight(decoded) && decoded.right).toBe(list);
    const odd: unknown[] = [null, 1, 'text', [], {}, undefined];
    const cases: unknown[] = [null, 'text', [list]];
    for (const key of ['level', 'words', 'check', 'extra']) for (const value of odd) cases.push({ ...list, [key]: value });
    let refused = 0;
    for (const value of cases) {
      const fast = LevelWordsAnswerCodec.decode(value);
      expect(isRight(fast), JSON.stringify(value)).toBe(isRight(LevelWordsCodec.decode(value)));
      expect(PathReporter.report(fast)).toEqual(PathReporter.report(LevelWordsCodec.decode(value)));
      if (!isRight(fast)) refused += 1;
    }
    expect(refused).toBeGreaterThan(cases.length / 2);
  });
});
