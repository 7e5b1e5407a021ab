// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { articleId, buildArticle, normaliseUrl, summarise } from '../../server/ingest/article-builder';
import { categorise, categoriesFromFeed, categoriesFromKeywords } from '../../server/ingest/categories';
import { COMMON_WORD_RANK, frequencyRank, pickVocabulary, simplifyDefinition } from '../../server/ingest/vocabulary';
import { WordNet } from '../../server/dictionary/wordnet';

const STORY = [
  'The harbour authority will dredge the shipping channel next spring, officials said on Monday.',
  'Silt has built up along the channel for years, and large cargo vessels now wait offshore for high tide.',
  'Fishermen worry that the work will disturb the breeding grounds of crabs and lobsters.',
  'The authority said divers would survey the seabed before any dredging begins.',
];

describe('WordNet reader', () => {
  const wordNet = new WordNet();
  it('finds a lemma in each part of speech it has and reads its main sense', () => {
    expect(
      wordNet
        .lookup('dredge')
        .map((e) => e.pos)
        .sort(),
    ).toEqual(['noun', 'verb']);
    expect(wordNet.mainSense('commute', 'noun')?.definition).toBe('a regular journey of some distance to and from your place of work');
    // The most frequent sense that is not a name: "burger" the food, not Warren Burger the judge.
    expect(wordNet.mainSense('burger', 'noun')?.definition).toMatch(/^a sandwich/);
    expect(wordNet.mainSense('eliminate', 'verb')?.definition).toBe('terminate, end, or take out');
    expect(wordNet.lookup('qwzxv')).toEqual([]);
  });
});

describe('pickVocabulary', () => {
  const vocabulary = pickVocabulary(STORY);
  const words = vocabulary.map((v) => v.word);

  it('picks uncommon words in dictionary form with a definition, part of speech and their sentence', () => {
    expect(words).toContain('dredge');
    expect(words).toContain('vessel');
    const dredge = vocabulary.find((v) => v.word === 'dredge')!;
    expect(dredge.partOfSpeech).toBe('verb');
    expect(dredge.definition.length).toBeGreaterThan(10);
    expect(dredge.example).toBe(STORY[0]);
    expect(vocabulary.find((v) => v.word === 'vessel')?.example).toBe(STORY[1]);
  });

  it('leaves out the words most learners know, and names', () => {
    for (const common of ['spring', 'officials', 'monday', 'years', 'work', 'said']) expect(words).not.toContain(common);
    for (const item of vocabulary) expect(Math.min(frequencyRank(item.word), frequencyRank(item.example.toLowerCase()))).toBeGreaterThan(0);
    expect(frequencyRank('channel')).toBeLessThanOrEqual(COMMON_WORD_RANK);
    expect(words).not.toContain('channel');
    expect(pickVocabulary(['Mr Okonkwo met Ms Vasquez in Tallahassee yesterday.'])).toEqual([]);
  });

  it('gives definitions without lexicographers’ notes', () => {
    expect(simplifyDefinition("advanced in years; (`aged' is pronounced as two syllables)")).toBe('advanced in years');
    expect(simplifyDefinition("(usually followed by `to') having the necessary means")).toBe('having the necessary means');
    expect(simplifyDefinition("a word like `cat' here")).toBe('a word like ‘cat’ here');
  });

  it('picks at most eight, in the order the article uses them', () => {
    const long = pickVocabulary([
      'The archaeologist catalogued pottery shards, corroded coins, a tarnished brooch, a chipped amphora, fossilised seeds, a rusted spearhead, a carved amulet, a woven basket and a cracked mosaic.',
    ]);
    expect(long.length).toBe(8);
    const sentence = long[0]!.example;
    const positions = long.map((v) => sentence.toLowerCase().indexOf(v.word.slice(0, 5)));
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });
});

