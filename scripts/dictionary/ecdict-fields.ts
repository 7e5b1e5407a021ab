/**
 * Turns ECDICT's loosely formatted fields (translation lines, phonetics, tags, exchange) into
 * the clean values the data files hold.
 */
import type { PartOfSpeech } from '../../server/dictionary/data-format';
import type { EcdictRow } from './ecdict-source';

/** ECDICT's part-of-speech prefixes ("vt.", "a.", "pl." ...) and WordNet's letters in its definitions. */
// Formatting off: one line per part of speech, with all its prefixes (Prettier would put one a line).
// prettier-ignore
const POS_PREFIX: Readonly<Record<string, PartOfSpeech>> = {
  n: 'noun', pl: 'noun',
  v: 'verb', vt: 'verb', vi: 'verb', vbl: 'verb',
  a: 'adjective', adj: 'adjective', s: 'adjective',
  ad: 'adverb', adv: 'adverb', r: 'adverb',
  prep: 'preposition', conj: 'conjunction', pron: 'pronoun',
  int: 'interjection', interj: 'interjection', num: 'numeral',
  art: 'article', aux: 'auxiliary', det: 'determiner', abbr: 'abbreviation',
  pref: 'prefix', suf: 'suffix', suff: 'suffix',
};

export const MAX_CHINESE_SENSES = 4;

/** A line such as "leave的过去式和过去分词" restates the inflection, which the forms file already holds. */
const INFLECTION_NOTE = /的(?:过去式|过去分词|现在分词|复数|第三人称|比较级|最高级|变形|ing形式)/;

export interface ChineseSenses {
  /** Per part of speech, in the order ECDICT lists them (which is roughly most common first). */
  readonly byPos: ReadonlyMap<PartOfSpeech, readonly string[]>;
  /** Senses on lines without a part of speech ("[网络] ..." or plain), used only when byPos is empty. */
  readonly untyped: readonly string[];
}

function lines(field: string): string[] {
  return field
    .split(/\\n|\n/)
    .map((l) => l.trim())
    .filter((l) => l.length > 0);
}

/** Splits "港, 避难所；(使)入港" on commas and semicolons that are not inside brackets. */
function splitSenses(text: string): string[] {
  const senses: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of text) {
    if ('([（【〔'.includes(ch)) depth += 1;
    if (')]）】〕'.includes(ch)) depth = Math.max(0, depth - 1);
    if (depth === 0 && ',，;；'.includes(ch)) {
      senses.push(current);
      current = '';
    } else {
      current += ch;
    }
  }
  senses.push(current);
  return senses.map((s) => s.trim()).filter((s) => s.length > 0);
}

/** Domain-tagged senses ("[医] 材料") are specialist; keep them only when nothing plainer is left. */
function pickSenses(text: string): string[] {
  const plain: string[] = [];
  const tagged: string[] = [];
  for (const sense of splitSenses(text)) {
    const tag = /^\s*[[【〔][^\]】〕]{1,8}[\]】〕]\s*/.exec(sense);
    if (tag) {
      const rest = sense.slice(tag[0].length).trim();
      if (rest) tagged.push(rest);
    } else {
      plain.push(sense);
    }
  }
  return plain.length > 0 ? plain : tagged;
}

function addUnique(list: string[], senses: readonly string[], limit: number): void {
  for (const sense of senses) {
    if (list.length >= limit) return;
    if (!list.includes(sense)) list.push(sense);
  }
}

/** `limit`: senses kept per part of speech (the build keeps more, to choose the shown sense's among them). */
export function chineseSenses(translation: string, limit = MAX_CHINESE_SENSES): ChineseSenses {
  const byPos = new Map<PartOfSpeech, string[]>();
  const untyped: string[] = [];
  for (const line of lines(translation)) {
    if (INFLECTION_NOTE.test(line) && !/^[a-z]+\.\s/.test(line)) continue;
    const prefixed = /^([a-z]+)\.\s*(.*)$/.exec(line);
    const pos = prefixed ? POS_PREFIX[prefixed[1]!] : undefined;
    if (prefixed && pos) {
      const list = byPos.get(pos) ?? [];
      addUnique(list, pickSenses(prefixed[2]!), limit);
      if (list.length > 0) byPos.set(pos, list);
    } else {
      addUnique(untyped, pickSenses(line.replace(/^[a-z]+\.\s*/, '')), limit);
    }
  }
  return { byPos, untyped };
}

