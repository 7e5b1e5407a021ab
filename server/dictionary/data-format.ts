/**
 * The format of the committed dictionary data files, shared by the build script (which writes
 * them) and the loader (which reads them), so the two can never drift apart.
 *
 * Every file is UTF-8 text, one record a line, fields separated by tabs. No field may hold a tab
 * or a newline; the senses field is JSON, which escapes both.
 */

export const DATA_FILES = {
  entries: 'entries.tsv.gz',
  forms: 'forms.tsv.gz',
  spanish: 'spanish.tsv.gz',
  senses: 'senses.tsv.gz',
  vectors: 'vectors.tsv.gz',
} as const;

export type DataFileKey = keyof typeof DATA_FILES;

export const MANIFEST_FILE = 'manifest.json';

/** Parts of speech, in the names the app shows (see common/parts-of-speech.ts). */
export const PARTS_OF_SPEECH = [
  'noun',
  'verb',
  'adjective',
  'adverb',
  'pronoun',
  'preposition',
  'conjunction',
  'determiner',
  'interjection',
  'numeral',
  'auxiliary',
  'abbreviation',
  'prefix',
  'suffix',
  'article',
] as const;

export type PartOfSpeech = (typeof PARTS_OF_SPEECH)[number];

const POS_SET: ReadonlySet<string> = new Set(PARTS_OF_SPEECH);

export function isPartOfSpeech(value: string): value is PartOfSpeech {
  return POS_SET.has(value);
}

