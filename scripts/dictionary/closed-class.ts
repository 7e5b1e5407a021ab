/**
 * The hand-written Spanish glossary of English function words (WordNet has no prepositions,
 * pronouns or modals), merged over the wordnet chain's rows.
 */
import { readFileSync } from 'node:fs';
import {
  isPartOfSpeech,
  type EntryRecord,
  type PartOfSpeech,
  type SenseRecord,
  type SpanishRecord,
} from '../../server/dictionary/data-format';

/**
 * Where ECDICT files a function word under a neighbouring part of speech ("this" as a., "can" as
 * v.), the glossary row joins that sense rather than adding a second, Chinese-less one.
 */
const NEIGHBOURS: Readonly<Partial<Record<PartOfSpeech, readonly PartOfSpeech[]>>> = {
  determiner: ['adjective', 'pronoun', 'article'],
  article: ['determiner', 'adjective'],
  numeral: ['adjective', 'noun', 'pronoun'],
  auxiliary: ['verb'],
  pronoun: ['determiner', 'adjective'],
};

const CLOSED: ReadonlySet<PartOfSpeech> = new Set([
  'pronoun',
  'preposition',
  'conjunction',
  'determiner',
  'article',
  'auxiliary',
  'numeral',
  'interjection',
]);

export function readClosedClass(file: string): SpanishRecord[] {
  const records: SpanishRecord[] = [];
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((raw, index) => {
      const line = raw.trim();
      if (!line || line.startsWith('#')) return;
      const [headword = '', pos = '', list = ''] = line.split('\t');
      const spanish = list
        .split('|')
        .map((s) => s.trim())
        .filter(Boolean);
      if (!isPartOfSpeech(pos) || spanish.length === 0) throw new Error(`${file}:${index + 1}: bad glossary line "${line}"`);
      records.push({ headword, pos, spanish });
    });
  return records;
}

/** Returns all Spanish rows, sorted; adds entries or senses for glossary words ECDICT lacks. */
export function mergeClosedClass(
  chain: readonly SpanishRecord[],
  glossary: readonly SpanishRecord[],
  entries: Map<string, EntryRecord>,
): SpanishRecord[] {
  const rows = new Map<string, SpanishRecord>();
  const key = (headword: string, pos: string): string => `${headword}\t${pos}`;
  for (const row of chain) rows.set(key(row.headword, row.pos), row);
  const glossaryKeys = new Set(glossary.map((g) => key(g.headword, g.pos)));

  for (const row of glossary) {
    const entry = entries.get(row.headword) ?? { headword: row.headword, ipa: '', rank: 0, tags: [], senses: [] };
    const present = new Set(entry.senses.map((s) => s.pos));
    let pos: PartOfSpeech = row.pos;
    if (!present.has(pos)) {
      const neighbour = (NEIGHBOURS[pos] ?? []).find((p) => present.has(p) && !glossaryKeys.has(key(row.headword, p)));
      if (neighbour) pos = neighbour;
      else entries.set(row.headword, { ...entry, senses: insertSense(entry.senses, { pos, zh: '', en: '' }) });
    }
    rows.set(key(row.headword, pos), { ...row, pos });
  }
  const order = (headword: string, pos: string): number => entries.get(headword)?.senses.findIndex((s) => s.pos === pos) ?? -1;
  return [...rows.values()]
    .filter((r) => entries.has(r.headword))
    .sort((a, b) => (a.headword < b.headword ? -1 : a.headword > b.headword ? 1 : order(a.headword, a.pos) - order(b.headword, b.pos)));
}

/** Function-word senses go after the other function-word senses and before open-class ones. */
function insertSense(senses: readonly SenseRecord[], sense: SenseRecord): SenseRecord[] {
  const at = senses.findIndex((s) => !CLOSED.has(s.pos));
  const list = [...senses];
  list.splice(at < 0 ? list.length : at, 0, sense);
  return list;
}
