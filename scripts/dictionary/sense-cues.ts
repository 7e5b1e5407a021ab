/**
 * The words a sense carries for choosing it by sentence (server/dictionary/sense-ranking.ts):
 * cue words, which the sentence must share, and related words (`~` in the cues), which only move
 * the sense's vector. The related words are WordNet's own neighbourhood of the sense: its synonyms,
 * its topic domains (football for striker's soccer sense), its hypernyms' and its kinds' names and
 * its kinds' definitions. They are the contexts a sense is met in, written by WordNet's
 * lexicographers: training text for the sense's vector, which the definition alone makes thin.
 */
import { WORDNET_POS, type Sense, type WordNet, type WordNetPos } from '../../server/dictionary/wordnet';

const MAX_CUES = 14;
/**
 * Related words per sense (vector only). Off (0) in the shipped data: 4, 8 and 24 lowered the
 * development set's figures (runs 34a–34e in docs/benchmarks.md). The switches are kept so those
 * builds can be remade: `SENSE_RELATED_WORDS=8 [SENSE_RELATED_MONOSEMOUS=1] npm run build:dictionary …`.
 */
const RELATED_DEFAULTS: RelatedOptions = {
  limit: Number(process.env.SENSE_RELATED_WORDS ?? 0),
  monosemousOnly: process.env.SENSE_RELATED_MONOSEMOUS === '1',
};

export interface RelatedOptions {
  /** Words kept per sense; 0 for none. */
  readonly limit: number;
  /** Only one-word names with a single sense in all of WordNet (their vectors are this sense's alone). */
  readonly monosemousOnly: boolean;
}
/** Kinds (hyponyms) whose names and definitions are read per sense. */
const MAX_KINDS = 12;

// prettier-ignore
const CUE_STOPWORDS: ReadonlySet<string> = new Set(('the and for with that this from into onto are was were been being have has had not but its their his her they them who which what when where how than then such some any all each other one ones used use also very more most much many something someone somebody thing things person people usually especially often esp etc kind part act make made become being').split(' '));

/** The content words of the texts, in order, without the headword, stopwords or repeats; at most `limit`. */
export function cueWords(texts: readonly string[], headword: string, limit = MAX_CUES, exclude: readonly string[] = []): string[] {
  const found: string[] = [];
  for (const text of texts) {
    for (const match of text.toLowerCase().matchAll(/[a-z]+/g)) {
      const word = match[0];
      if (word.length < 3 || CUE_STOPWORDS.has(word) || word === headword || found.includes(word) || exclude.includes(word)) continue;
      found.push(word);
      if (found.length >= limit) return found;
    }
  }
  return found;
}

/**
 * A sense's related words, nearest first: its synonyms, its topic domains' names, its hypernyms'
 * names, its kinds' names, then its kinds' definitions; without the cue words it already has.
 */
export function relatedWords(
  wordNet: Pick<WordNet, 'synset' | 'senseOffsets'>,
  pos: WordNetPos,
  sense: Sense,
  hypernyms: readonly number[],
  headword: string,
  cues: readonly string[],
  { limit, monosemousOnly }: RelatedOptions = RELATED_DEFAULTS,
): string[] {
  if (limit <= 0) return [];
  const topics = sense.topics.map((offset) => wordNet.synset('noun', offset)).filter((s): s is Sense => s !== undefined);
  const uppers = hypernyms.map((offset) => wordNet.synset(pos, offset)).filter((s): s is Sense => s !== undefined);
  const kinds = sense.hyponyms
    .slice(0, MAX_KINDS)
    .map((offset) => wordNet.synset(pos, offset))
    .filter((s): s is Sense => s !== undefined);
  const names = [...sense.words, ...topics.flatMap((t) => t.words), ...uppers.flatMap((u) => u.words), ...kinds.flatMap((k) => k.words)];
  if (monosemousOnly) {
    const senseCount = (word: string): number => WORDNET_POS.reduce((n, p) => n + wordNet.senseOffsets(word, p).length, 0);
    return cueWords(
      names.filter((name) => !name.includes(' ') && senseCount(name) === 1),
      headword,
      limit,
      cues,
    );
  }
  return cueWords([...names, ...kinds.map((kind) => kind.definition)], headword, limit, cues);
}
