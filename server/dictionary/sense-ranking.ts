/**
 * Which sense of a word a sentence means: a simplified Lesk. Each sense carries cue words (its
 * definition's, examples' and hypernyms' content words, scripts/dictionary/entry-builder.ts); the
 * sense sharing most words (or their lemmas) with the sentence wins, the most frequent on a tie.
 * The article's category adds its own words, at a lower weight (a bank in a business story is the
 * one that lends money, a coach in a sports story the trainer).
 */
import { CATEGORY_IDS, type CategoryId } from '../../common/catalog';
import type { AlternativeSense } from './data-format';

// prettier-ignore
const STOPWORDS: ReadonlySet<string> = new Set(('the and for with that this from into onto are was were been being have has had not but its their his her they them who which what when where how than then such some any all each other one also very more most much many said says say will would could should can may might just over after before about there here our your you she him was').split(' '));

/**
 * Words the definitions of a category's senses tend to hold (WordNet's wording: "a financial
 * institution", "a contest in which … teams compete"), written for this project. They are hints,
 * weighed below a word of the sentence itself.
 */
// prettier-ignore
const CATEGORY_WORDS: Readonly<Record<CategoryId, string>> = {
  sports: 'sport sports game games team teams player players play played playing contest compete competition athlete athletic football soccer baseball basketball hockey tennis golf rugby ball score scored scoring goal league field race coach trainer championship win',
  business: 'money financial finance price prices cost costs pay paid payment market company companies business commerce commercial trade bank investment profit income stock shares economic capital buy sell goods services owed lending deposits wealth assets',
  politics: 'government political politics law laws legal legislature legislative parliament election vote voting party official power authority minister ministers council nation country court judicial public policy state statute sovereign',
  health: 'medical medicine health disease illness hospital doctor patient treatment body injury drug vaccine vaccination care blood injection',
  technology: 'computer electronic electrical electricity device machine software data digital system network signal equipment technology telephone',
  education: 'school schools student students teacher teaching teach learn learning education university class study pupils',
  immigration: 'country citizen citizens border migrant immigrant visa worker workers nation foreign government employment',
};

const CATEGORY_CUES: ReadonlyMap<string, ReadonlySet<string>> = new Map(
  CATEGORY_IDS.map((id) => [id, new Set(CATEGORY_WORDS[id].split(' '))]),
);

/** A category's words weigh this much each against one of the sentence's (1). */
const CATEGORY_WEIGHT = 0.35;
/**
 * Each sense's head start by its place in WordNet's order (most frequent first): 0.8 of a shared
 * word for the first, less for the next, so a rare sense needs more evidence than a common one.
 * (0.5 before the word vectors; 0.8 was better on the development set and the same on the held-out
 * one, 1.2 better on the first and worse on the second: docs/benchmarks.md.)
 */
const headStart = (index: number): number => 0.8 / (index + 1);

/** The words a category adds to the context, or none for an unknown category. */
export function categoryWords(category: string | undefined): ReadonlySet<string> {
  return (category && CATEGORY_CUES.get(category)) || new Set();
}

/** The content words of a sentence and their lemmas, without the looked-up word. */
export function contextWords(sentence: string, word: string, lemmaOf: (form: string) => string | undefined): Set<string> {
  const words = new Set<string>();
  for (const match of sentence.toLowerCase().matchAll(/[a-z]+/g)) {
    const token = match[0];
    if (token.length < 3 || STOPWORDS.has(token) || token === word) continue;
    const lemma = lemmaOf(token);
    // The word itself in another form (minutes for minute) says nothing about its sense.
    if (lemma === word) continue;
    words.add(token);
    if (lemma) words.add(lemma);
  }
  return words;
}

/**
 * The words right before the looked-up word where it stands in the sentence (and their lemmas): a
 * sense's compound modifiers (`=central` for the bank that lends) count only there.
 */
export function wordsBefore(sentence: string, word: string, lemmaOf: (form: string) => string | undefined): Set<string> {
  const tokens = [...sentence.toLowerCase().matchAll(/[a-z]+/g)].map((match) => match[0]);
  const found = new Set<string>();
  tokens.forEach((token, index) => {
    if (index === 0 || (token !== word && lemmaOf(token) !== word)) return;
    const before = tokens[index - 1]!;
    found.add(before);
    const lemma = lemmaOf(before);
    if (lemma) found.add(lemma);
  });
  return found;
}

/** The sentence's words and the article category's, each with its weight. */
export interface RankingContext {
  readonly words: ReadonlySet<string>;
  /** wordsBefore(): where a compound modifier counts. */
  readonly before?: ReadonlySet<string>;
  readonly categoryWords?: ReadonlySet<string>;
  /**
   * How much a shared word says (1 when not given): a rare word shared with a sense's definition
   * ("measles", "committee") says more than a common one ("new", "week"), as IDF weighs it.
   */
  readonly weightOf?: (word: string) => number;
  /** How near the sense is to the sentence in word-vector space (cosine), when vectors are known. */
  readonly similarity?: (sense: AlternativeSense) => number | undefined;
}

