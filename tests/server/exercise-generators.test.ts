// @vitest-environment node
/**
 * Each exercise kind's generator on sentences no fixture or sample article contains, against the
 * bundled dictionary and WordNet: what a learner would see in the item (the options, the blank,
 * the tiles, the glosses) and the rules the distractors must keep.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { GAP } from '../../common/exercise-contract';
import { answerWord, type AnswerWord } from '../../server/exercises/answer-words';
import { gapFill, listening, makeExercises, match, wordOrder } from '../../server/exercises/exercise-set';
import { exerciseLexicon, type ExerciseLexicon } from '../../server/exercises/lexicon';
import { seededRandom, sentencesOf, wordsOf } from '../../server/exercises/text';

let lexicon: ExerciseLexicon;
beforeAll(() => {
  lexicon = exerciseLexicon();
}, 30_000);

function answerIn(sentence: string, word: string): AnswerWord | undefined {
  const tokens = wordsOf(sentence);
  return answerWord(
    tokens,
    tokens.findIndex((token) => token.text === word),
    lexicon,
  );
}

describe('sentences and answers', () => {
  it('splits sentences, but not after a title or an initial', () => {
    expect(sentencesOf('Dr. Okafor spoke first. The crowd of J. R. Hale cheered! Then it rained.')).toEqual([
      'Dr. Okafor spoke first.',
      'The crowd of J. R. Hale cheered!',
      'Then it rained.',
    ]);
  });

  it('never takes a name, a number, a function word or the first word as an answer', () => {
    const sentence = 'Yesterday the potters of Tuscany sold 40 jugs although they wanted more.';
    expect(answerIn(sentence, 'Tuscany')).toBeUndefined();
    expect(answerIn(sentence, 'although')).toBeUndefined();
    expect(answerIn(sentence, 'they')).toBeUndefined();
    expect(answerIn(sentence, 'Yesterday')).toBeUndefined();
    expect(wordsOf(sentence).some((token) => token.text === '40' && answerWord(wordsOf(sentence), 6, lexicon) === undefined)).toBe(true);
    expect(answerIn(sentence, 'jugs')).toMatchObject({ pos: 'noun', kind: 'plural', entry: { lemma: 'jug' } });
  });

  it('tells the form a word takes in its sentence', () => {
    expect(answerIn('The old ferry slowly crossed the frozen estuary at dawn.', 'crossed')).toMatchObject({ pos: 'verb', kind: 'past' });
    expect(answerIn('Two beekeepers were inspecting their hives near the orchard.', 'inspecting')).toMatchObject({
      pos: 'verb',
      kind: 'ing',
    });
    expect(answerIn('The desert road is narrower than the coastal one.', 'narrower')).toMatchObject({
      pos: 'adjective',
      kind: 'comparative',
    });
  });
});

describe('gap fill', () => {
  const cases: [string, string][] = [
    ['The old ferry slowly crossed the frozen estuary at dawn.', 'crossed'],
    ['Two beekeepers were inspecting their hives near the orchard.', 'inspecting'],
    ['A volunteer repaired the broken telescopes in the observatory last winter.', 'telescopes'],
    ['The desert road is narrower than the coastal one we took.', 'narrower'],
  ];

  it.each(cases)('%s: four distinct options, the answer among them, distractors that keep the rules', (sentence, word) => {
    const answer = answerIn(sentence, word)!;
    expect(answer).toBeDefined();
    const item = gapFill(sentence, answer, lexicon, seededRandom('test'))!;
    expect(item).toBeDefined();
    expect(item.text.replace(GAP, item.answer)).toBe(sentence);
    expect(item.answer).toBe(word);
    expect(new Set(item.options).size).toBe(4);
    expect(item.options).toContain(word);
    const sentenceWords = new Set(wordsOf(sentence).map((token) => token.lower));
    const answerSynsets = new Set(lexicon.synsets(answer.entry.lemma, answer.pos));
    for (const option of item.options.filter((option) => option !== word)) {
      expect(sentenceWords.has(option), option).toBe(false);
      const [lemma] = lexicon.lemmasOf(option);
      expect(lemma, option).toBeDefined();
      expect(lemma).not.toBe(answer.entry.lemma);
      expect(lexicon.entry(lemma!)!.pos, option).toContain(answer.pos);
      expect(
        lexicon.synsets(lemma!, answer.pos).some((offset) => answerSynsets.has(offset)),
        `${option} is a synonym`,
      ).toBe(false);
      // The same form as the answer: a past for a past, -ing for -ing, a plural for a plural.
      if (answer.kind === 'ing') expect(option).toMatch(/ing$/);
      if (answer.kind === 'plural') expect(option).not.toBe(lemma);
      if (answer.kind === 'past') expect(option).not.toBe(lemma);
      if (answer.kind === 'comparative') expect(option).toMatch(/er$/);
    }
  });

  it('is the same for the same seed', () => {
    const sentence = cases[0]![0];
    const answer = answerIn(sentence, 'crossed')!;
    expect(gapFill(sentence, answer, lexicon, seededRandom('a'))).toEqual(gapFill(sentence, answer, lexicon, seededRandom('a')));
  });
});

describe('listening', () => {
  it('blanks the word and lists the other forms of its lemma, so "go" for "went" is a wrong form', () => {
    const sentence = 'After the storm the fishermen went back to the harbour.';
    const item = listening(sentence, answerIn(sentence, 'went')!, lexicon);
    expect(item.text).toBe(`After the storm the fishermen ${GAP} back to the harbour.`);
    expect(item.answer).toBe('went');
    expect(item.lemma).toBe('go');
    expect(item.forms).toEqual(expect.arrayContaining(['go', 'gone', 'goes']));
    expect(item.forms).not.toContain('went');
  });
});

describe('word order', () => {
  it('shuffles a sentence of 6 to 12 words into tiles that are its words in another order', () => {
    const sentence = 'The lighthouse keeper painted the railings bright red.';
    const item = wordOrder(sentence, seededRandom('tiles'))!;
    expect([...item.tiles].sort()).toEqual(sentence.split(' ').sort());
    expect(item.tiles.join(' ')).not.toBe(sentence);
  });

  it('refuses sentences too short, too long, or with figures or quotations', () => {
    expect(wordOrder('Owls hunt at night.', seededRandom('x'))).toBeUndefined();
    expect(
      wordOrder('The small museum in the hills near the lake welcomed more visitors than ever this cold spring.', seededRandom('x')),
    ).toBeUndefined();
    expect(wordOrder('The ferry carried 240 cars across the bay.', seededRandom('x'))).toBeUndefined();
  });
});

describe('meaning match', () => {
  const sentence = 'The glacier carved a valley where shepherds graze goats beside a waterfall.';
  const words = () =>
    ['glacier', 'valley', 'shepherds', 'goats', 'waterfall', 'carved'].map((word) => answerIn(sentence, word)!).filter(Boolean);

  it.each([
    ['zh', /\p{Script=Han}/u],
    ['es', /^[\p{L} ,'-]+$/u],
    ['en', /^[a-z]/],
  ] as const)('gives five words their glosses in %s, shown in another order', (language, script) => {
    const item = match(words(), lexicon, language, seededRandom('m'))!;
    expect(item.pairs).toHaveLength(5);
    expect(new Set(item.pairs.map((pair) => pair.gloss)).size).toBe(5);
    for (const pair of item.pairs) expect(pair.gloss).toMatch(script);
    expect([...item.gloss_order].sort()).toEqual([0, 1, 2, 3, 4]);
    expect(item.pairs.find((pair) => pair.lemma === 'goat')).toBeDefined();
  });
});

describe('the whole set', () => {
  const paragraphs = [
    'Beekeepers in a mountain province say their hives produced far less honey this summer. A long drought dried the meadows where the bees gather nectar, and many colonies weakened before autumn.',
    'One keeper, who inherited the farm from her grandmother, moved her boxes to a cooler valley. She hoped the flowers there would last longer. The move cost her two weeks of work and most of her savings.',
    'Scientists at a regional institute are studying whether planting clover along roads could feed the insects. They measured the pollen that returning bees carried and counted the larvae in each comb.',
    'The province has promised grants for farmers who sow wild flowers on their land. Critics argue that the money arrives too late for keepers who have already sold their equipment.',
    'Local shops now sell imported honey beside the jars from nearby villages. Buyers often cannot tell the difference, although the labels show where the honey was collected.',
  ];
  const source = { id: 'invented-honey', contentHash: 'h1', paragraphs, vocabulary: [{ word: 'drought' }, { word: 'nectar' }] };

  it('makes at least eight items of all four kinds for an article of 150 words or more, the same each time', () => {
    const first = makeExercises(source, lexicon, 'es');
    expect(paragraphs.join(' ').split(/\s+/).length).toBeGreaterThanOrEqual(150);
    expect(first.length).toBeGreaterThanOrEqual(8);
    expect(new Set(first.map((item) => item.kind))).toEqual(new Set(['gap_fill', 'listening', 'word_order', 'match']));
    expect(makeExercises(source, lexicon, 'es')).toEqual(first);
    const gaps = first.filter((item) => item.kind === 'gap_fill');
    // The article's vocabulary is asked first.
    expect(gaps.concat().some((item) => item.lemma === 'drought' || item.lemma === 'nectar')).toBe(true);
    const text = paragraphs.join(' ');
    for (const item of first)
      if (item.kind === 'gap_fill' || item.kind === 'listening') expect(text).toContain(item.text.replace(GAP, item.answer));
  });

  it('changes when the article changes', () => {
    const changed = makeExercises({ ...source, contentHash: 'h2' }, lexicon, 'es');
    expect(changed).not.toEqual(makeExercises(source, lexicon, 'es'));
  });
});
