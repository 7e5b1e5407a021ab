/**
 * Chooses, for the WordNet sense an entry shows, which of ECDICT's Chinese glosses (given per part
 * of speech, not per sense) belong to that sense, using the Chinese Open Wordnet's lemmas of the
 * sense's synset and of the word's other synsets. Pure: the build passes the lemmas in.
 */

/** How sure the first gloss shown is the shown sense's. */
export type GlossFit =
  /** A source says so: COW's lemmas of the sense (or MCR's, for Spanish) match. */
  | 'sense'
  /** No source says either way; ECDICT's own order stands (its first gloss is its most common). */
  | 'unknown'
  /** Every gloss known belongs to another sense: the entry says there is none for this one. */
  | 'other';

export interface AlignedGlosses {
  readonly glosses: readonly string[];
  readonly fit: GlossFit;
}

const HAN = /\p{Script=Han}/u;
/** The same word, or one holding the other (matchScore). */
const STRONG_MATCH = 0.8;

/** "(使)入港" → "入港", "把...送交" → "把送交": brackets and ellipses are notes, not the word. */
export function glossCore(gloss: string): string {
  return gloss
    .replace(/[(（[【〔][^)）\]】〕]*[)）\]】〕]/g, '')
    .replace(/[.…。·\s]/g, '')
    .replace(/的$/, '');
}

/**
 * How well a Chinese gloss matches a synset's Chinese lemmas: 1 for the same word, 0.8 when one
 * holds the other (教练 in 足球教练), else the share of the shorter one's Han characters the other
 * holds when at least half, else 0.
 */
export function matchScore(gloss: string, lemmas: readonly string[]): number {
  const core = glossCore(gloss);
  if (!HAN.test(core)) return 0;
  let best = 0;
  for (const lemma of lemmas) {
    const other = glossCore(lemma);
    if (!other) continue;
    if (core === other) return 1;
    const shorter = core.length <= other.length ? core : other;
    const longer = shorter === core ? other : core;
    if (shorter.length >= 2 && longer.includes(shorter)) {
      best = Math.max(best, 0.8);
      continue;
    }
    const chars = [...shorter].filter((ch) => HAN.test(ch));
    if (chars.length < 2) continue;
    const shared = chars.filter((ch) => longer.includes(ch)).length / chars.length;
    if (shared >= 0.5) best = Math.max(best, 0.5 * shared);
  }
  return best;
}

/**
 * 1 when a kind's lemma holds the gloss (拨款法案 holds 法案) or is it, else 0: a kind's name
 * that merely shares characters with the gloss says nothing.
 */
export function heldBy(gloss: string, lemmas: readonly string[]): number {
  const core = glossCore(gloss);
  if (core.length < 2 || !HAN.test(core)) return 0;
  return lemmas.some((lemma) => glossCore(lemma).includes(core)) ? 1 : 0;
}

/** COW lemmas most like a dictionary gloss first: two or three characters, then shorter, then as listed. */
function preferredLemmas(lemmas: readonly string[]): string[] {
  const weight = (lemma: string): number => (lemma.length >= 2 && lemma.length <= 3 ? 0 : 1);
  return lemmas
    .map((lemma, index) => ({ lemma, index }))
    .sort((a, b) => weight(a.lemma) - weight(b.lemma) || a.lemma.length - b.lemma.length || a.index - b.index)
    .map(({ lemma }) => lemma);
}

/** What the wordnets say about one sense of the word, in the learner's language. */
export interface SenseEvidence {
  /** The synset's own lemmas (COW for Chinese). */
  readonly lemmas: readonly string[];
  /** Lemmas of its hypernyms: weaker, a kind-of (前锋 for a striker who plays forward). */
  readonly hypernymLemmas: readonly string[];
  /**
   * Lemmas of its hyponyms (the kinds of it: 拨款法案 for the bill that is a draft law): a gloss
   * that one of them holds names the sense they are kinds of.
   */
  readonly hyponymLemmas?: readonly string[];
  /** WordNet's lexicographer file (noun.person, noun.artifact …): senses in the same one are near. */
  readonly lexFile: number;
  /** For an agent noun (striker): whether its definition names the base word (strike). */
  readonly namesBase?: boolean;
  /**
   * ECDICT's Chinese of the content words of its English definition ("an inquiry into public
   * opinion …": 调查, 意见 …): a gloss sharing words or characters with them says the same thing.
   */
  readonly definitionChinese?: readonly string[];
}

/**
 * How much better a gloss matches this sense's definition (through its words' Chinese) than any
 * other sense's: 0 unless it matches this one's strictly best. A gloss every sense's definition
 * matches as well tells the senses apart no better than ECDICT's order does.
 */
export function definitionMatch(gloss: string, shown: SenseEvidence, others: readonly SenseEvidence[]): number {
  const own = matchScore(gloss, shown.definitionChinese ?? []);
  // Shared characters alone mislead (球棒 the bat and 棒球 baseball): the same word, or one holding the other.
  if (own < STRONG_MATCH) return 0;
  const best = Math.max(0, ...others.map((other) => matchScore(gloss, other.definitionChinese ?? [])));
  return own > best ? own : 0;
}

