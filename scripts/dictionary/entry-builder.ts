/**
 * Builds one headword's entry from its ECDICT row and WordNet: parts of speech ordered most
 * common first, Chinese senses per part of speech, one English definition each.
 */
import type { EntryRecord, PartOfSpeech, SenseRecord } from '../../server/dictionary/data-format';
import { simplifyDefinition } from '../../server/ingest/vocabulary';
import type { WordNet, WordNetPos } from '../../server/ingest/wordnet';
import type { ChineseWordNet } from './chinese-wordnet';
import type { EcdictRow } from './ecdict-source';
import { alignChinese, alignSpanish, type AlignedGlosses, type SenseEvidence } from './sense-alignment';
import { MAX_SPANISH, type SpanishChain } from './spanish-chain';
import {
  IMPLIED_POS,
  MAX_CHINESE_SENSES,
  chineseSenses,
  definitionPos,
  englishDefinitions,
  frequencyRank,
  parseExchange,
  tagsOf,
  toIpa,
} from './ecdict-fields';

const WORDNET_POS: ReadonlySet<string> = new Set(['noun', 'verb', 'adjective', 'adverb']);
const CLOSED_CLASS: ReadonlySet<string> = new Set([
  'pronoun',
  'preposition',
  'conjunction',
  'determiner',
  'article',
  'auxiliary',
  'numeral',
  'interjection',
]);
const MAX_DEFINITION = 220;

function isWordNetPos(pos: PartOfSpeech): pos is WordNetPos {
  return WORDNET_POS.has(pos);
}

