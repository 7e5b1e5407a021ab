// @vitest-environment node
/**
 * GET /api/level-words/hashes?v={check} (decision 46) against the real server, a real SQLite file and
 * the bundled dictionary: the cards' frequency list as a table of its words' status keys' hashes, named
 * by the check the cards' answer carries, cached for good, and refused for a malformed or another check.
 */
import { isRight } from 'fp-ts/Either';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorBodyCodec } from '../../common/contract';
import { RANKED_LEVEL, type LemmaInventories, type LevelWords } from '../../common/lemma-contract';
import { decodeRankHashes, RANK_HASHES_FORMAT, writeWordHash } from '../../common/rank-hashes';
import { statusKey } from '../../common/status-key';
import { article, startTestServer, type TestContext } from './fixtures';

const harbour = article({
  id: 'h-harbour',
  source: 'reuters',
  title: 'Harbours close',
  publishedAt: '2026-11-20T08:00:00Z',
  summary: 'Storms close the harbours.',
  paragraphs: ['Two harbours closed after storms, and the people went home.'],
  difficulty: 'intermediate',
  categories: ['business'],
});

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestServer({ articles: [harbour], withDictionary: true });
});
afterAll(async () => {
  await ctx.close();
});

const bodyOf = (payload: Buffer): ArrayBuffer =>
  payload.buffer.slice(payload.byteOffset, payload.byteOffset + payload.byteLength) as ArrayBuffer;

describe('GET /api/level-words/hashes', () => {
  it("answers the cards' list as hashes by rank, for the check the cards' answer names, kept by browsers for good", async () => {
    const cards = (await ctx.app.inject({ method: 'GET', url: '/api/lemmas?ids=h-harbour' })).json() as LemmaInventories;
    const check = cards.ranked!;
    const response = await ctx.app.inject({ method: 'GET', url: `/api/level-words/hashes?v=${check}&f=${RANK_HASHES_FORMAT}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/octet-stream');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const table = decodeRankHashes(bodyOf(response.rawPayload), check);
    // Rank by rank, the hash of the status key of the word the list's own answer has at that rank.
    const list = (
      (await ctx.app.inject({ method: 'GET', url: `/api/level-words?level=${RANKED_LEVEL}` })).json() as LevelWords
    ).words.split(' ');
    expect(table.lo.length).toBe(list.length);
    const lo = new Uint32Array(1);
    const hi = new Uint32Array(1);
    for (const rank of [0, 1, 500, list.length - 1]) {
      writeWordHash(statusKey(list[rank]!), lo, hi, 0);
      expect([table.lo[rank], table.hi[rank]]).toEqual([lo[0], hi[0]]);
    }
    // A revalidation by ETag costs no body.
    const again = await ctx.app.inject({
      method: 'GET',
      url: `/api/level-words/hashes?v=${check}&f=${RANK_HASHES_FORMAT}`,
      headers: { 'if-none-match': response.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  // {check} stands for the server's list's check (read from the cards' answer): the format alone is then wrong.
  it.each([
    ['/api/level-words/hashes', 400, 'v'],
    ['/api/level-words/hashes?v=not%20a%20check&f=1', 400, 'v'],
    ['/api/level-words/hashes?v={check}', 400, 'f'],
    ['/api/level-words/hashes?v=7pt-1&f=1', 404, 'v'],
    [`/api/level-words/hashes?v={check}&f=${RANK_HASHES_FORMAT + 1}`, 404, 'f'],
  ])('refuses %s with a %i naming the parameter %s, never cached', async (url, status, parameter) => {
    const cards = (await ctx.app.inject({ method: 'GET', url: '/api/lemmas?ids=h-harbour' })).json() as LemmaInventories;
    const response = await ctx.app.inject({ method: 'GET', url: url.replace('{check}', cards.ranked!) });
    expect(response.statusCode).toBe(status);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.headers['cache-control']).toBe('no-store');
    const decoded = ApiErrorBodyCodec.decode(response.json());
    expect(isRight(decoded) && decoded.right.error.parameter).toBe(parameter);
  });
});