describe('categories', () => {
  it('maps the feed’s own categories to our tags', () => {
    expect(categoriesFromFeed(['US Politics', 'Science & Technology', 'Premier League Football']).sort()).toEqual([
      'politics',
      'sports',
      'technology',
    ]);
    expect(categoriesFromFeed(['Arts', 'Weather', 'Obituaries'])).toEqual([]);
  });

  it('tags by keywords only when several distinct keywords agree', () => {
    expect(
      categoriesFromKeywords(
        'Hospital opens new flu clinic',
        'Doctors and nurses at the hospital say the flu vaccine is free for every patient this winter.',
      ),
    ).toEqual(['health']);
    // One repeated word is not enough.
    expect(categoriesFromKeywords('A match', 'The match was lit. The match went out. Another match.')).toEqual([]);
    // A topic we have no tag for gets none rather than a wrong one.
    expect(
      categorise({ feedCategories: ['Arts'], title: 'Gallery shows old maps', body: 'The gallery hung forty old maps of the coast.' }),
    ).toEqual([]);
  });
});

describe('ids, summaries and the built article', () => {
  it('derives the same id from every link to the same article', () => {
    const id = articleId('bbc', 'https://www.bbc.co.uk/news/articles/x1?utm_source=rss&at_medium=RSS#comments');
    expect(id).toMatch(/^bbc-[0-9a-f]{16}$/);
    expect(articleId('bbc', 'http://BBC.co.uk:80/news/articles/x1/')).toBe(id);
    expect(articleId('bbc', 'https://www.bbc.co.uk/news/articles/x2')).not.toBe(id);
    expect(normaliseUrl('https://example.org/a?b=2&a=1&utm_campaign=x')).toBe('https://example.org/a?a=1&b=2');
  });

  it('takes the summary from the feed, else the first sentences', () => {
    expect(summarise('<p>A clear <b>summary</b> from the feed.</p>', STORY)).toBe('A clear summary from the feed.');
    // Sentences are added until the summary is a reasonable length (here, two).
    expect(summarise(undefined, STORY)).toBe(`${STORY[0]} ${STORY[1]}`);
    expect(summarise('Read more', STORY)).toBe(`${STORY[0]} ${STORY[1]}`);
  });

  it('computes word count, reading time, difficulty, categories and a content hash', async () => {
    const draft = {
      source: 'reuters' as const,
      url: 'https://example.org/harbour',
      title: 'Harbour channel to be dredged',
      publishedAt: '2026-11-20T10:00:00.000Z',
      paragraphs: STORY,
      feedCategories: ['Business'],
    };
    const article = await buildArticle(draft);
    const wordsByHand = STORY.join(' ').split(/\s+/).length;
    expect(article.wordCount).toBe(wordsByHand);
    expect(article.readingTimeMinutes).toBe(Math.ceil(wordsByHand / 60));
    expect(['beginner', 'intermediate', 'advanced']).toContain(article.difficulty);
    expect(article.categories).toEqual(['business']);
    expect(article.summaryTranslations).toEqual({});
    expect((await buildArticle(draft)).contentHash).toBe(article.contentHash);
    expect((await buildArticle({ ...draft, paragraphs: [...STORY, 'One more sentence.'] })).contentHash).not.toBe(article.contentHash);
  });

  it('fills translations from a translation provider and keeps the article when it fails', async () => {
    const draft = {
      source: 'npr' as const,
      url: 'https://example.org/h',
      title: 'T',
      publishedAt: '2026-11-20T10:00:00.000Z',
      paragraphs: STORY,
      feedCategories: [],
    };
    const translated = await buildArticle(draft, {
      translation: { translate: async (texts, target) => texts.map((t) => `${target}:${t}`) },
    });
    expect(translated.summaryTranslations.zh).toBe(`zh:${translated.summary}`);
    for (const item of translated.vocabulary) expect(item.translations).toEqual({ zh: `zh:${item.word}`, es: `es:${item.word}` });

    const warnings: string[] = [];
    const failing = await buildArticle(draft, {
      translation: { translate: async () => Promise.reject(new Error('service down')) },
      onWarning: (m) => warnings.push(m),
    });
    expect(failing.vocabulary.every((v) => Object.keys(v.translations).length === 0)).toBe(true);
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toContain('service down');
  });
});
