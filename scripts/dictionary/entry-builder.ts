/**
 * Builds one headword's entry from its ECDICT row and WordNet: parts of speech ordered most
 * common first, Chinese senses per part of speech, one English definition each.
 */
import type { AlternativeSense, EntryRecord, PartOfSpeech, SenseRecord, SensesRecord } from '../../server/dictionary/data-format';
import { simplifyDefinition } from '../../server/ingest/vocabulary';
import type { WordNet, WordNetPos } from '../../server/dictionary/wordnet';
import type { ChineseWordNet } from './chinese-wordnet';
import type { EcdictRow } from './ecdict-source';
import { alignChinese, alignSpanish, type AlignedGlosses, type SenseEvidence, cognatesFirst, kindsFirst } from './sense-alignment';
import { cueWords, relatedWords } from './sense-cues';
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
  /** ECDICT's Chinese glosses of a word (every part of speech): an agent noun's base (strike for striker). */
  readonly ecdictChinese?: (word: string) => readonly string[];
}

/** The base an agent noun is made from: striker → strike, runner → run, trainer → train. */
function agentBases(headword: string): string[] {
  const match = /^(.{3,}?)(?:er|or|r)$/.exec(headword);
  if (!match) return [];
  const stem = headword.replace(/(?:er|or)$/, '');
  return [...new Set([headword.slice(0, -1), stem, stem.replace(/(.)\1$/, '$1')])].filter((base) => base.length >= 3);
}

/** Words with this rank or better get their other senses (senses.tsv.gz), for choosing by sentence. */
const SENSES_RANK = 20_000;
/** Senses kept per part of speech, the entry's own included; only senses WordNet's tagged corpus saw. */
const MAX_SENSES = 6;
/** Compound modifiers kept per sense (collocates()). */
const MAX_COLLOCATES = 12;

export class EntryBuilder {
  /** Other senses of frequent words, per headword and part of speech, filled by build(). */
  readonly alternatives = new Map<string, SensesRecord>();

  constructor(
    private readonly wordNet: WordNet,
    private readonly sources?: SenseSources,
  ) {}

  /** WordNet's two-word compound nouns by their last word: central for bank (central_bank). */
  private compounds: Map<string, string[]> | undefined;

  /**
   * The words that, standing right before the headword, make a compound noun of this sense: a
   * compound whose synset is the sense or has it among its hypernyms (up to three levels up), as
   * central_bank is a kind of the bank that lends, flu_shot of the shot that is an injection.
   * The ranking counts them only beside the word (`=central` in the cues).
   */
  private collocates(headword: string, pos: WordNetPos, offset: number): string[] {
    if (pos !== 'noun') return [];
    if (!this.compounds) {
      this.compounds = new Map();
      for (const lemma of this.wordNet.lemmas('noun')) {
        const parts = lemma.split('_');
        if (parts.length !== 2 || !parts.every((part) => /^[a-z]+$/.test(part))) continue;
        const list = this.compounds.get(parts[1]!) ?? [];
        list.push(parts[0]!);
        this.compounds.set(parts[1]!, list);
      }
    }
    const found: string[] = [];
    for (const modifier of this.compounds.get(headword) ?? []) {
      if (found.length >= MAX_COLLOCATES) break;
      let level = this.wordNet.senseOffsets(`${modifier}_${headword}`, 'noun');
      for (let depth = 0; depth <= 3 && level.length > 0; depth += 1) {
        if (level.includes(offset)) {
          if (!found.includes(modifier)) found.push(modifier);
          break;
        }
        level = level.flatMap((o) => this.wordNet.synset('noun', o)?.hypernyms ?? []);
      }
    }
    return found;
  }

  /** COW's Chinese for each sense of a word, with its hypernyms' and its lexicographer file. */
  private chineseEvidence(headword: string, pos: WordNetPos): SenseEvidence[] {
    if (!this.sources) return [];
    const { chain, chinese, ecdictChinese } = this.sources;
    const bases = pos === 'noun' ? agentBases(headword) : [];
    return this.wordNet.senseSynsets(headword, pos).map((synset) => {
      const definition = ` ${(this.wordNet.synset(pos, synset.offset)?.definition ?? '').toLowerCase()} `;
      return {
        definitionChinese: ecdictChinese ? cueWords([definition], headword).flatMap((word) => ecdictChinese(word)) : [],
        lemmas: chinese.lemmasOf(chain.wn30Of(pos, [synset.offset])[0]),
        hypernymLemmas: chain.wn30Of(pos, synset.hypernyms).flatMap((wn30) => chinese.lemmasOf(wn30)),
        hyponymLemmas: chain.wn30Of(pos, this.wordNet.synset(pos, synset.offset)?.hyponyms ?? []).flatMap((wn30) => chinese.lemmasOf(wn30)),
        lexFile: synset.lexFile,
        ...(bases.length > 0
          ? { namesBase: bases.some((base) => new RegExp(`[^a-z]${base}(?:s|es|ed|ing)?[^a-z]`).test(definition)) }
          : {}),
      };
    });
  }

