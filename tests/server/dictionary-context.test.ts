// @vitest-environment node
/**
 * The sense a sentence means (issue 29), on sentences no fixture or labelled set contains: the
 * part of speech the word has there, the ranking with the article's category, an agent noun's
 * literal glosses, the vocabulary card's sense at import, and GET /api/dictionary/{word} with
 * `sentence` and `category` against the real server and the real bundled dictionary.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alignChinese, isAgentDerivation } from '../../scripts/dictionary/sense-alignment';
import { withDictionaryGlosses } from '../../server/content/vocabulary-help';
import { categoryWords, firstGloss, rankSenses, weightOfRank } from '../../server/dictionary/sense-ranking';
import { partOfSpeechIn, type WordFacts } from '../../server/dictionary/sentence-pos';
import { openDictionary } from '../../server/dictionary/open-dictionary';
import type { Dictionary } from '../../server/dictionary/dictionary-types';
import { startTestServer, type TestContext } from './fixtures';

/** A tiny lexicon for the part-of-speech rules: what the dictionary would say of these words. */
const LEXICON: Record<string, string[]> = {
  gold: ['noun', 'adjective'],
  coffee: ['noun'],
  quickly: ['adverb'],
  harbour: ['noun', 'verb'],
};
const facts: WordFacts = {
  partsOfSpeech: (form) => LEXICON[form] ?? [],
  lemmaOf: (form) => ({ fined: 'fine', strikes: 'strike', sealed: 'seal', rings: 'ring' })[form] ?? (LEXICON[form] ? form : undefined),
};
const ALL = ['verb', 'noun', 'adjective'];

describe('the part of speech a word has in its sentence', () => {
  it.each([
    ['after a determiner', 'Officials imposed a fine on the landlord.', 'fine', 'noun'],
    ['a past form after "was"', 'The landlord was fined last spring.', 'fined', 'verb'],
    ['after a modal', 'Unions may strike again in January.', 'strike', 'verb'],
    ['after "is"', 'The old ferry is fine for short trips.', 'fine', 'adjective'],
    ['followed by its object', 'The council strikes a deal every winter.', 'strikes', 'verb'],
    ['an instruction', 'Seal the jar before the soup cools.', 'seal', 'verb'],
    ['after a preposition', 'Workers gathered for a strike outside the depot.', 'strike', 'noun'],
    ['after a noun', 'She lost her gold ring near the harbour.', 'ring', 'noun'],
    ['after a determiner and a noun that can be a verb', 'The harbour seal swam away.', 'seal', 'noun'],
  ])('%s: "%s" → %s', (_rule, sentence, form, expected) => {
    expect(partOfSpeechIn(sentence, form, ALL, facts)).toBe(expected);
  });

  it('says nothing when no rule applies or the entry lacks that part of speech', () => {
    expect(partOfSpeechIn('Strike!', 'strike', ALL, facts)).toBeUndefined();
    expect(partOfSpeechIn('They may fine him.', 'fine', ['noun', 'adjective'], facts)).toBeUndefined();
    expect(partOfSpeechIn('Nothing here mentions it.', 'fine', ALL, facts)).toBeUndefined();
  });
});

describe('ranking senses with the sentence and the category', () => {
  const river = { en: '', zh: '岸', es: 'orilla', cues: 'sloping land slope beside body water river' };
  const money = {
    en: 'a financial institution',
    zh: '银行',
    es: 'banco',
    cues: 'financial institution accepts deposits money lending =central',
  };

  it('keeps the most frequent sense when nothing points elsewhere', () => {
    expect(rankSenses([river, money], { words: new Set(['said', 'nothing']) })).toBe(0);
  });

  it("lets the article's category choose between senses the sentence leaves open", () => {
    const words = new Set(['announced', 'results']);
    expect(rankSenses([river, money], { words, categoryWords: categoryWords('business') })).toBe(1);
    expect(rankSenses([river, money], { words, categoryWords: categoryWords('sports') })).toBe(0);
    expect(categoryWords('weather').size).toBe(0);
  });

  it('weighs a rare shared word above a common one', () => {
    const common = { en: '', zh: '甲', es: 'a', cues: 'water' };
    const rare = { en: 'b', zh: '乙', es: 'b', cues: 'estuary' };
    const rank: Record<string, number> = { water: 40, estuary: 25_000 };
    const words = new Set(['water', 'estuary']);
    expect(rankSenses([common, rare], { words, weightOf: (word) => weightOfRank(rank[word]) })).toBe(1);
    expect(rankSenses([common, rare], { words })).toBe(0);
  });

  it('counts a compound modifier only right before the word, and a sentence word above the category', () => {
    expect(rankSenses([river, money], { words: new Set(['central']), before: new Set(['central']) })).toBe(1);
    expect(rankSenses([river, money], { words: new Set(['central']), before: new Set() })).toBe(0);
    expect(rankSenses([river, money], { words: new Set(['river']), categoryWords: categoryWords('business') })).toBe(0);
  });
});