/** English definitions ECDICT gives, per part of speech (first one of each), for parts WordNet lacks. */
export function englishDefinitions(definition: string): Map<PartOfSpeech, string> {
  const found = new Map<PartOfSpeech, string>();
  for (const line of lines(definition)) {
    const match = /^([a-z]+)\.?\s+(.+)$/.exec(line);
    const pos = match ? POS_PREFIX[match[1]!] : undefined;
    // Webster-derived lines open with cross-references such as "& a." before the definition itself.
    const text = (match?.[2] ?? '')
      .replace(/^(?:&\s*[a-z]+\.\s*)+/, '')
      .replace(/\s+/g, ' ')
      .trim();
    if (pos && text && !found.has(pos)) found.set(pos, text);
  }
  return found;
}

/** The parts of speech ECDICT's English definition names, in order (a hint for untyped Chinese senses). */
export function definitionPos(definition: string): PartOfSpeech[] {
  return [...englishDefinitions(definition).keys()];
}

/** ECDICT writes a Kirshenbaum-like notation (' for stress, : for length, Cyrillic ә); show real IPA. */
export function toIpa(phonetic: string): string {
  return phonetic
    .replace(/[әӘ]/g, 'ə')
    .replace(/'/g, 'ˈ')
    .replace(/,/g, 'ˌ')
    .replace(/:/g, 'ː')
    .replace(/[\t\r\n]/g, ' ')
    .trim();
}

const EXAM_TAGS = ['cet4', 'cet6', 'ielts', 'toefl', 'gre', 'zk', 'gk', 'ky'] as const;

export function tagsOf(row: EcdictRow): string[] {
  const tags: string[] = [];
  if (row.oxford) tags.push('oxford3000');
  if (row.collins >= 1 && row.collins <= 5) tags.push(`collins${row.collins}`);
  const own = new Set(row.tag.split(/\s+/));
  for (const tag of EXAM_TAGS) if (own.has(tag)) tags.push(tag);
  return tags;
}

export function frequencyRank(row: EcdictRow): number {
  return row.frq > 0 ? row.frq : row.bnc;
}

/** Exchange codes of inflections: past, past participle, -ing, 3rd person, plural, comparative, superlative. */
const INFLECTION_CODES = new Set(['p', 'd', 'i', '3', 's', 'r', 't']);

/**
 * What part of speech an inflection code implies, so a form's restated senses can be told from its
 * own. Comparatives and superlatives are left out: "较好的" for "better" says more than "good"'s "好的".
 */
export const IMPLIED_POS: Readonly<Record<string, readonly PartOfSpeech[]>> = {
  p: ['verb'],
  d: ['verb'],
  i: ['verb'],
  '3': ['verb'],
  s: ['noun'],
};

export interface Exchange {
  /** This word's own inflections (forms of it). */
  readonly inflections: readonly string[];
  /** The lemma this word is an inflection of ('0:'), and which inflections ('1:' codes). */
  readonly lemma?: string;
  readonly lemmaCodes: readonly string[];
}

export function parseExchange(exchange: string, word: string): Exchange {
  const inflections: string[] = [];
  let lemma: string | undefined;
  let lemmaCodes: string[] = [];
  for (const part of exchange.split('/')) {
    const colon = part.indexOf(':');
    if (colon < 0) continue;
    const code = part.slice(0, colon);
    const value = part
      .slice(colon + 1)
      .trim()
      .toLowerCase();
    if (code === '0') lemma = value;
    else if (code === '1') lemmaCodes = [...value];
    else if (INFLECTION_CODES.has(code) && value && value !== word && !inflections.includes(value)) inflections.push(value);
  }
  return lemma && lemma !== word ? { inflections, lemma, lemmaCodes } : { inflections, lemmaCodes: [] };
}
