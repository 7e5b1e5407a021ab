// @vitest-environment node
/**
 * The lemma inventories (GET /api/lemmas?ids=…, GET /api/articles/{id}/lemmas) against the real
 * server, a real SQLite file and the bundled dictionary: running words counted with names and
 * numbers left out, inflected forms under their lemma, the compact wire format round trip, and refusals.
 */
import { isRight } from 'fp-ts/Either';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorBodyCodec } from '../../common/contract';
import {
  decodeForms,
  decodeInventoryEntries,
  InventoryFormatError,
  LemmaInventoriesCodec,
  listCheck,
  rankedListOf,
  listLengthOf,
  RANKED_LEVEL,
  type LemmaInventories,
  type LevelWords,
} from '../../common/lemma-contract';
import { encodeInventories } from '../../common/lemma-encode';
import { lemmaInventory } from '../../server/content/lemma-inventory';
import { article, startTestServer, testDictionary, type TestContext } from './fixtures';

const harbour = article({
  id: 'l-harbour',
  source: 'reuters',
  title: 'Harbours close',
  publishedAt: '2026-11-20T08:00:00Z',
  summary: 'Storms close the harbours.',
  paragraphs: [
    'Two harbours closed after 3 storms, and Maria Lopez went home.',
    'Storms went on. Obama said the NASA team goes to the Bank of England in 2026.',
  ],
  difficulty: 'intermediate',
  categories: ['business'],
});
const river = article({
  id: 'l-river',
  source: 'bbc',
  title: 'River rises',
  publishedAt: '2026-11-21T08:00:00Z',
  summary: 'A river rises.',
  paragraphs: ['The river rose. Rivers rise when it rains, and zorblats swim.'],
  difficulty: 'beginner',
  categories: ['education'],
});

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestServer({ articles: [harbour, river], withDictionary: true });
});
afterAll(async () => {
  await ctx.close();
});

async function answer(url: string): Promise<LemmaInventories> {
  const response = await ctx.app.inject({ method: 'GET', url });
  expect(response.statusCode, response.body).toBe(200);
  const decoded = LemmaInventoriesCodec.decode(response.json());
  if (!isRight(decoded)) throw new Error(`not the contract: ${response.body}`);
  return decoded.right;
}

