// @vitest-environment node
/**
 * GET /api/dictionary/{word} against the real server and the real bundled dictionary (its own
 * SQLite file): lemmas, Chinese and Spanish glosses, the English entry, caching and every refusal.
 */
import { isRight } from 'fp-ts/Either';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorBodyCodec, ArticleResponseCodec } from '../../common/contract';
import { DictionaryResponseCodec, type DictionaryResponse } from '../../common/dictionary-contract';
import { article, startTestServer, type TestContext } from './fixtures';

const imported = article({
  id: 'd-imported',
  source: 'reuters',
  title: 'Port authority warns of worsening delays',
  publishedAt: '2026-11-20T08:00:00Z',
  summary: 'Delays at the harbour are deteriorating as storms continue.',
  paragraphs: [
    'Conditions at the harbour kept deteriorating on Tuesday, and officials said the harbours along the coast were full.',
    'Shipping firms lowered their expectations for the week.',
  ],
  difficulty: 'intermediate',
  categories: ['business'],
  vocabulary: [
    {
      word: 'deteriorate',
      partOfSpeech: 'verb',
      definition: 'become worse',
      example: 'Conditions at the harbour kept deteriorating on Tuesday.',
      translations: {},
    },
    {
      word: 'harbour',
      partOfSpeech: 'noun',
      definition: 'a sheltered port',
      example: 'the harbours along the coast were full',
      translations: {},
    },
  ],
});

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestServer({ articles: [imported], withDictionary: true });
});
afterAll(async () => {
  await ctx.close();
});

async function lookUp(word: string, language?: string) {
  const query = language === undefined ? '' : `?language=${language}`;
  return ctx.app.inject({ method: 'GET', url: `/api/dictionary/${encodeURIComponent(word)}${query}` });
}

async function entryOf(word: string, language: string): Promise<DictionaryResponse> {
  const response = await lookUp(word, language);
  expect(response.statusCode, response.body).toBe(200);
  const decoded = DictionaryResponseCodec.decode(response.json());
  if (!isRight(decoded)) throw new Error(`the answer does not match the contract: ${response.body}`);
  return decoded.right;
}

