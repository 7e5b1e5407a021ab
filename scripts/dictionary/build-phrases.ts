/** The dictionary's multi-word entries: which of WordNet's collocations and ECDICT's phrases a news reader meets (build-dictionary.ts). */
import { PHRASE, type EntryRecord } from '../../server/dictionary/data-format';
import { WordNet, WORDNET_POS } from '../../server/dictionary/wordnet';
import { type EcdictRow } from './ecdict-source';
import { EntryBuilder } from './entry-builder';

/** Parts of a phrase that are this rare or rarer (or unranked) keep it out: a news reader seldom meets it. */
export const PHRASE_PART_RANK = 20_000;
export const PARTICLES_LIST =
  'about across after along apart around aside away back by down for forward in into off on out over round through to together under up with'.split(
    ' ',
  );
export const PARTICLES: ReadonlySet<string> = new Set(PARTICLES_LIST);
/** A collocation whose every word is this common is one a news reader meets, seen in the tagged corpus or not. */
export const COMMON_PART_RANK = 6000;
/** Words that make a collocation grammar rather than a name for a thing ("the city", "two hundred"). */
export const FUNCTION_WORDS: ReadonlySet<string> = new Set([
  ...PARTICLES_LIST,
  ...'a an the and or but of at from as than this that these those some any no not all each every one two three four five six seven eight nine ten hundred thousand million'.split(
    ' ',
  ),
]);
/** A phrase WordNet's tagged corpus saw (or made of common words, COMMON_PART_RANK): common enough to be marked in article text (phrase-finder.ts). */
export const SEEN_IN_CORPUS_TAG = 'semcor';
/**
 * Multi-word entries a news reader meets: WordNet's collocations (look_after, waiting_list) whose
 * words are all headwords of rank ≤ PHRASE_PART_RANK and that are either seen in WordNet's tagged
 * corpus or phrasal verbs (a verb and a particle), and ECDICT's phrases that carry an Oxford or
 * Collins mark; each needs Chinese (ECDICT's, else the Chinese Open Wordnet's for its first sense).
 */
export function buildPhrases(
  ecdictRows: readonly EcdictRow[],
  entries: ReadonlyMap<string, EntryRecord>,
  wordNet: WordNet,
  builder: EntryBuilder,
): EntryRecord[] {
  const ecdictPhrases = new Map<string, EcdictRow>();
  for (const row of ecdictRows) {
    const key = row.word.normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim();
    if (!PHRASE.test(key) || row.translation.trim() === '') continue;
    const current = ecdictPhrases.get(key);
    if (!current || (row.word === key && current.word !== key)) ecdictPhrases.set(key, row);
  }
  const common = (word: string): boolean => {
    const entry = entries.get(word);
    return entry !== undefined && (PARTICLES.has(word) || (entry.rank > 0 && entry.rank <= PHRASE_PART_RANK));
  };
  const candidates = new Set<string>();
  const taggedInCorpus = new Set<string>();
  for (const pos of WORDNET_POS) {
    for (const lemma of wordNet.lemmas(pos)) {
      if (!lemma.includes('_')) continue;
      const phrase = lemma.replace(/_/g, ' ');
      const words = phrase.split(' ');
      if (!PHRASE.test(phrase) || !words.every(common)) continue;
      // Names (abraham_lincoln, new_york) are not phrases to learn.
      if (wordNet.senseSynsets(phrase, pos).length === 0) continue;
      const phrasalVerb = pos === 'verb' && PARTICLES.has(words.at(-1)!);
      // Seen in WordNet's tagged corpus, or made of very common words (health care, minimum wage).
      const seen =
        wordNet.lookup(phrase).some((entry) => entry.taggedSenseCount > 0) ||
        words.every(
          (word) => !FUNCTION_WORDS.has(word) && (entries.get(word)?.rank ?? 0) > 0 && entries.get(word)!.rank <= COMMON_PART_RANK,
        );
      if (phrasalVerb || seen) candidates.add(phrase);
      if (seen) taggedInCorpus.add(phrase);
    }
  }
  for (const [phrase, row] of ecdictPhrases) {
    if ((row.oxford || row.collins > 0) && phrase.split(' ').every((word) => entries.has(word))) candidates.add(phrase);
  }
  const phrases: EntryRecord[] = [];
  for (const phrase of [...candidates].sort(compare)) {
    const row = ecdictPhrases.get(phrase) ?? emptyRow(phrase);
    const entry = builder.build(phrase, row, false, true);
    if (!entry || !entry.senses.some((sense) => sense.zh !== '')) continue;
    const tags = taggedInCorpus.has(phrase) ? [...entry.tags, SEEN_IN_CORPUS_TAG] : entry.tags;
    phrases.push({ ...entry, rank: 0, tags });
  }
  return phrases;
}

export function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function emptyRow(word: string): EcdictRow {
  return { word, phonetic: '', definition: '', translation: '', collins: 0, oxford: false, tag: '', bnc: 0, frq: 0, exchange: '' };
}
