// @vitest-environment node
/**
 * Sense-aligned glosses (scripts/dictionary/sense-alignment.ts, on made-up evidence), phrase
 * headwords in the bundled dictionary, and phrase finding in sentences no fixture contains.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alignChinese, alignSpanish, distinctSenses, heldBy, kindsFirst, matchScore } from '../../scripts/dictionary/sense-alignment';
import { PhraseFinder } from '../../server/content/phrase-finder';
import { phraseVocabulary } from '../../server/content/phrase-vocabulary';
import { withDictionaryGlosses } from '../../server/content/vocabulary-help';
import { markBodyWords, markExample } from '../../server/content/word-markup';
import { openDictionary } from '../../server/dictionary/open-dictionary';
import type { Dictionary } from '../../server/dictionary/dictionary-types';

const PERSON = 18;
const ARTIFACT = 6;
const FOOD = 13;
const PLANT = 20;
const STATE = 26;
const sense = (lemmas: string[], lexFile: number, hypernymLemmas: string[] = []) => ({ lemmas, hypernymLemmas, lexFile });

describe('Chinese glosses chosen for the sense shown', () => {
  it('matches a gloss to a synset by the same word, one holding the other, or shared characters', () => {
    expect(matchScore('教练', ['指导', '教练'])).toBe(1);
    expect(matchScore('(使)入港', ['入港'])).toBe(1);
    expect(matchScore('足球教练', ['教练'])).toBe(0.8);
    expect(matchScore('银行', ['岸', '河边'])).toBe(0);
  });

  it("puts the shown sense's gloss first, even where ECDICT lists it last", () => {
    const aligned = alignChinese(['四轮大马车', '教练'], sense(['教练', '指导'], PERSON), [sense(['客车'], ARTIFACT)], 4);
    expect(aligned).toEqual({ glosses: ['教练', '四轮大马车'], fit: 'sense' });
  });

  it("places the gloss a kind of the sense is named with, when neither its own nor its hypernyms' Chinese match", () => {
    // A made-up "motion" whose sense is a proposal in a meeting: its kinds are 修正动议 and 程序动议.
    const proposal = { lemmas: [], hypernymLemmas: ['提议'], hyponymLemmas: ['修正动议', '程序动议'], lexFile: 10 };
    const aligned = alignChinese(['运动', '移动', '动议', '手势'], proposal, [sense(['运动'], 4)], 4);
    expect(aligned).toEqual({ glosses: ['动议', '运动', '移动', '手势'], fit: 'sense' });
    expect(heldBy('动议', ['修正动议'])).toBe(1);
    // Sharing characters with a kind's name is not being held by it (动作 and 动议 share 动 only).
    expect(heldBy('动作', ['修正动议'])).toBe(0);
    expect(heldBy('议', ['修正动议'])).toBe(0);
    const unrelated = alignChinese(['运动', '动作'], { ...proposal, hyponymLemmas: ['修正动议'] }, [sense(['运动'], 4)], 4);
    expect(unrelated.glosses[0]).toBe('运动');
  });

  it("adds the synset's own Chinese where ECDICT has none for the sense", () => {
    const aligned = alignChinese(['打击者', '罢工者'], sense(['前锋'], PERSON), [sense(['罢工者'], PERSON)], 4);
    expect(aligned.glosses[0]).toBe('前锋');
    expect(aligned.fit).toBe('sense');
  });

  it("falls back to a hypernym alone when every gloss is a distinct sense's", () => {
    const aligned = alignChinese(['古董'], sense([], PERSON, ['老人']), [sense(['古董'], ARTIFACT)], 4);
    expect(aligned).toEqual({ glosses: ['老人'], fit: 'sense' });
  });

  it("gives a less frequent sense without Chinese Open Wordnet lemmas the gloss its definition's words name", () => {
    // A made-up word: ECDICT lists 刀片 first; the second sense's definition ("one who is fond of …")
    // names a word whose Chinese is 爱好者; the first sense's definition names 刀片's word.
    const device = { ...sense([], ARTIFACT), definitionChinese: ['刀片', '工具'] };
    const devotee = { ...sense([], PERSON), definitionChinese: ['爱好者', '献身者'] };
    expect(alignChinese(['刀片', '爱好者'], devotee, [device], 4, [], true)).toEqual({ glosses: ['爱好者', '刀片'], fit: 'sense' });
    // Not for the most frequent sense (ECDICT's first gloss is its most common) …
    expect(alignChinese(['刀片', '爱好者'], devotee, [device], 4, [], false).glosses[0]).toBe('刀片');
    // … nor when another sense's definition names the gloss as strongly.
    const alsoFond = { ...sense([], PERSON), definitionChinese: ['爱好者'] };
    expect(alignChinese(['刀片', '爱好者'], devotee, [alsoFond], 4, [], true).glosses[0]).toBe('刀片');
  });

  it("says when the only glosses known are another, distinct sense's", () => {
    expect(alignChinese(['古董', '古物'], sense([], PERSON), [sense(['古董', '古物'], ARTIFACT)], 4)).toEqual({
      glosses: ['古董', '古物'],
      fit: 'other',
    });
  });

  it("keeps ECDICT's order where the senses shade into each other or nothing places the glosses", () => {
    // potato the plant and the food are both 马铃薯; a state and an artifact are not told apart.
    expect(distinctSenses(PLANT, FOOD)).toBe(false);
    expect(alignChinese(['马铃薯'], sense([], PLANT), [sense(['马铃薯'], FOOD)], 4).fit).toBe('unknown');
    expect(alignChinese(['甲', '乙'], sense([], STATE), [], 4)).toEqual({ glosses: ['甲', '乙'], fit: 'unknown' });
  });

  it("gives Spanish of the shown sense first, and says when there is only a distinct sense's", () => {
    expect(alignSpanish(sense(['entrenador'], PERSON), [sense(['autocar'], ARTIFACT)], 6)).toEqual({
      glosses: ['entrenador', 'autocar'],
      fit: 'sense',
    });
    expect(alignSpanish(sense([], PERSON), [sense(['autocar'], ARTIFACT)], 6).fit).toBe('other');
  });

  it("puts first the Spanish lemma a sense's kinds are named with, and keeps MCR's order otherwise", () => {
    // A made-up synset of "pilot" shared with "captain": its kinds are named "piloto de pruebas", "piloto comercial".
    expect(kindsFirst(['capitán', 'comandante', 'piloto'], ['piloto de pruebas', 'piloto comercial'])).toEqual([
      'piloto',
      'capitán',
      'comandante',
    ]);
    // A kind whose name merely begins with the same letters does not count (pilotaje is not piloto).
    expect(kindsFirst(['capitán', 'piloto'], ['pilotaje automático'])).toEqual(['capitán', 'piloto']);
    expect(kindsFirst(['capitán', 'piloto'], [])).toEqual(['capitán', 'piloto']);
  });
});

describe('phrases in the bundled dictionary', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dictionary-senses-'));
  let dictionary: Dictionary;
  let finder: PhraseFinder;

  beforeAll(() => {
    dictionary = openDictionary({ path: join(dir, 'dictionary.db') }).dictionary;
    finder = new PhraseFinder(dictionary.phrases(), (form) => dictionary.lemmaOf(form));
  });

  afterAll(() => {
    dictionary.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    ['give up', 'zh', 'give up', '放弃'],
    ['Gave  up', 'zh', 'give up', '放弃'],
    ['looked after', 'es', 'look after', 'cuidar'],
    ['waiting lists', 'zh', 'waiting list', '名单'],
    ['give-up', 'es', 'give up', 'renunciar'],
  ])('looks %j up as the phrase %s (%s)', (query, language, lemma, gloss) => {
    const result = dictionary.lookUp(query, language as 'zh' | 'es');
    expect(result?.lemma).toBe(lemma);
    expect(result?.entries[0]?.gloss).toContain(gloss);
  });

  it('knows no phrase it does not hold, and keeps hyphenated words whole', () => {
    expect(dictionary.lookUp('purple elephant', 'zh')).toBeUndefined();
    expect(dictionary.lookUp('one two three four five', 'zh')).toBeUndefined();
    expect(dictionary.lookUp('well-known', 'zh')?.lemma).toBe('well-known');
  });

  it("shows the coach who trains a team with 教练 first, and says so where Chinese is only another sense's", () => {
    const coach = dictionary.lookUp('coach', 'zh')!.entries.find((entry) => entry.partOfSpeech === 'noun')!;
    expect(coach.definition).toMatch(/training an athlete/);
    expect(coach.gloss?.split('；')[0]).toBe('教练');
    expect(coach.glossOtherSense).toBeUndefined();
    const antique = dictionary.lookUp('antique', 'zh')!.entries.find((entry) => entry.partOfSpeech === 'noun')!;
    expect(antique.definition).toMatch(/elderly man/);
    expect(antique.glossOtherSense).toBe(true);
    // A vocabulary card never takes another sense's gloss as its own.
    expect(dictionary.gloss('antique', 'noun', 'zh', true)).toBeUndefined();
  });

  const found = (text: string) => finder.find(text).map((p) => (p.separated ? `${p.phrase}*` : p.phrase));

  it.each([
    ['After three attempts the climbers gave up and turned back.', ['give up', 'turn back']],
    ['Volunteers looked after the stray dogs all winter.', ['look after']],
    ['The council turned the proposal down on Tuesday.', ['turn down*']],
    ['She switched it off before the meeting.', ['switch off*']],
    ['Hospitals have long waiting lists.', ['waiting list']],
    ['He put the parcel on the kitchen table.', ['kitchen table']],
    ['They sat in the garden.', []],
  ])('finds the phrases of %j', (text, phrases) => {
    expect(found(text)).toEqual(phrases);
  });

  it('marks every word of a phrase with it, and no other word', () => {
    const html = markBodyWords('The mayor turned the plan down.', () => false, finder);
    expect(html).toContain('<span class="nr-w nr-phrase" data-phrase="turn down">turned</span>');
    expect(html).toContain('<span class="nr-w nr-phrase" data-phrase="turn down">down</span>');
    expect(html).toContain('<span class="nr-w">plan</span>');
  });

  it('marks a phrase in a later sentence with sentence marks on: the words are counted across the sentences', () => {
    const html = markBodyWords('It rained. The mayor turned the plan down.', () => false, finder, { sentences: true });
    expect(html).toContain('<span class="nr-s"><span class="nr-w">It</span> <span class="nr-w">rained</span>.</span> <span class="nr-s">');
    expect(html).toContain('<span class="nr-w nr-phrase" data-phrase="turn down">turned</span>');
    expect(html).toContain('<span class="nr-w nr-phrase" data-phrase="turn down">down</span>.</span>');
    expect(html.match(/nr-phrase/g)).toHaveLength(2);
  });

  it('makes cards of the phrases an article uses, phrasal verbs first, glossed like words', () => {
    const paragraphs = [
      'The fishing fleet is coming back to the bay after a long season.',
      'Residents turned the new plan down, and the council gave up.',
    ];
    const cards = phraseVocabulary(paragraphs, dictionary);
    expect(cards.map((card) => card.word)).toEqual(['turn down', 'come back']);
    expect(cards[0]).toMatchObject({ partOfSpeech: 'verb', example: paragraphs[1] });
    const [turnDown] = withDictionaryGlosses(cards, dictionary);
    expect(turnDown!.translations.zh).toContain('拒绝');
    expect(turnDown!.translations.es).toBeTruthy();
    expect(markExample(paragraphs[0]!, 'come back', dictionary)).toContain(
      '<strong class="nr-vocabulary-in-context">coming</strong> <strong class="nr-vocabulary-in-context">back</strong>',
    );
  });

  it("shows the sense a sentence means, with that sense's glosses, and the most frequent one without a sentence", () => {
    const money = 'Savers queued outside the bank after it froze all deposits and stopped lending money.';
    const river = 'Herons nested on the muddy bank where the river slows.';
    const noun = (sentence: string | undefined, language: 'zh' | 'es') =>
      dictionary
        .lookUp('bank', language, sentence === undefined ? undefined : { sentence })!
        .entries.find((e) => e.partOfSpeech === 'noun')!;
    expect(noun(money, 'zh').definition).toMatch(/financial institution/);
    expect(noun(money, 'zh').gloss?.split('；')[0]).toBe('银行');
    expect(noun(money, 'es').gloss?.split(', ')[0]).toBe('banco');
    expect(noun(river, 'zh').gloss?.split('；')[0]).toBe('岸');
    expect(noun(undefined, 'zh').definition).toMatch(/sloping land/);
    // The importer's card takes the same sense from its example.
    const [card] = withDictionaryGlosses(
      [{ word: 'bank', partOfSpeech: 'noun', definition: noun(undefined, 'zh').definition, example: money, translations: {} }],
      dictionary,
    );
    expect(card!.definition).toMatch(/financial institution/);
    expect(card!.translations.zh?.split('；')[0]).toBe('银行');
  });
});