/** Headwords are lowercase single words: letters, with internal hyphens or apostrophes. */
export const HEADWORD = /^\p{Ll}+(?:['-]\p{Ll}+)*$/u;
/** Phrase headwords: two to four such words, one space between (give up, waiting list, in spite of). */
export const PHRASE = /^\p{Ll}+(?:['-]\p{Ll}+)*(?: \p{Ll}+(?:['-]\p{Ll}+)*){1,3}$/u;
/** Most words a phrase headword has. */
export const MAX_PHRASE_WORDS = 4;

export interface SenseRecord {
  readonly pos: PartOfSpeech;
  /** Chinese senses joined with '；', most common first; '' when ECDICT has none for this part of speech. */
  readonly zh: string;
  /** English definition; '' when neither WordNet nor ECDICT has one. */
  readonly en: string;
  /**
   * Languages whose glosses are all known to be other senses' than the English definition's
   * (docs/dictionary.md): 'z' Chinese, 'e' Spanish; '' or absent when they fit or nothing says.
   */
  readonly otherSense?: string;
}

export interface EntryRecord {
  readonly headword: string;
  readonly ipa: string;
  /** 0 when the word has no frequency rank. */
  readonly rank: number;
  readonly tags: readonly string[];
  /** Most common part of speech first. */
  readonly senses: readonly SenseRecord[];
}

export interface FormRecord {
  readonly form: string;
  readonly lemma: string;
}

export interface SpanishRecord {
  readonly headword: string;
  readonly pos: PartOfSpeech;
  readonly spanish: readonly string[];
}

/** One WordNet sense of a headword's part of speech, for choosing the sense a sentence means. */
export interface AlternativeSense {
  /** English definition; '' for the first sense (the entry's own). */
  readonly en: string;
  /** Chinese glosses of this sense joined by '；', '' when no source gives one. */
  readonly zh: string;
  /** Spanish lemmas of this sense joined by '|', '' when none. */
  readonly es: string;
  /** Words of its definition, examples and hypernyms (lowercase, space-separated): what a sentence meaning it tends to share. */
  readonly cues: string;
}

/** `headword ⇥ pos ⇥ JSON [[en, zh, es, cues], …]`, the entry's own sense first. */
export interface SensesRecord {
  readonly headword: string;
  readonly pos: PartOfSpeech;
  readonly senses: readonly AlternativeSense[];
}

export function formatSenses(record: SensesRecord): string {
  return [record.headword, record.pos, JSON.stringify(record.senses.map((s) => [s.en, s.zh, s.es, s.cues]))].join('\t');
}

export function parseSenses(line: string): SensesRecord {
  const [word = '', pos = '', list = ''] = fields(line, 3);
  let raw: unknown;
  try {
    raw = JSON.parse(list);
  } catch {
    throw new RowFormatError('senses field is not valid JSON');
  }
  if (!Array.isArray(raw) || raw.length < 2) throw new RowFormatError('a senses row lists at least two senses');
  const senses = raw.map((item: unknown): AlternativeSense => {
    if (!Array.isArray(item) || item.length !== 4 || item.some((part) => typeof part !== 'string')) {
      throw new RowFormatError('each sense must be [english, chinese, spanish, cues]');
    }
    const [en, zh, es, cues] = item as string[];
    return { en: en!, zh: zh!, es: es!, cues: cues! };
  });
  return { headword: headword(word, 'headword'), pos: partOfSpeech(pos), senses };
}

/** Dimensions of a word vector in vectors.tsv.gz. */
export const VECTOR_DIMENSIONS = 100;

/** `word ⇥ base64 of VECTOR_DIMENSIONS signed bytes`: a word's vector, scaled so its largest component is ±127. */
export interface VectorRecord {
  readonly word: string;
  readonly vector: Int8Array;
}

export function formatVector(record: VectorRecord): string {
  return [record.word, Buffer.from(record.vector.buffer, record.vector.byteOffset, record.vector.byteLength).toString('base64')].join('\t');
}

export function parseVector(line: string): VectorRecord {
  const [word = '', encoded = ''] = fields(line, 2);
  const bytes = Buffer.from(encoded, 'base64');
  if (bytes.length !== VECTOR_DIMENSIONS) throw new RowFormatError(`a vector has ${VECTOR_DIMENSIONS} bytes, this one ${bytes.length}`);
  return { word: headword(word, 'word'), vector: new Int8Array(bytes.buffer, bytes.byteOffset, bytes.length) };
}

/** A row that does not fit the format; the caller adds the file name and line number. */
export class RowFormatError extends Error {}

function clean(field: string): string {
  return field.replace(/[\t\r\n]+/g, ' ').trim();
}

export function formatEntry(entry: EntryRecord): string {
  const senses = JSON.stringify(entry.senses.map((s) => (s.otherSense ? [s.pos, s.zh, s.en, s.otherSense] : [s.pos, s.zh, s.en])));
  return [entry.headword, clean(entry.ipa), String(entry.rank), entry.tags.join(' '), senses].join('\t');
}

export function formatForm(form: FormRecord): string {
  return `${form.form}\t${form.lemma}`;
}

export function formatSpanish(record: SpanishRecord): string {
  return [record.headword, record.pos, record.spanish.map((s) => clean(s).replace(/\|/g, '/')).join('|')].join('\t');
}

function fields(line: string, count: number): string[] {
  const parts = line.split('\t');
  if (parts.length !== count) throw new RowFormatError(`expected ${count} tab-separated fields, found ${parts.length}`);
  return parts;
}

function headword(value: string, what: string, phraseAllowed = false): string {
  if (!HEADWORD.test(value) && !(phraseAllowed && PHRASE.test(value)))
    throw new RowFormatError(`${what} ${JSON.stringify(value)} is not a lowercase word`);
  return value;
}

function partOfSpeech(value: unknown): PartOfSpeech {
  if (typeof value !== 'string' || !isPartOfSpeech(value)) {
    throw new RowFormatError(`unknown part of speech ${JSON.stringify(value)}`);
  }
  return value;
}

export function parseEntry(line: string): EntryRecord {
  const [word = '', ipa = '', rankText = '', tagText = '', sensesText = ''] = fields(line, 5);
  const rank = Number(rankText);
  if (!/^\d+$/.test(rankText) || !Number.isSafeInteger(rank)) throw new RowFormatError(`bad frequency rank ${JSON.stringify(rankText)}`);
  let raw: unknown;
  try {
    raw = JSON.parse(sensesText);
  } catch {
    throw new RowFormatError('senses field is not valid JSON');
  }
  if (!Array.isArray(raw) || raw.length === 0) throw new RowFormatError('senses field must be a non-empty list');
  const senses = raw.map((item: unknown): SenseRecord => {
    if (
      !Array.isArray(item) ||
      (item.length !== 3 && item.length !== 4) ||
      typeof item[1] !== 'string' ||
      typeof item[2] !== 'string' ||
      (item.length === 4 && (typeof item[3] !== 'string' || !/^z?e?$/.test(item[3])))
    ) {
      throw new RowFormatError('each sense must be [partOfSpeech, chinese, english, otherSense?]');
    }
    const otherSense = typeof item[3] === 'string' && item[3] !== '' ? { otherSense: item[3] } : {};
    return { pos: partOfSpeech(item[0]), zh: item[1], en: item[2], ...otherSense };
  });
  return { headword: headword(word, 'headword', true), ipa, rank, tags: tagText ? tagText.split(' ') : [], senses };
}

export function parseForm(line: string): FormRecord {
  const [form = '', lemma = ''] = fields(line, 2);
  return { form: headword(form, 'form'), lemma: headword(lemma, 'lemma') };
}

export function parseSpanish(line: string): SpanishRecord {
  const [word = '', pos = '', list = ''] = fields(line, 3);
  const spanish = list.split('|').filter((s) => s.length > 0);
  if (spanish.length === 0) throw new RowFormatError('no Spanish equivalents');
  return { headword: headword(word, 'headword', true), pos: partOfSpeech(pos), spanish };
}

export interface ManifestFile {
  readonly name: string;
  readonly sha256: string;
  readonly bytes: number;
  readonly rows: number;
}

export interface Manifest {
  /** Combined hash of the data files: changes exactly when any of them changes. */
  readonly version: string;
  readonly formatVersion: number;
  readonly buildDate: string;
  readonly files: readonly ManifestFile[];
  readonly sources: Readonly<Record<string, string>>;
}

export const FORMAT_VERSION = 3;