describe('word look-up', () => {
  it.each([
    ['scarves', 'scarf'],
    ['went', 'go'],
    ['deteriorating', 'deteriorate'],
    ['harbours', 'harbour'],
    ['better', 'good'],
    ['Children', 'child'],
    ['“Libraries,”', 'library'],
  ])('resolves %s to its lemma %s', async (word, lemma) => {
    const entry = await entryOf(word, 'en');
    expect(entry.lemma).toBe(lemma);
    expect(entry.entries.length).toBeGreaterThan(0);
  });

  it('gives Chinese glosses by part of speech, with IPA, level tags and a frequency rank', async () => {
    const entry = await entryOf('harbour', 'zh');
    const noun = entry.entries.find((e) => e.part_of_speech === 'noun');
    expect(noun?.gloss).toContain('港');
    expect(noun?.definition).toMatch(/port|ship/);
    expect(noun?.ipa).not.toBe('');
    expect((await entryOf('deteriorate', 'zh')).entries.some((e) => e.gloss?.includes('恶化'))).toBe(true);
    const common = await entryOf('government', 'zh');
    expect(common.entries[0]!.tags).toEqual(expect.arrayContaining(['cet4']));
    expect(common.entries[0]!.frequency_rank).toBeGreaterThan(0);
  });

  it('gives Spanish glosses', async () => {
    expect((await entryOf('harbour', 'es')).entries.find((e) => e.part_of_speech === 'noun')?.gloss).toContain('puerto');
    expect((await entryOf('deteriorating', 'es')).entries.some((e) => e.gloss?.includes('deteriorar'))).toBe(true);
    expect((await entryOf('library', 'es')).entries[0]!.gloss).toContain('biblioteca');
  });

  it('works with British and American spellings alike', async () => {
    for (const [british, american] of [
      ['colour', 'color'],
      ['organisation', 'organization'],
      ['travelled', 'traveled'],
    ] as const) {
      const a = await entryOf(british, 'zh');
      const b = await entryOf(american, 'zh');
      expect(a.entries[0]!.gloss, british).toBeTruthy();
      expect(b.entries[0]!.gloss, american).toBeTruthy();
    }
  });

  // The bundled headwords are written without accents (cafe, naive, resume): a word an article writes with one still finds its entry.
  it.each([
    ['café', 'cafe'],
    ['Cafés', 'cafe'],
    ['naïve', 'naive'],
    ['fiancée', 'fiancee'],
    ['cafe\u0301', 'cafe'],
  ])('finds %s under its unaccented headword %s', async (word, lemma) => {
    const entry = await entryOf(word, 'es');
    expect(entry.lemma).toBe(lemma);
    expect(entry.entries[0]!.gloss).toBeTruthy();
  });

  it('never guesses an English word from a name once its accents are gone (Inés is not "in")', async () => {
    expect((await lookUp('Inés', 'es')).statusCode).toBe(404);
  });

  it('never takes an abbreviation for a word written with accents (São is not "sao", año not "ano")', async () => {
    for (const word of ['São', 'año']) expect((await lookUp(word, 'zh')).statusCode, word).toBe(404);
    // The abbreviations themselves are still found as written.
    expect((await entryOf('sao', 'zh')).entries[0]!.part_of_speech).toBe('abbreviation');
  });

  it('keeps the senses of a form that is also a word of its own after its lemma', async () => {
    const entry = await entryOf('better', 'zh');
    expect(entry.entries[0]!.headword ?? entry.lemma).toBe('good');
    expect(entry.entries.some((e) => e.headword === 'better')).toBe(true);
  });

  it('answers English entries without a gloss, English by default', async () => {
    const entry = await entryOf('harbour', 'en');
    expect(entry.entries.every((e) => e.gloss === undefined)).toBe(true);
    const byDefault = await lookUp('harbour');
    expect(byDefault.json()).toEqual(entry);
  });

  it('may be cached for a long time and revalidated with its ETag', async () => {
    const first = await lookUp('harbour', 'zh');
    expect(first.headers['cache-control']).toMatch(/max-age=\d{5,}/);
    const again = await ctx.app.inject({
      method: 'GET',
      url: '/api/dictionary/harbour?language=zh',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('answers 404 with the usual JSON error for a word it does not know', async () => {
    const response = await lookUp('zzqxv', 'zh');
    expect(response.statusCode).toBe(404);
    expect(isRight(ApiErrorBodyCodec.decode(response.json()))).toBe(true);
    expect(response.json().error).toMatchObject({ code: 'not_found', parameter: 'word' });
  });

  it.each([
    ['a language it has no glosses for', '/api/dictionary/harbour?language=fr', 'language'],
    ['the language given twice', '/api/dictionary/harbour?language=zh&language=es', 'language'],
    ['an empty word', '/api/dictionary/%20', 'word'],
    ['no word at all', '/api/dictionary/', 'word'],
    ['a word over 64 characters', `/api/dictionary/${'a'.repeat(65)}`, 'word'],
    ['a word with no letters', '/api/dictionary/2024', 'word'],
    ['punctuation only', '/api/dictionary/%21%3F', 'word'],
    ['markup', '/api/dictionary/%3Cb%3Eharbour%3C%2Fb%3E', 'word'],
    ['a control character', '/api/dictionary/har%01bour', 'word'],
    ['a NUL byte', '/api/dictionary/har%00bour', 'word'],
  ])('refuses %s with a 400 naming the parameter', async (_case, url, parameter) => {
    const response = await ctx.app.inject({ method: 'GET', url });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'invalid_parameter', parameter });
    expect(response.json().error.message).toMatch(/\w/);
  });

  it('says "no entry" for numbers with letters, addresses and names it does not know', async () => {
    for (const word of ['4th-quarter-ish', 'www.example.org', 'Zorblatt']) {
      expect((await lookUp(word, 'zh')).statusCode, word).toBe(404);
    }
  });
});

describe('an article read with the dictionary', () => {
  async function html(language: string): Promise<string> {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/articles/d-imported?language=${language}` });
    const decoded = ArticleResponseCodec.decode(response.json());
    if (!isRight(decoded)) throw new Error(response.body);
    return decoded.right.article.html_content ?? '';
  }

  it('highlights vocabulary in every form as buttons and makes every other word tappable', async () => {
    const body = await html('zh');
    const buttons = [...body.matchAll(/<button type="button" class="nr-vocab-word">([^<]+)<\/button>/g)].map((m) => m[1]);
    expect(buttons).toEqual(expect.arrayContaining(['deteriorating', 'harbour', 'harbours']));
    expect(body).toContain('<span class="nr-w">Shipping</span>');
    // Numbers are not words to look up.
    expect(body).not.toMatch(/<span class="nr-w">\d/);
  });

  it('marks the form an example uses', async () => {
    expect(await html('en')).toContain('<strong class="nr-vocabulary-in-context">deteriorating</strong>');
  });

  it('names what the article lacks in the learner language', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/articles/d-imported?language=zh' });
    expect(response.json().article.learning_metadata.missing_in_language).toEqual(['summary', 'cultural_notes']);
    const english = await ctx.app.inject({ method: 'GET', url: '/api/articles/d-imported?language=en' });
    expect(english.json().article.learning_metadata.missing_in_language).toEqual(['cultural_notes']);
  });
});