function shorten(text: string): string {
  if (text.length <= MAX_DEFINITION) return text;
  const cut = text.slice(0, MAX_DEFINITION);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 40)).replace(/[\s,;:]+$/, '')}…`;
}

/** ECDICT glosses read per part of speech before the shown sense's are chosen among them. */
const CHINESE_CANDIDATES = 12;

/** The synset chain (WordNet 3.1 → 3.0) and the wordnets that give each synset's lemmas. */
export interface SenseSources {
  readonly chain: SpanishChain;
  readonly chinese: ChineseWordNet;
}

export class EntryBuilder {
  constructor(
    private readonly wordNet: WordNet,
    private readonly sources?: SenseSources,
  ) {}

  /** COW's Chinese for each sense of a word, with its hypernyms' and its lexicographer file. */
  private chineseEvidence(headword: string, pos: WordNetPos): SenseEvidence[] {
    if (!this.sources) return [];
    const { chain, chinese } = this.sources;
    return this.wordNet.senseSynsets(headword, pos).map((synset) => ({
      lemmas: chinese.lemmasOf(chain.wn30Of(pos, [synset.offset])[0]),
      hypernymLemmas: chain.wn30Of(pos, synset.hypernyms).flatMap((wn30) => chinese.lemmasOf(wn30)),
      lexFile: synset.lexFile,
    }));
  }

  /** Spanish for the sense the entry shows (its synset's lemmas first) and whether they are its own. */
  spanish(headword: string, pos: WordNetPos): AlignedGlosses {
    if (!this.sources) return { glosses: [], fit: 'unknown' };
    const { chain } = this.sources;
    const [shown, ...others] = this.wordNet.senseSynsets(headword, pos).map((synset) => ({
      lemmas: chain.spanishOfWn30(chain.wn30Of(pos, [synset.offset])[0]),
      hypernymLemmas: [],
      lexFile: synset.lexFile,
    }));
    if (!shown) return { glosses: [], fit: 'unknown' };
    return alignSpanish(shown, others, MAX_SPANISH);
  }

  private chinese(headword: string, pos: PartOfSpeech, glosses: readonly string[]): AlignedGlosses {
    if (!this.sources || !isWordNetPos(pos)) return { glosses: glosses.slice(0, MAX_CHINESE_SENSES), fit: 'unknown' };
    const [shown, ...others] = this.chineseEvidence(headword, pos);
    if (!shown) return { glosses: glosses.slice(0, MAX_CHINESE_SENSES), fit: 'unknown' };
    return alignChinese(glosses, shown, others, MAX_CHINESE_SENSES);
  }

  /**
   * `inflectionOnly`: the word is an inflection of another headword and has no inflections of
   * its own, so senses in the part of speech its inflection implies ("children" pl. 孩子)
   * only restate the lemma's and are dropped. Undefined when nothing is left.
   */
  build(headword: string, row: EcdictRow, inflectionOnly: boolean, everyWordNetPos = false): EntryRecord | undefined {
    const chinese = chineseSenses(row.translation, this.sources ? CHINESE_CANDIDATES : MAX_CHINESE_SENSES);
    const tagged = new Map<PartOfSpeech, number>();
    for (const entry of this.wordNet.lookup(headword)) tagged.set(entry.pos, entry.taggedSenseCount);

    const zh = new Map(chinese.byPos);
    if (zh.size === 0 && chinese.untyped.length > 0) {
      const byCount = [...tagged.entries()].sort((a, b) => b[1] - a[1]).map(([pos]) => pos);
      zh.set(definitionPos(row.definition)[0] ?? byCount[0] ?? 'noun', chinese.untyped);
    }
    let order: PartOfSpeech[] = [...zh.keys()];
    // WordNet parts of speech seen in its tagged corpus are real uses even when ECDICT's Chinese skips them.
    for (const [pos, count] of tagged) if ((count > 0 || everyWordNetPos) && !order.includes(pos)) order.push(pos);

    if (inflectionOnly) {
      const { lemmaCodes } = parseExchange(row.exchange, headword);
      const implied = new Set(lemmaCodes.flatMap((code) => IMPLIED_POS[code] ?? []));
      order = order.filter((pos) => !implied.has(pos));
    }

    const ecdictEnglish = englishDefinitions(row.definition);
    const senses: SenseRecord[] = [];
    for (const pos of this.rank(order, tagged)) {
      const wordNetDefinition = isWordNetPos(pos) ? this.definition(headword, pos) : undefined;
      // Only a WordNet sense has a synset whose Chinese can be told from the other senses'.
      const aligned: AlignedGlosses = wordNetDefinition
        ? this.chinese(headword, pos, zh.get(pos) ?? [])
        : { glosses: (zh.get(pos) ?? []).slice(0, MAX_CHINESE_SENSES), fit: 'unknown' };
      const zhText = aligned.glosses.join('；');
      // A part of speech only WordNet gives, whose senses are all names ("US"), is not this word's.
      if (!zhText && !wordNetDefinition) continue;
      const en = shorten(wordNetDefinition ?? ecdictEnglish.get(pos) ?? '');
      senses.push({ pos, zh: zhText, en, ...(aligned.fit === 'other' ? { otherSense: 'z' } : {}) });
    }
    if (senses.length === 0) return undefined;
    return { headword, ipa: toIpa(row.phonetic), rank: frequencyRank(row), tags: tagsOf(row), senses };
  }

  /**
   * Function-word uses first (for "can", "will", "I" they dwarf the noun), then open classes in
   * ECDICT's order, except that those WordNet's tagged corpus saw are reordered among themselves by
   * how often ("run": verb before noun). Untagged ones keep their place: British spellings
   * ("colour") have no tagged counts at all, so a zero says nothing.
   */
  private rank(order: readonly PartOfSpeech[], tagged: ReadonlyMap<PartOfSpeech, number>): PartOfSpeech[] {
    const group = (pos: PartOfSpeech): number => (CLOSED_CLASS.has(pos) ? 0 : WORDNET_POS.has(pos) ? 1 : 2);
    const count = (pos: PartOfSpeech): number => tagged.get(pos) ?? 0;
    const grouped = order
      .map((pos, index) => ({ pos, index }))
      .sort((a, b) => group(a.pos) - group(b.pos) || a.index - b.index)
      .map(({ pos }) => pos);
    const counted = grouped.filter((pos) => group(pos) === 1 && count(pos) > 0).sort((a, b) => count(b) - count(a));
    let next = 0;
    return grouped.map((pos) => (group(pos) === 1 && count(pos) > 0 ? counted[next++]! : pos));
  }

  private definition(headword: string, pos: WordNetPos): string | undefined {
    const sense = this.wordNet.senses(headword, pos, 1)[0];
    const text = sense ? simplifyDefinition(sense.definition) : '';
    return text || undefined;
  }
}
