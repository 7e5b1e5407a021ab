// @vitest-environment node
/**
 * GET /api/articles/{id}/exercises against the real server, a real SQLite file and the bundled
 * dictionary: the contract's shape, the rules a gap fill keeps, the same set for the same article
 * version (and a new one when the article changes), and the 400 and 404 answers.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isRight } from 'fp-ts/Either';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorBodyCodec } from '../../common/contract';
import { ExerciseSetCodec, GAP, type ExerciseSet } from '../../common/exercise-contract';
import { MANIFEST_FILE } from '../../server/dictionary/data-format';
import { article, startTestServer, type TestContext } from './fixtures';

const paragraphs = [
  'Fishermen on a northern island say the cod they once caught in winter have moved to colder water. Their boats now travel twice as far, and fuel costs have doubled since the spring.',
  'A young skipper, who bought her first trawler last year, said the longer trips leave her crew exhausted. She worries that the harbour will lose its fish market if catches keep falling.',
  'Marine biologists at the island college have tagged hundreds of fish to follow them. Their early results suggest that warmer currents push the shoals towards the pole each decade.',
  'The regional council has offered loans for cleaner engines and for cold stores near the quay. Some families say the help comes too late, because several boats were already sold abroad.',
  'Tourists still crowd the harbour cafes in August, but the owners admit the smell of fresh fish has faded. The old net makers closed their shop in May.',
];
const island = article({
  id: 'x-island-fishermen',
  source: 'bbc',
  title: 'Island fishermen follow the cod north',
  publishedAt: '2026-11-20T08:00:00Z',
  summary: 'Cod move to colder water.',
  paragraphs,
  difficulty: 'intermediate',
  categories: ['business'],
  vocabulary: [{ word: 'trawler', partOfSpeech: 'noun', definition: 'a fishing boat', example: '', translations: {} }],
});

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestServer({ articles: [island], withDictionary: true });
}, 60_000);
afterAll(async () => {
  await ctx.close();
});

async function exercises(url: string): Promise<{ body: ExerciseSet; raw: string; headers: Record<string, unknown> }> {
  const response = await ctx.app.inject({ method: 'GET', url });
  expect(response.statusCode, response.body).toBe(200);
  const decoded = ExerciseSetCodec.decode(response.json());
  if (!isRight(decoded)) throw new Error(`not the contract: ${response.body}`);
  return { body: decoded.right, raw: response.body, headers: response.headers };
}

describe('GET /api/articles/{id}/exercises', () => {
  it('answers a practice set of every kind made from the article’s own sentences', async () => {
    const { body, headers } = await exercises('/api/articles/x-island-fishermen/exercises?language=zh');
    expect(body.article_id).toBe('x-island-fishermen');
    expect(body.language).toBe('zh');
    expect(body.exercises.length).toBeGreaterThanOrEqual(8);
    expect(new Set(body.exercises.map((item) => item.kind))).toEqual(new Set(['gap_fill', 'listening', 'word_order', 'match']));
    const text = paragraphs.join(' ');
    for (const item of body.exercises) {
      if (item.kind === 'gap_fill') {
        expect(item.options).toHaveLength(4);
        expect(new Set(item.options).size).toBe(4);
        expect(item.options).toContain(item.answer);
        expect(text).toContain(item.text.replace(GAP, item.answer));
        expect(item.lemma).not.toBe('');
      }
      if (item.kind === 'word_order') expect(item.tiles.join(' ')).not.toBe(item.sentence);
      if (item.kind === 'match') for (const pair of item.pairs) expect(pair.gloss).toMatch(/\p{Script=Han}/u);
    }
    // The article's key vocabulary ("trawler") is asked, and marked so the page can put saved words right after it.
    const asked = body.exercises.filter((item) => item.kind === 'gap_fill' || item.kind === 'listening');
    expect(asked.filter((item) => item.vocabulary === true).map((item) => item.lemma)).toEqual(['trawler']);
    expect(String(headers['cache-control'])).toContain('s-maxage');
  });

  it('gives the same set for the same article version, glosses in the asked language', async () => {
    const first = await exercises('/api/articles/x-island-fishermen/exercises?language=es');
    const second = await exercises('/api/articles/x-island-fishermen/exercises?language=es');
    expect(second.raw).toBe(first.raw);
    const zh = await exercises('/api/articles/x-island-fishermen/exercises?language=zh');
    const gaps = (set: ExerciseSet) => set.exercises.filter((item) => item.kind !== 'match');
    expect(gaps(zh.body)).toEqual(gaps(first.body));
    const match = first.body.exercises.find((item) => item.kind === 'match');
    expect(match && match.kind === 'match' && match.pairs.every((pair) => !/\p{Script=Han}/u.test(pair.gloss))).toBe(true);
    const english = await exercises('/api/articles/x-island-fishermen/exercises?language=ja');
    expect(english.body.language).toBe('en');
  });

  it('makes a new set when the article changes', async () => {
    const before = await exercises('/api/articles/x-island-fishermen/exercises?language=zh');
    ctx.store.upsertMany([
      { ...island, paragraphs: [...paragraphs, 'The island ferry now sails only twice a week in winter.'], contentHash: 'changed' },
    ]);
    const after = await exercises('/api/articles/x-island-fishermen/exercises?language=zh');
    expect(after.raw).not.toBe(before.raw);
  });

  it('refuses a language it does not know with a 400 and a message', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/articles/x-island-fishermen/exercises?language=fr' });
    expect(response.statusCode).toBe(400);
    expect(isRight(ApiErrorBodyCodec.decode(response.json()))).toBe(true);
    expect(response.body).toContain('language');
  });

  it('answers 404 for an article it does not have', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/articles/no-such-article/exercises?language=zh' });
    expect(response.statusCode).toBe(404);
    expect(isRight(ApiErrorBodyCodec.decode(response.json()))).toBe(true);
  });
});

describe('the practice sets’ dictionary data folder', () => {
  it('is the configured one (DICTIONARY_DATA_DIR): a folder without the data files is an error, not the committed data read quietly', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'newsreader-empty-dictionary-data-'));
    copyFileSync(join(import.meta.dirname, '../../server/dictionary/data', MANIFEST_FILE), join(folder, MANIFEST_FILE));
    const other = await startTestServer({ articles: [island], withDictionary: true, config: { dictionaryDataDir: folder } });
    try {
      const response = await other.app.inject({ method: 'GET', url: '/api/articles/x-island-fishermen/exercises?language=zh' });
      expect(response.statusCode).toBe(500);
      expect(isRight(ApiErrorBodyCodec.decode(response.json()))).toBe(true);
    } finally {
      await other.close();
      rmSync(folder, { recursive: true, force: true });
    }
  }, 60_000);
});