/**
 * An agent noun's gloss made of its base word's Chinese and 者 (打击者, 罢工者 for striker from
 * strike's 打击, 罢工): it says "one who strikes", the sense whose definition names the base ("an
 * employee on strike"), not one that does not ("a forward on a soccer team").
 */
export function isAgentDerivation(gloss: string, baseGlosses: readonly string[]): boolean {
  const core = glossCore(gloss);
  return core.length >= 3 && core.endsWith('者') && baseGlosses.some((base) => glossCore(base) === core.slice(0, -1));
}

/**
 * Whether two senses are far enough apart that one's gloss would mislead as the other's: a person
 * and anything else (antique the elderly man, 古董 the object; striker the player, 罢工者), or a
 * living thing or its produce and a made thing or place. Other pairs shade into each other
 * (potato the plant and the food are 马铃薯 both; become: 变成; radio the medium and the set), so
 * ECDICT's order stands for them. Numbers are WordNet's noun lexicographer files.
 */
const PERSON = 18;
const LIVING: ReadonlySet<number> = new Set([5, 13, 20]); // animal, food, plant
const MADE_OR_PLACE: ReadonlySet<number> = new Set([6, 15, 17]); // artifact, location, object
const NOUN_FILES = { first: 3, last: 28 };

export function distinctSenses(a: number, b: number): boolean {
  const noun = (file: number): boolean => file >= NOUN_FILES.first && file <= NOUN_FILES.last;
  if (!noun(a) || !noun(b) || a === b) return false;
  if ((a === PERSON) !== (b === PERSON)) return true;
  return (LIVING.has(a) && MADE_OR_PLACE.has(b)) || (LIVING.has(b) && MADE_OR_PLACE.has(a));
}

/**
 * The glosses of one part of speech reordered for the shown sense, first rule that applies:
 * 1. ECDICT's glosses that match the sense's own COW lemmas, best match first;
 * 2. those that match its hypernyms' lemmas;
 * 2b. those that one of its hyponyms' lemmas holds or is (heldBy: 拨款法案, the appropriation bill, names
 *    法案 for the bill that is a draft law; shared characters alone do not count);
 * 3. one of its own COW lemmas, added in front (ECDICT has none for this sense);
 * 3b. for a sense other than the word's most frequent (`byDefinition`): the glosses its definition's
 *    words' Chinese name, more strongly than any other sense's definition does (definitionMatch).
 *    Not for the most frequent sense: ECDICT's first gloss is its most common, and is that sense's
 *    more often than a definition word's (fair: 公平的 before 按规则进行的);
 * 4. those that match a sense of the same lexicographer file (coach the trainer of a team and coach
 *    the tutor are both noun.person: 教练 fits either);
 * 5. ECDICT's order, minus the glosses that match only other, distinct senses, and an agent
 *    noun's literal glosses (base + 者) when only other senses' definitions name the base (`fit: 'unknown'`);
 * 6. when every gloss is another sense's: a hypernym's lemma alone if there is one, else `fit: 'other'`.
 */
export function alignChinese(
  ecdict: readonly string[],
  shown: SenseEvidence,
  others: readonly SenseEvidence[],
  limit: number,
  baseGlosses: readonly string[] = [],
  byDefinition = false,
): AlignedGlosses {
  const firstBy = (score: (gloss: string) => number): AlignedGlosses | undefined => {
    const scored = ecdict.map((gloss, index) => ({ gloss, index, score: score(gloss) }));
    const fitting = scored.filter((s) => s.score > 0).sort((a, b) => b.score - a.score || a.index - b.index);
    if (fitting.length === 0) return undefined;
    const rest = scored.filter((s) => s.score === 0).map((s) => s.gloss);
    return { glosses: [...fitting.map((s) => s.gloss), ...rest].slice(0, limit), fit: 'sense' };
  };
  const own =
    firstBy((gloss) => matchScore(gloss, shown.lemmas)) ??
    firstBy((gloss) => matchScore(gloss, shown.hypernymLemmas)) ??
    firstBy((gloss) => heldBy(gloss, shown.hyponymLemmas ?? []));
  if (own) return own;
  const added = (lemmas: readonly string[]): AlignedGlosses => {
    const lemma = preferredLemmas(lemmas)[0]!;
    return { glosses: [lemma, ...ecdict.filter((g) => g !== lemma)].slice(0, limit), fit: 'sense' };
  };
  if (shown.lemmas.length > 0) return added(shown.lemmas);
  // No COW lemma: the gloss that says what the English definition says (fan "an enthusiastic
  // devotee of sports": devotee's 爱好者 before 狂热者), when it says it of this sense only.
  const defined = byDefinition ? firstBy((gloss) => definitionMatch(gloss, shown, others)) : undefined;
  if (defined) return defined;
  const near = others.filter((other) => other.lexFile === shown.lexFile);
  const kin = firstBy((gloss) => Math.max(0, ...near.map((other) => matchScore(gloss, other.lemmas))));
  if (kin) return kin;
  // Only a strong match (the same word, or one holding the other) places a gloss in another sense.
  // An agent noun's literal gloss (罢工者) belongs to the senses whose definition names its base.
  const derivedElsewhere = shown.namesBase === false && others.some((other) => other.namesBase === true);
  const elsewhere = (gloss: string): boolean =>
    (derivedElsewhere && isAgentDerivation(gloss, baseGlosses)) ||
    others.some((other) => distinctSenses(shown.lexFile, other.lexFile) && matchScore(gloss, other.lemmas) >= STRONG_MATCH);
  // Glosses no source places come before those known to be another sense's: they may be this one's.
  const unplaced = ecdict.filter((g) => !elsewhere(g));
  const placed = ecdict.filter((g) => elsewhere(g));
  if (unplaced.length > 0) return { glosses: [...unplaced, ...placed].slice(0, limit), fit: 'unknown' };
  if (placed.length === 0) return { glosses: [], fit: 'unknown' };
  // Every gloss is another sense's: a hypernym's lemma alone (运动员 for striker the forward), not beside them.
  if (shown.hypernymLemmas.length > 0) return { glosses: [preferredLemmas(shown.hypernymLemmas)[0]!], fit: 'sense' };
  return { glosses: placed.slice(0, limit), fit: 'other' };
}