describe("an agent noun's literal glosses", () => {
  const PERSON = 18;
  it('are the sense whose definition names the base word, not another one', () => {
    expect(isAgentDerivation('罢工者', ['罢工', '打击'])).toBe(true);
    expect(isAgentDerivation('前锋', ['罢工', '打击'])).toBe(false);
    const forward = { lemmas: [], hypernymLemmas: [], lexFile: PERSON, namesBase: false };
    const onStrike = { lemmas: [], hypernymLemmas: [], lexFile: PERSON, namesBase: true };
    expect(alignChinese(['打击者', '罢工者'], forward, [onStrike], 4, ['打击', '罢工'])).toEqual({
      glosses: ['打击者', '罢工者'],
      fit: 'other',
    });
    expect(alignChinese(['打击者', '罢工者'], { ...forward, hypernymLemmas: ['运动员'] }, [onStrike], 4, ['打击', '罢工'])).toEqual({
      glosses: ['运动员'],
      fit: 'sense',
    });
    // Without the base word in another sense's definition, ECDICT's order stands.
    expect(alignChinese(['打击者', '罢工者'], forward, [{ ...onStrike, namesBase: false }], 4, ['打击', '罢工']).fit).toBe('unknown');
  });
});

describe('the bundled dictionary on new sentences', () => {
  let dir: string;
  let dictionary: Dictionary;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'dictionary-context-'));
    dictionary = openDictionary({ path: join(dir, 'dictionary.db') }).dictionary;
    // Building the SQLite file from the data takes seconds on a loaded machine.
  }, 60_000);
  afterAll(() => {
    dictionary.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const first = (word: string, language: 'zh' | 'es', sentence: string, category?: string) =>
    dictionary.lookUp(word, language, { sentence, ...(category ? { category } : {}) })!.entries[0]!;

  it('never calls the footballer a hitter or a worker on strike', () => {
    const striker = first('striker', 'zh', 'The referee booked the striker for diving in the box.', 'sports');
    expect(striker.definition).toMatch(/soccer/);
    expect(striker.gloss ?? '').not.toMatch(/打击者|罢工者/);
  });

  it('shows the part of speech the sentence uses first', () => {
    const fined = first('fined', 'es', 'The airline was fined for late refunds.', 'business');
    expect(fined.partOfSpeech).toBe('verb');
    expect(fined.gloss?.split(', ')[0]).toBe('multar');
    expect(first('fine', 'zh', 'A fine of ten thousand euros was imposed.').partOfSpeech).toBe('noun');
    expect(first('fine', 'zh', 'The children are fine, thank you.').partOfSpeech).toBe('adjective');
  });

  it("chooses the lending bank in a business story and the river's side without one", () => {
    const sentence = 'The bank said no.';
    expect(first('bank', 'zh', sentence, 'business').gloss?.split('；')[0]).toBe('银行');
    expect(first('bank', 'es', sentence, 'business').gloss?.split(', ')[0]).toBe('banco');
    expect(first('bank', 'zh', sentence).gloss?.split('；')[0]).toBe('岸');
  });

  it('chooses the sense from words near its definition in meaning when they share none (word vectors)', () => {
    // "profits" and "doubled" are in no definition of bank; their vectors are near the lending bank's words.
    const lending = first('bank', 'zh', 'The bank said its profits doubled this year.');
    expect(lending.gloss?.split('；')[0]).toBe('银行');
    expect(lending.definition).toMatch(/financial institution/);
    expect(first('bank', 'es', 'The bank said its profits doubled this year.').gloss?.split(', ')[0]).toBe('banco');
    const river = first('bank', 'es', 'They walked along the muddy bank after the flood.');
    expect(river.gloss?.split(', ')[0]).toMatch(/^(?:margen|orilla|ribera)$/);
  });

  it("gives a vocabulary card the sense its example and the article's category mean", () => {
    const bank = dictionary.lookUp('bank', 'en')!.entries[0]!;
    const card = {
      word: 'bank',
      partOfSpeech: 'noun',
      definition: bank.definition,
      example: 'The bank said nothing more.',
      translations: {},
    };
    const [inBusiness] = withDictionaryGlosses([card], dictionary, 'business');
    const [elsewhere] = withDictionaryGlosses([card], dictionary);
    expect(inBusiness!.definition).toMatch(/financial institution/);
    expect(inBusiness!.translations.zh?.split('；')[0]).toBe('银行');
    expect(elsewhere!.definition).toBe(bank.definition);
    expect(elsewhere!.translations.zh?.split('；')[0]).toBe('岸');
  });
});