describe('lemma inventory of an article', () => {
  it('counts running words under their lemma, leaving numbers and names out', () => {
    const inventory = lemmaInventory(harbour.paragraphs, testDictionary());
    const counts = Object.fromEntries(inventory.lemmas);
    expect(counts.harbour).toBe(1);
    expect(counts.go).toBe(3); // went, went, goes
    expect(counts.storm).toBe(2); // storms, "Storms" starting a sentence
    expect(counts.close).toBe(1);
    // Names: Maria, Lopez, Obama (first word, not a dictionary word), NASA, Bank, England; numbers: 3, 2026.
    for (const name of ['maria', 'lopez', 'obama', 'nasa', 'england']) expect(counts[name]).toBeUndefined();
    expect(counts.bank).toBeUndefined();
    expect(inventory.names).toBe(6);
    expect(inventory.numbers).toBe(2);
    expect(inventory.words).toBe(inventory.lemmas.reduce((sum, [, count]) => sum + count, 0));
    expect(inventory.forms.get('went')).toBe('go');
  });

  it('keeps a word the dictionary does not know under its lower-cased form', () => {
    const counts = Object.fromEntries(lemmaInventory(river.paragraphs, testDictionary()).lemmas);
    expect(counts.zorblats ?? counts.zorblat).toBe(1);
    expect(counts.river).toBe(2);
    expect(counts.rise).toBe(2);
  });

  it('round-trips the compact wire format', () => {
    const list = [
      {
        articleId: 'a',
        words: 4,
        lemmas: [
          ['the', 2],
          ['go', 1],
          ['zebra', 1],
        ] as const,
      },
      {
        articleId: 'b',
        words: 40,
        lemmas: [
          ['go', 38],
          ['apple', 2],
        ] as const,
      },
    ];
    const decoded = decodeInventoryEntries(encodeInventories(list));
    expect(decoded.map((each) => ({ ...each, lemmas: [...each.lemmas].sort() }))).toEqual(
      list.map((each) => ({ ...each, lemmas: [...each.lemmas].sort() })),
    );
    // With a frequency list: its words go as ranks, only the others are spelled out.
    const ranked = ['the', 'be', 'go', 'apple'];
    const compact = encodeInventories(list, undefined, ranked);
    expect(compact.lemmas).toBe('zebra');
    const sorted = (inventories: typeof decoded) =>
      inventories.map(({ articleId, words, lemmas }) => ({ articleId, words, lemmas: [...lemmas].sort() }));
    const compactDecoded = decodeInventoryEntries(compact, ranked);
    expect(sorted(compactDecoded)).toEqual(sorted(decoded));
    // Without the list (a page with the learner's statuses by rank stored): the same numbers, the list's
    // length read from its check; only the lemma pairs, which need the words, are refused.
    const withoutList = decodeInventoryEntries(compact);
    // An answer's cards share one pair of arrays, each card its stretch of them (from, to).
    const ranksOf = (each: (typeof decoded)[number]) => [...each.ranked!.ranks.subarray(each.ranked!.from, each.ranked!.to)];
    const countsOf = (each: (typeof decoded)[number]) => [...each.ranked!.counts.subarray(each.ranked!.from, each.ranked!.to)];
    expect(withoutList.map(ranksOf)).toEqual(compactDecoded.map(ranksOf));
    expect(withoutList.map(countsOf)).toEqual(compactDecoded.map(countsOf));
    expect(withoutList[0]!.ranked!.list).toBeUndefined();
    expect(() => withoutList[0]!.lemmas).toThrow(InventoryFormatError);
    expect(listLengthOf(compact.ranked!)).toBe(ranked.length);
    expect(() => decodeInventoryEntries({ ...compact, ranked: 'not-a-check!' })).toThrow(InventoryFormatError);
    // The same entries as numbers: each lemma's rank in the list (spelled out: -1 - its index in the table) and its count.
    for (const inventory of compactDecoded) {
      expect(inventory.ranked?.list).toBe(ranked);
      expect(inventory.ranked?.check).toBe(compact.ranked);
      expect(inventory.ranked?.spelled).toEqual(['zebra']);
      expect(ranksOf(inventory)).toEqual(
        inventory.lemmas.map(([lemma]) => (ranked.includes(lemma) ? ranked.indexOf(lemma) : -1 - ['zebra'].indexOf(lemma))),
      );
      expect(countsOf(inventory)).toEqual(inventory.lemmas.map(([, count]) => count));
    }
    expect(decoded.every((inventory) => inventory.ranked === undefined)).toBe(true);
    // Entries that are not decimal gaps, each with an optional count above 1 written as its negative, are refused.
    for (const entries of ['2,x', '1,-2,-2', '1,-1', '1,,2', '-2,1', '1.5', '"1"', '1,[2]', '1e12', '99']) {
      expect(() => decodeInventoryEntries({ ...compact, inventories: [{ ...compact.inventories[0]!, entries }] }, ranked)).toThrow(
        InventoryFormatError,
      );
    }
    expect(() => decodeInventoryEntries(compact, ['the', 'go', 'be', 'apple'])).toThrow(InventoryFormatError);
  });
});