/**
 * Spanish for the shown sense: the lemmas of its own synset first, then the word's other senses'.
 * When its synset has none and the first sense that has some is a distinct one (distinctSenses),
 * the glosses are another sense's (`fit: 'other'`).
 */
export function alignSpanish(shown: SenseEvidence, others: readonly SenseEvidence[], limit: number): AlignedGlosses {
  const glosses: string[] = [];
  for (const lemma of [...shown.lemmas, ...others.flatMap((other) => other.lemmas)]) {
    if (glosses.length >= limit) break;
    if (!glosses.includes(lemma)) glosses.push(lemma);
  }
  if (glosses.length === 0) return { glosses, fit: 'unknown' };
  if (shown.lemmas.length > 0) return { glosses, fit: 'sense' };
  const firstWithSpanish = others.find((other) => other.lemmas.length > 0)!;
  return { glosses, fit: distinctSenses(shown.lexFile, firstWithSpanish.lexFile) ? 'other' : 'unknown' };
}

/**
 * A synset's Spanish lemmas with those its kinds (hyponyms) are named with first: entrenador, which
 * entrenador de fútbol holds, before director and gerente, which the synset shares with manager.
 * MCR does not rank a synset's members; a member the names of the sense's kinds build on is the one
 * that names this sense. Otherwise the order stays.
 */
export function kindsFirst(lemmas: readonly string[], kindLemmas: readonly string[]): string[] {
  const named = lemmas.filter((lemma) => kindLemmas.some((kind) => kind === lemma || kind.startsWith(`${lemma} `)));
  return [...named, ...lemmas.filter((lemma) => !named.includes(lemma))];
}

/**
 * A synset's Spanish lemmas with the English word's cognates first (train → tren, star → estrella,
 * post → puesto, court → cortejar). MCR does not rank a synset's members, and they translate the
 * whole synset (coach, manager, handler → director, gerente, entrenador): a cognate is the one
 * that translates this very word. Otherwise the order stays.
 */
export function cognatesFirst(lemmas: readonly string[], english: string): string[] {
  const cognate = lemmas.filter((lemma) => isCognate(lemma, english));
  return [...cognate, ...lemmas.filter((lemma) => !cognate.includes(lemma))];
}

/** Bigram overlap (Dice) of the two words, accents and Spanish's "es" before s + consonant aside. */
export function isCognate(spanish: string, english: string): boolean {
  if (spanish.includes(' ')) return false;
  const plain = spanish
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/^es(?=[bcdfgjklmnpqrtvz])/, 's');
  const a = bigrams(plain);
  const b = bigrams(english.toLowerCase());
  if (a.length === 0 || b.length === 0) return false;
  const remaining = [...b];
  let shared = 0;
  for (const gram of a) {
    const at = remaining.indexOf(gram);
    if (at >= 0) {
      shared += 1;
      remaining.splice(at, 1);
    }
  }
  if ((2 * shared) / (a.length + b.length) >= COGNATE_DICE && plain.slice(0, 2) === english.toLowerCase().slice(0, 2)) return true;
  // Short words share few bigrams but keep their consonants: tren/train, puesto/post, cortejar/court.
  const [x, y] = [skeleton(plain), skeleton(english.toLowerCase())];
  const length = Math.min(3, x.length, y.length);
  return length >= 2 && x.slice(0, length) === y.slice(0, length);
}

const COGNATE_DICE = 0.4;

/** The consonants in order, doubles collapsed, c for k (trn for train and tren). */
function skeleton(word: string): string {
  return word
    .replace(/k/g, 'c')
    .replace(/[aeiouy]/g, '')
    .replace(/(.)\1+/g, '$1');
}

function bigrams(word: string): string[] {
  const grams: string[] = [];
  for (let i = 0; i + 1 < word.length; i += 1) grams.push(word.slice(i, i + 2));
  return grams;
}