describe('GET /api/dictionary/{word} with a sentence and a category', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestServer({ articles: [], withDictionary: true });
  });
  afterAll(async () => {
    await ctx.close();
  });
  const get = (word: string, query: Record<string, string>) =>
    ctx.app.inject({ method: 'GET', url: `/api/dictionary/${encodeURIComponent(word)}?${new URLSearchParams(query).toString()}` });

  it('answers with the sense the sentence and the category mean, each answer for its own context', async () => {
    const sentence = 'The bank said no.';
    const business = await get('bank', { language: 'zh', sentence, category: 'business' });
    expect(business.statusCode, business.body).toBe(200);
    expect(business.json().entries[0].gloss.split('；')[0]).toBe('银行');
    expect(business.json().entries[0].definition).toMatch(/financial institution/);
    // The same word and sentence in another category is another answer, not the one kept above.
    const plain = await get('bank', { language: 'zh', sentence });
    expect(plain.json().entries[0].gloss.split('；')[0]).toBe('岸');
    const river = await get('bank', {
      language: 'es',
      sentence: 'Children played on the grassy bank beside the stream.',
      category: 'health',
    });
    expect(river.json().entries[0].gloss.split(', ')[0]).toMatch(/^(?:margen|orilla|ribera)$/);
  });

  it('puts the verb first for "fined" in a sentence', async () => {
    const response = await get('fined', { language: 'es', sentence: 'The airline was fined for late refunds.' });
    expect(response.statusCode).toBe(200);
    expect(response.json().entries[0].part_of_speech).toBe('verb');
  });

  it('refuses a category it does not know with a 400 naming the parameter', async () => {
    const response = await get('bank', { language: 'zh', sentence: 'The bank said no.', category: 'weather' });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'invalid_parameter', parameter: 'category' });
  });
});

describe('senses a language does not tell apart', () => {
  const sense = (zh: string, es: string, cues: string) => ({ en: cues, zh, es, cues });
  // The most frequent sense leads by a little; the two after it share their Chinese first gloss.
  const senses = [sense('岸；堤', 'orilla', 'river'), sense('银行；岸', 'banco', 'lending'), sense('银行业', 'banca', 'deposits')];
  const context = { words: new Set(['lending', 'deposits']), weightOf: (word: string) => (word === 'lending' ? 0.35 : 0.5) };

  it('pools the probability of senses whose first glosses are one word, or one holding the other', () => {
    expect(rankSenses(senses, context)).toBe(0);
    const chosen = rankSenses(senses, context, (s) => firstGloss(s, 'zh'));
    expect(chosen).not.toBe(0);
    expect(firstGloss(senses[chosen]!, 'zh')).toContain('银行');
  });

  it('keeps the best-scored sense where the language tells every sense apart', () => {
    expect(rankSenses(senses, context, (s) => firstGloss(s, 'es'))).toBe(0);
  });
});