describe('GET /api/lemmas and /api/articles/{id}/lemmas', () => {
  it('answers the inventories of the cards asked for, leaving unknown ids out, cacheable like an article', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/lemmas?ids=l-harbour,nope,l-river' });
    expect(response.headers['cache-control']).toContain('public');
    expect(response.headers.etag).toBeDefined();
    const body = await answer('/api/lemmas?ids=l-harbour,nope,l-river');
    // Common words are ranks into the frequency list the browser fetches once, by the check the answer names.
    expect(body.ranked).toBeDefined();
    expect(() => decodeInventoryEntries(body)[0]!.lemmas).toThrow(InventoryFormatError);
    const listResponse = await ctx.app.inject({ method: 'GET', url: `/api/level-words?level=${RANKED_LEVEL}&v=${body.ranked}` });
    expect(listResponse.statusCode).toBe(200);
    const ranked = (listResponse.json() as { words: string }).words.split(' ');
    expect(listCheck(ranked)).toBe(body.ranked);
    // The list's answer states that check itself, so the browser takes the list without hashing it, and refuses another.
    const listBody = listResponse.json() as LevelWords;
    expect(listBody.check).toBe(body.ranked);
    expect(rankedListOf(listBody, body.ranked!)).toEqual({ words: ranked, checked: true });
    expect(() => rankedListOf(listBody, 'a-1')).toThrow(InventoryFormatError);
    // An answer cached before the check was sent: its words, left for the browser to hash.
    expect(rankedListOf({ level: listBody.level, words: listBody.words }, body.ranked!)).toEqual({ words: ranked, checked: false });
    expect(body.lemmas.split(' ')).not.toContain('the');
    expect(() => decodeInventoryEntries(body, ranked.slice(1))).toThrow(InventoryFormatError);
    const inventories = decodeInventoryEntries(body, ranked);
    expect(inventories.map((each) => each.articleId)).toEqual(['l-harbour', 'l-river']);
    const riverCounts = Object.fromEntries(inventories[1]!.lemmas);
    expect(riverCounts.river).toBe(2);
    expect(inventories[1]!.words).toBe(lemmaInventory(river.paragraphs, testDictionary()).words);
  });

  it('gives the article page its forms too, and 404 for an unknown article', async () => {
    const body = await answer('/api/articles/l-harbour/lemmas');
    expect(decodeForms(body).get('harbours')).toBe('harbour');
    const missing = await ctx.app.inject({ method: 'GET', url: '/api/articles/nope/lemmas' });
    expect(missing.statusCode).toBe(404);
  });

  it.each([
    ['/api/lemmas', 'ids'],
    ['/api/lemmas?ids=a,,b', 'ids'],
    [`/api/lemmas?ids=${Array.from({ length: 21 }, (_, n) => `a${n}`).join(',')}`, 'ids'],
  ])('refuses %s with a 400 naming the parameter', async (url, parameter) => {
    const response = await ctx.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(400);
    const decoded = ApiErrorBodyCodec.decode(response.json());
    expect(isRight(decoded) && decoded.right.error.parameter).toBe(parameter);
  });
});

describe('GET /api/level-words', () => {
  it('gives a level the words of its exam and the ones below, most frequent first, and refuses an unknown level', async () => {
    const zk = await ctx.app.inject({ method: 'GET', url: '/api/level-words?level=zk' });
    const cet6 = await ctx.app.inject({ method: 'GET', url: '/api/level-words?level=cet6' });
    expect(zk.statusCode).toBe(200);
    const zkWords: string[] = zk.json().words.split(' ');
    const cet6Words: string[] = cet6.json().words.split(' ');
    expect(zkWords.slice(0, 3)).toEqual(['the', 'be', 'and']);
    expect(cet6Words.length).toBeGreaterThan(zkWords.length);
    for (const word of zkWords.slice(0, 200)) expect(cet6Words).toContain(word);
    const top1000 = (await ctx.app.inject({ method: 'GET', url: '/api/level-words?level=top1000' })).json().words.split(' ');
    expect(top1000.length).toBeGreaterThan(800);
    expect(top1000.length).toBeLessThanOrEqual(1000);
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/level-words?level=expert' });
    expect(bad.statusCode).toBe(400);
  });
});