  /** A synset's Spanish lemmas as shown: the English word's cognates first, then those its hyponyms' Spanish
   * names build on (entrenador in entrenador de fútbol), then MCR's order (sense-alignment.ts). */
  private spanishOf(headword: string, pos: WordNetPos, offset: number): string[] {
    const { chain } = this.sources!;
    const lemmas = chain.spanishOfWn30(chain.wn30Of(pos, [offset])[0]);
    const kinds = chain.wn30Of(pos, this.wordNet.synset(pos, offset)?.hyponyms ?? []).flatMap((wn30) => chain.spanishOfWn30(wn30));
    return cognatesFirst(kindsFirst(lemmas, kinds), headword);
  }

  /** Spanish for the sense the entry shows (its synset's lemmas first) and whether they are its own. */
  spanish(headword: string, pos: WordNetPos): AlignedGlosses {
    if (!this.sources) return { glosses: [], fit: 'unknown' };
    const [shown, ...others] = this.wordNet.senseSynsets(headword, pos).map((synset) => ({
      lemmas: this.spanishOf(headword, pos, synset.offset),
      hypernymLemmas: [],
      lexFile: synset.lexFile,
    }));
    if (!shown) return { glosses: [], fit: 'unknown' };
    return alignSpanish(shown, others, MAX_SPANISH);
  }

  /**
   * A frequent word's senses in one part of speech (the shown one first), each with its own Chinese
   * and Spanish and the words a sentence meaning it tends to share; undefined for one sense only.
   */
  private senseList(headword: string, pos: WordNetPos, glosses: readonly string[]): SensesRecord | undefined {
    if (!this.sources) return undefined;
    const synsets = this.wordNet.senseSynsets(headword, pos);
    // WordNet's order is by frequency in its tagged corpus, but news senses it rarely saw (the
    // cabinet of ministers, a flu shot) are senses a reader meets: every sense up to the limit.
    const count = Math.min(MAX_SENSES, synsets.length);
    if (count < 2) return undefined;
    const evidence = this.chineseEvidence(headword, pos);
    const senses: AlternativeSense[] = [];
    for (let i = 0; i < count; i += 1) {
      const synset = synsets[i]!;
      const sense = this.wordNet.synset(pos, synset.offset);
      if (!sense) return undefined;
      const hypernyms = synset.hypernyms.map((offset) => this.wordNet.synset(pos, offset)?.definition ?? '');
      const cues = cueWords([sense.definition, ...sense.examples, ...hypernyms], headword);
      const aligned = alignChinese(
        glosses,
        evidence[i]!,
        evidence.filter((_, j) => j !== i),
        MAX_CHINESE_SENSES,
        this.baseGlosses(headword, pos),
        i > 0,
      );
      senses.push({
        en: i === 0 ? '' : shorten(simplifyDefinition(sense.definition)),
        zh: aligned.fit === 'sense' ? aligned.glosses.join('；') : '',
        es: this.spanishOf(headword, pos, synset.offset).slice(0, 4).join('|'),
        cues: [
          ...cues,
          ...this.collocates(headword, pos, synset.offset).map((m) => `=${m}`),
          ...relatedWords(this.wordNet, pos, sense, synset.hypernyms, headword, cues).map((w) => `~${w}`),
        ].join(' '),
      });
    }
    return { headword, pos, senses };
  }

  private chinese(headword: string, pos: PartOfSpeech, glosses: readonly string[]): AlignedGlosses {
    if (!this.sources || !isWordNetPos(pos)) return { glosses: glosses.slice(0, MAX_CHINESE_SENSES), fit: 'unknown' };
    const [shown, ...others] = this.chineseEvidence(headword, pos);
    if (!shown) return { glosses: glosses.slice(0, MAX_CHINESE_SENSES), fit: 'unknown' };
    return alignChinese(glosses, shown, others, MAX_CHINESE_SENSES, this.baseGlosses(headword, pos));
  }

  /** ECDICT's Chinese of an agent noun's base words (strike's 打击, 罢工 for striker). */
  private baseGlosses(headword: string, pos: WordNetPos): string[] {
    const chinese = this.sources?.ecdictChinese;
    if (!chinese || pos !== 'noun') return [];
    return agentBases(headword).flatMap((base) => chinese(base));
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
      const rank = frequencyRank(row);
      if (wordNetDefinition && isWordNetPos(pos) && rank > 0 && rank <= SENSES_RANK && !headword.includes(' ')) {
        const list = this.senseList(headword, pos, zh.get(pos) ?? []);
        if (list) this.alternatives.set(`${headword}\t${pos}`, list);
      }
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
