// @vitest-environment node
/**
 * Phrases over HTTP, against the real server and the bundled dictionary: GET /api/dictionary/{phrase}
 * (spaces, hyphens, inflections, the word limits), a word asked with the phrase it stands in, and
 * an article page whose body marks its phrases.
 */
import { isRight } from 'fp-ts/Either';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ArticleResponseCodec } from '../../common/contract';
import { DictionaryWithPhraseCodec, type DictionaryWithPhrase } from '../../common/dictionary-contract';
import { article, startTestServer, type TestContext } from './fixtures';

const story = article({
  id: 'p-story',
  source: 'reuters',
  title: 'Ferry operator drops plan for night crossings',
  publishedAt: '2026-11-21T08:00:00Z',
  summary: 'The operator gave up its plan.',
  paragraphs: ['After weeks of talks the operator gave up its plan, and the port turned the new timetable down.'],
  difficulty: 'intermediate',
  categories: ['business'],
  vocabulary: [],
});

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestServer({ articles: [story], withDictionary: true });
});
afterAll(async () => {
  await ctx.close();
});

async function get(url: string) {
  return ctx.app.inject({ method: 'GET', url });
}

function decoded(body: unknown): DictionaryWithPhrase {
  const result = DictionaryWithPhraseCodec.decode(body);
  if (!isRight(result)) throw new Error(`the answer does not match the contract: ${JSON.stringify(body)}`);
  return result.right;
}

describe('GET /api/dictionary/{phrase}', () => {
  it.each([
    ['look%20after', 'zh', 'look after', '照顾'],
    ['looked%20after', 'es', 'look after', 'cuidar'],
    ['give%20up', 'zh', 'give up', '放弃'],
    ['give-up', 'es', 'give up', 'renunciar'],
    ['waiting%20list', 'zh', 'waiting list', '名单'],
  ])('answers %s in %s with the phrase %s', async (path, language, lemma, gloss) => {
    const response = await get(`/api/dictionary/${path}?language=${language}`);
    expect(response.statusCode, response.body).toBe(200);
    const entry = decoded(response.json());
    expect(entry.lemma).toBe(lemma);
    expect(entry.entries[0]?.gloss).toContain(gloss);
  });

  it('answers 404 for a phrase it does not hold and 400 past the word limits', async () => {
    const missing = await get('/api/dictionary/purple%20elephant?language=zh');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: { code: 'not_found' } });
    const long = await get(`/api/dictionary/${encodeURIComponent('give up '.repeat(10))}?language=zh`);
    expect(long.statusCode).toBe(400);
    const badPhrase = await get('/api/dictionary/gave?language=zh&phrase=%3Cb%3E');
    expect(badPhrase.statusCode).toBe(400);
    expect(badPhrase.json()).toMatchObject({ error: { code: 'invalid_parameter' } });
  });

  it('gives a word asked with its phrase both entries, the phrase apart', async () => {
    const response = await get('/api/dictionary/gave?language=zh&phrase=give%20up');
    expect(response.statusCode).toBe(200);
    const entry = decoded(response.json());
    expect(entry.lemma).toBe('give');
    expect(entry.phrase?.lemma).toBe('give up');
    expect(entry.phrase?.entries[0]?.gloss).toContain('放弃');
    // A phrase the dictionary lacks leaves the word's entry as it is.
    const plain = decoded((await get('/api/dictionary/gave?language=zh&phrase=gave%20purple')).json());
    expect(plain.lemma).toBe('give');
    expect(plain.phrase).toBeUndefined();
  });
});

describe('the sense a sentence means', () => {
  it('answers with the sense of the sentence sent, and refuses a sentence with markup', async () => {
    const sentence = encodeURIComponent('The bank froze deposits and stopped lending money to firms.');
    const entry = decoded((await get(`/api/dictionary/bank?language=zh&sentence=${sentence}`)).json());
    const noun = entry.entries.find((e) => e.part_of_speech === 'noun')!;
    expect(noun.definition).toMatch(/financial institution/);
    expect(noun.gloss?.startsWith('银行')).toBe(true);
    const plain = decoded((await get('/api/dictionary/bank?language=zh')).json());
    expect(plain.entries.find((e) => e.part_of_speech === 'noun')!.definition).toMatch(/sloping land/);
    const bad = await get(`/api/dictionary/bank?language=zh&sentence=${encodeURIComponent('<script>x</script>')}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { code: 'invalid_parameter' } });
  });
});

describe('phrases marked in the article body', () => {
  it.each(['zh', 'es'])('marks the words of "gave up" and of "turned … down" in the %s page', async (language) => {
    const response = await get(`/api/articles/p-story?language=${language}`);
    expect(response.statusCode).toBe(200);
    const body = ArticleResponseCodec.decode(response.json());
    if (!isRight(body)) throw new Error('article does not match the contract');
    const html = body.right.article.html_content ?? '';
    expect(html).toContain('<span class="nr-w nr-phrase" data-phrase="give up">gave</span>');
    expect(html).toContain('<span class="nr-w nr-phrase" data-phrase="give up">up</span>');
    expect(html).toContain('<span class="nr-w nr-phrase" data-phrase="turn down">turned</span>');
    expect(html).toContain('<span class="nr-w nr-phrase" data-phrase="turn down">down</span>');
    expect(html).toContain('<span class="nr-w">timetable</span>');
  });
});
