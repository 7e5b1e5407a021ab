/**
 * Phrases as vocabulary cards: the phrases an imported article uses (found as the body marks them,
 * phrase-finder.ts) that a learner most needs, phrasal verbs and idioms before compound nouns.
 */
import type { LookupResult } from '../dictionary/dictionary-types';
import type { VocabularyItem } from '../store/types';
import { splitSentences } from './readability';
import { phraseFinderFor, type PhraseSource } from './phrase-finder';

export interface PhraseDictionary extends PhraseSource {
  lookUp(word: string, language: 'en'): LookupResult | undefined;
}

/** Phrase cards an article gets at most, besides its words. */
export const PHRASE_CARDS = 2;

/** Parts of speech a phrase card is most useful for: a learner guesses a compound noun, rarely a phrasal verb. */
const POS_ORDER: Readonly<Record<string, number>> = { verb: 0, adverb: 1, adjective: 2, noun: 3 };

export function phraseVocabulary(paragraphs: readonly string[], dictionary: PhraseDictionary, size = PHRASE_CARDS): VocabularyItem[] {
  const finder = phraseFinderFor(dictionary);
  if (!finder || size <= 0) return [];
  const seen = new Map<string, { sentence: string; count: number; order: number; separated: boolean }>();
  let order = 0;
  for (const sentence of paragraphs.flatMap((p) => splitSentences(p))) {
    for (const found of finder.find(sentence)) {
      const current = seen.get(found.phrase);
      if (current) {
        current.count += 1;
        current.separated ||= found.separated;
      } else seen.set(found.phrase, { sentence, count: 1, order: order++, separated: found.separated });
    }
  }
  const cards: Array<VocabularyItem & { rank: [number, number, number] }> = [];
  for (const [phrase, use] of seen) {
    const entry = dictionary.lookUp(phrase, 'en')?.entries[0];
    if (!entry?.definition) continue;
    const rank: [number, number, number] = [use.separated ? -1 : (POS_ORDER[entry.partOfSpeech] ?? 4), -use.count, use.order];
    cards.push({
      word: phrase,
      partOfSpeech: entry.partOfSpeech,
      definition: entry.definition,
      example: use.sentence,
      translations: {},
      rank,
    });
  }
  return cards
    .sort((a, b) => a.rank[0] - b.rank[0] || a.rank[1] - b.rank[1] || a.rank[2] - b.rank[2])
    .slice(0, size)
    .map(({ rank: _rank, ...item }) => item);
}
