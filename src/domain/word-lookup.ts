/**
 * Rules for looking a word up while reading: which tapped text is worth asking the dictionary
 * about (within the limits in common/dictionary.ts, which the server enforces too), and how the
 * entry shows the answer.
 */
import { wordProblem, type WordSense } from '../../common/dictionary';
import type { DictionaryResponse, DictionaryWithPhrase } from '../../common/dictionary-contract';
import type { TextLanguage } from '../../common/languages';

const DIGIT = /\p{N}/u;
const URL_LIKE = /^(?:[a-z][a-z0-9+.-]*:|www\.)|@|\.[a-z]{2,}\//i;
/** Edges that are punctuation, quotes or dashes, not part of the word ("Harbour," or ‘left’). */
const EDGE_PUNCTUATION = /^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu;

/** Longest phrase the dictionary holds, in words (server/dictionary/data-format.ts). */
const MAX_PHRASE_WORDS = 4;

/**
 * The word (or phrase) to look up for a piece of text the learner tapped or typed, or null when it is not
 * a word at all: numbers, addresses and punctuation are never sent to the dictionary.
 */
export function lookupWordFrom(text: string): string | null {
  const trimmed = text.normalize('NFC').trim().replace(EDGE_PUNCTUATION, '').replace(/\s+/g, ' ');
  // A phrase of two to four words (give up, in spite of) is looked up whole.
  if (trimmed === '' || trimmed.split(' ').length > MAX_PHRASE_WORDS) return null;
  if (DIGIT.test(trimmed) || URL_LIKE.test(trimmed)) return null;
  // A possessive is the word it belongs to: "council's" is looked up as "council".
  const word = trimmed.replace(/['’]s$/i, '');
  return wordProblem(word) === undefined ? word : null;
}

/** Level marks from the dictionary, in the order a learner reads them. */
export const LEVEL_TAG_ORDER = [
  'oxford3000',
  'collins5',
  'collins4',
  'collins3',
  'collins2',
  'collins1',
  'zk',
  'gk',
  'cet4',
  'cet6',
  'ky',
  'ielts',
  'toefl',
  'gre',
] as const;

const TAG_NAMES: Readonly<Record<TextLanguage, Readonly<Record<string, string>>>> = {
  en: {
    oxford3000: 'Oxford 3000',
    zk: 'Chinese middle-school exam',
    gk: 'Chinese university entrance exam',
    ky: 'Chinese postgraduate exam',
    cet4: 'CET-4',
    cet6: 'CET-6',
    ielts: 'IELTS',
    toefl: 'TOEFL',
    gre: 'GRE',
  },
  zh: {
    oxford3000: '牛津 3000 核心词',
    zk: '中考',
    gk: '高考',
    ky: '考研',
    cet4: '四级',
    cet6: '六级',
    ielts: '雅思',
    toefl: '托福',
    gre: 'GRE',
  },
  es: {
    oxford3000: 'Oxford 3000',
    zk: 'Examen chino de secundaria',
    gk: 'Acceso a la universidad (China)',
    ky: 'Examen chino de posgrado',
    cet4: 'CET-4',
    cet6: 'CET-6',
    ielts: 'IELTS',
    toefl: 'TOEFL',
    gre: 'GRE',
  },
};

/** Exams taken in China: they tell a Chinese learner a word's level, and nobody else much. */
const CHINESE_EXAMS: ReadonlySet<string> = new Set(['zk', 'gk', 'cet4', 'cet6', 'ky']);

/**
 * A learner-readable name per tag, in a fixed order; unknown tags are left out, and Chinese exams
 * are named only for Chinese learners.
 */
export function levelTagNames(tags: readonly string[], language: TextLanguage): string[] {
  const present = new Set(tags);
  const names: string[] = [];
  for (const tag of LEVEL_TAG_ORDER) {
    if (!present.has(tag) || (language !== 'zh' && CHINESE_EXAMS.has(tag))) continue;
    const collins = /^collins([1-5])$/.exec(tag);
    names.push(collins ? `Collins ${'★'.repeat(Number(collins[1]))}` : (TAG_NAMES[language][tag] ?? tag));
  }
  return names;
}

export interface WordEntry {
  /** What the learner tapped or typed. */
  readonly query: string;
  /** Its dictionary form. */
  readonly lemma: string;
  readonly senses: readonly WordSense[];
  /** The phrase the tapped word stands in (give up for gave), shown before the word. */
  readonly phrase?: WordEntry;
}

export function toWordEntry(raw: DictionaryResponse | DictionaryWithPhrase): WordEntry {
  const phrase = 'phrase' in raw && raw.phrase !== undefined ? { phrase: toWordEntry(raw.phrase) } : {};
  return {
    query: raw.query,
    lemma: raw.lemma,
    ...phrase,
    senses: raw.entries.map((entry) => ({
      partOfSpeech: entry.part_of_speech,
      ipa: entry.ipa,
      ...(entry.gloss !== undefined && entry.gloss.trim() !== '' ? { gloss: entry.gloss } : {}),
      ...(entry.gloss_other_sense === true && entry.gloss !== undefined && entry.gloss.trim() !== '' ? { glossOtherSense: true } : {}),
      definition: entry.definition,
      tags: [...entry.tags],
      frequencyRank: entry.frequency_rank,
      headword: entry.headword ?? raw.lemma,
    })),
  };
}

/** What the entry shows, in the order it shows it. */
export interface EntryLayout {
  /** The first pronunciation given, if any. */
  readonly ipa: string | undefined;
  readonly frequencyRank: number | null;
  /** True when the learner asked for a form of the lemma (went for go), which the entry then says. */
  readonly isForm: boolean;
  /** The lemma's own senses. */
  readonly senses: readonly WordSense[];
  /** Other dictionary words the asked form also is (better as a word of its own), with their senses. */
  readonly alsoHeadwords: ReadonlyArray<{ readonly headword: string; readonly senses: readonly WordSense[] }>;
}

export function entryLayout(entry: WordEntry): EntryLayout {
  const others = [...new Set(entry.senses.map((sense) => sense.headword).filter((headword) => headword !== entry.lemma))];
  return {
    ipa: entry.senses.find((sense) => sense.ipa !== '')?.ipa,
    frequencyRank: entry.senses.find((sense) => sense.frequencyRank !== null)?.frequencyRank ?? null,
    isForm: entry.query.toLowerCase() !== entry.lemma.toLowerCase(),
    senses: entry.senses.filter((sense) => sense.headword === entry.lemma),
    alsoHeadwords: others.map((headword) => ({ headword, senses: entry.senses.filter((sense) => sense.headword === headword) })),
  };
}