/**
 * An IDF-like weight from a word's frequency rank (1 = most common): log10(rank) / 3, between 0.5
 * and 1.5, so a word ranked 1,000 weighs as before, one ranked 30 half, one ranked 30,000 and rarer
 * one and a half. An unranked word counts as rare.
 */
export function weightOfRank(rank: number | undefined): number {
  if (!rank || rank <= 0) return WEIGHT_RANGE.max;
  return Math.min(WEIGHT_RANGE.max, Math.max(WEIGHT_RANGE.min, Math.log10(rank) / 3));
}
const WEIGHT_RANGE = { min: 0.5, max: 1.5 };

/**
 * A sense whose cosine with the sentence is 0.1 above the senses' mean gains a fifth of a shared
 * word (2 was the best of 2–10 on the development set; docs/benchmarks.md).
 */
const VECTOR_WEIGHT = 2;

/** A compound modifier right before the word ("central bank", "flu shot") weighs two sentence words. */
const COMPOUND_WEIGHT = 2;

/** How well a sense fits the context: shared sentence words, plus category words at their lower weight. */
export function senseScore(sense: AlternativeSense, context: RankingContext): number {
  const all = sense.cues.split(' ').filter((cue) => cue !== '');
  // `=central` counts only beside the word; `~` words (WordNet's neighbours of the sense) only in its vector.
  const cues = all.filter((cue) => !cue.startsWith('=') && !cue.startsWith('~'));
  const compound = context.before ? all.some((cue) => cue.startsWith('=') && context.before!.has(cue.slice(1))) : false;
  const weight = context.weightOf ?? (() => 1);
  const inSentence = cues.filter((cue) => context.words.has(cue)).reduce((sum, cue) => sum + weight(cue), 0);
  const inCategory = context.categoryWords ? cues.filter((cue) => !context.words.has(cue) && context.categoryWords!.has(cue)).length : 0;
  // Two category words say no more than one and a half: a long definition is not a better fit for being long.
  return (compound ? COMPOUND_WEIGHT : 0) + inSentence + CATEGORY_WEIGHT * Math.min(inCategory, 2) + (inCategory > 2 ? 0.1 : 0);
}

/** Each sense's score for the context: shared words, its head start by WordNet's order, its vector fit. */
export function senseScores(senses: readonly AlternativeSense[], context: ReadonlySet<string> | RankingContext): number[] {
  const ranking: RankingContext = context instanceof Set ? { words: context } : (context as RankingContext);
  const similarities = ranking.similarity ? senses.map((sense) => ranking.similarity!(sense)) : [];
  const known = similarities.filter((value): value is number => value !== undefined);
  const meanSimilarity = known.length > 0 ? known.reduce((a, b) => a + b, 0) / known.length : 0;
  return senses.map((sense, index) => {
    const similarity = similarities[index];
    const dense = similarity === undefined ? 0 : VECTOR_WEIGHT * (similarity - meanSimilarity);
    return senseScore(sense, ranking) + headStart(index) + dense;
  });
}

/**
 * How sharp the senses' probabilities are: softmax(score / GROUP_TEMPERATURE). Near 0 the best
 * score alone decides; higher, senses sharing a first gloss pool their weight (docs/benchmarks.md).
 */
const GROUP_TEMPERATURE = 0.3;

/**
 * Index of the sense the context means; 0 (the most frequent) unless another fits better. Given the
 * learner's language (`glossOf`: a sense's first gloss in it, '' for none), senses whose first glosses
 * are the same word, or one holding the other, are one choice: the gloss with the largest summed
 * probability wins, shown with its best-scored sense. When the ranking is unsure between senses a
 * learner's language does not tell apart, the gloss they share is the safer one.
 */
export function rankSenses(
  senses: readonly AlternativeSense[],
  context: ReadonlySet<string> | RankingContext,
  glossOf?: (sense: AlternativeSense) => string,
): number {
  const scores = senseScores(senses, context);
  let best = 0;
  scores.forEach((score, index) => {
    if (score > scores[best]!) best = index;
  });
  if (!glossOf) return best;
  const top = scores[best]!;
  const weights = scores.map((score) => Math.exp((score - top) / GROUP_TEMPERATURE));
  const glosses = senses.map((sense) => glossOf(sense));
  const same = (a: string, b: string): boolean => a !== '' && b !== '' && (a.includes(b) || b.includes(a));
  let chosen = best;
  let chosenWeight = -1;
  glosses.forEach((gloss, index) => {
    const pooled = glosses.reduce((sum, other, at) => sum + (at === index || same(gloss, other) ? weights[at]! : 0), 0);
    if (pooled > chosenWeight + 1e-9 || (Math.abs(pooled - chosenWeight) <= 1e-9 && scores[index]! > scores[chosen]!)) {
      chosen = index;
      chosenWeight = pooled;
    }
  });
  return chosen;
}

/** A sense's first gloss in a language, its notes aside: what a learner reads first. */
export function firstGloss(sense: AlternativeSense, language: 'zh' | 'es'): string {
  const first = (language === 'zh' ? sense.zh.split('；')[0] : sense.es.split('|').find(Boolean)) ?? '';
  return first.replace(/[(（][^)）]*[)）]/g, '').trim();
}
