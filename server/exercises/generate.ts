/**
 * Makes an article's practice set from its own sentences and the bundled dictionary: gap fills,
 * listening gap fills, word order and meaning match (docs/exercises.md). Pure and deterministic:
 * the same paragraphs, vocabulary, seed and language always give the same set, so the set can be
 * made on the first request and cached like the article.
 */
import {
  GAP,
  type Exercise,
  type ExerciseLanguage,
  type GapFill,
  type Listening,
  type Match,
  type WordOrder,
} from '../../common/exercise-contract';
import { isContentPos, type ContentPos, type ExerciseLexicon, type LexiconEntry } from './lexicon';
import { seededRandom, sentencesOf, shuffled, wordsOf, type WordToken } from './text';

/** How a written form stands to its lemma: what a distractor is put into. */
export type FormKind = 'base' | 'plural' | 'third' | 'past' | 'ing' | 'comparative' | 'superlative';

/** The kind of form `form` is of `lemma` in that part of speech; undefined when it cannot be told (worse of bad). */
export function formKind(form: string, lemma: string, pos: ContentPos): FormKind | undefined {
  if (form === lemma) return 'base';
  if (pos === 'noun') return 'plural';
  if (pos === 'verb') {
    if (form.endsWith('ing')) return 'ing';
    if (form.endsWith('s') && !form.endsWith('ss')) return 'third';
    return 'past';
  }
  if (form.endsWith('est')) return 'superlative';
  if (form.endsWith('er')) return 'comparative';
  return undefined;
}

/** Words that make the next one a noun ("the plans", "their plan"). */
const DETERMINER_WORDS = [
  'the',
  'a',
  'an',
  'this',
  'that',
  'these',
  'those',
  'its',
  'their',
  'his',
  'her',
  'our',
  'my',
  'your',
  'some',
  'many',
  'more',
  'most',
  'no',
  'every',
  'each',
  'several',
  'few',
];
const DETERMINERS = new Set(DETERMINER_WORDS);
/** Words after which a word is a verb ("will host", "could borrow"). */
const MODALS = new Set([
  'will',
  'would',
  'can',
  'could',
  'should',
  'may',
  'might',
  'must',
  'cannot',
  "don't",
  "didn't",
  "doesn't",
  "won't",
]);
/** Words that open an object, so "to ___ the…" has a verb in the gap. */
const OBJECT_OPENERS = new Set([...DETERMINER_WORDS, 'him', 'them', 'us', 'me', 'it']);
/** Words after which an -s form is a verb ("it costs", "she plans"). */
const SUBJECT_PRONOUNS = new Set(['he', 'she', 'it', 'who', 'which', 'that']);

/** A word of a sentence that can be asked for: its lemma, the part of speech it has there, and its form. */
export interface AnswerWord {
  readonly token: WordToken;
  readonly entry: LexiconEntry;
  readonly pos: ContentPos;
  readonly kind: FormKind;
}

function onlyContent(entry: LexiconEntry): boolean {
  return entry.pos.every(isContentPos);
}

/** The part of speech WordNet's tagged corpus sees at least four times as often as any other of `among`, if any. */
function dominant(lexicon: ExerciseLexicon, lemma: string, among: readonly ContentPos[]): ContentPos | undefined {
  if (among.length === 1) return among[0];
  const counted = among.map((pos) => ({ pos, uses: lexicon.commonUse(lemma, pos) })).sort((a, b) => b.uses - a.uses);
  const [top, second] = counted;
  return top && second && top.uses >= 3 && top.uses >= 4 * second.uses ? top.pos : undefined;
}

/**
 * Whether the words before make the next one a noun: a determiner, a number, an adjective that is
 * nothing else, or a determiner and an adjective ("the final ___").
 */
function nounComesNext(previous: WordToken | undefined, lexicon: ExerciseLexicon, beforePrevious?: WordToken): boolean {
  if (!previous) return false;
  if (DETERMINERS.has(previous.lower) || /^\p{N}/u.test(previous.text)) return true;
  const entry = lexicon.entry(previous.lower);
  if (entry === undefined || entry.pos[0] !== 'adjective') return false;
  return entry.pos.length === 1 || (beforePrevious !== undefined && DETERMINERS.has(beforePrevious.lower));
}

/**
 * The word as an answer, or undefined when it must not be one: a name, a number, a function word,
 * a word the dictionary does not know or has no rank for, or one whose part of speech the sentence
 * leaves open (a noun that is also a verb, with nothing before it or in WordNet's counts to tell which).
 */
export function answerWord(tokens: readonly WordToken[], index: number, lexicon: ExerciseLexicon): AnswerWord | undefined {
  const token = tokens[index]!;
  if (token.name || token.first || !/^[a-z]{3,}$/.test(token.text)) return undefined;
  const lemmas = lexicon.lemmasOf(token.lower);
  if (lemmas.length !== 1) return undefined;
  const entry = lexicon.entry(lemmas[0]!);
  if (!entry || entry.rank === 0 || !onlyContent(entry)) return undefined;
  const previous = tokens[index - 1];
  const content = entry.pos.filter(isContentPos);
  const nounNext = nounComesNext(previous, lexicon, tokens[index - 2]) && !content.includes('adjective');
  const next = tokens[index + 1]?.lower ?? '';
  const verbNext =
    content.includes('verb') && (MODALS.has(previous?.lower ?? '') || (previous?.lower === 'to' && OBJECT_OPENERS.has(next)));
  if (entry.lemma === token.lower) {
    const pos = verbNext ? 'verb' : content.includes('noun') && nounNext ? 'noun' : dominant(lexicon, entry.lemma, content);
    return pos ? { token, entry, pos, kind: 'base' } : undefined;
  }
  // A form that is also a headword of its own: only a participle the dictionary lists as an adjective ("approved").
  const own = lexicon.entry(token.lower);
  if (own && own.pos.some((pos) => pos !== 'adjective')) return undefined;
  let pos: ContentPos | undefined;
  if (/(?:ing|ed)$/.test(token.lower)) {
    // After a determiner a participle is an adjective ("a graduated programme"): left out.
    pos = content.includes('verb') && !nounComesNext(previous, lexicon) ? 'verb' : undefined;
  } else if (own) {
    pos = undefined;
  } else if (token.lower.endsWith('s') && !token.lower.endsWith('ss')) {
    const nounOrVerb = content.filter((p) => p === 'noun' || p === 'verb');
    if (content.includes('noun') && nounNext) pos = 'noun';
    else if (content.includes('verb') && SUBJECT_PRONOUNS.has(previous?.lower ?? '')) pos = 'verb';
    else pos = dominant(lexicon, entry.lemma, nounOrVerb);
  } else if (/(?:er|est)$/.test(token.lower) && content.includes('adjective')) {
    pos = 'adjective';
  } else {
    pos = dominant(lexicon, entry.lemma, content);
  }
  const kind = pos ? formKind(token.lower, entry.lemma, pos) : undefined;
  return pos && kind ? { token, entry, pos, kind } : undefined;
}

/** The lemma's form of that kind, when it has exactly one (took/taken would be two pasts: never chosen). */
export function inflect(lexicon: ExerciseLexicon, lemma: string, pos: ContentPos, kind: FormKind): string | undefined {
  if (kind === 'base') return lemma;
  const found = lexicon.formsOf(lemma).filter((form) => formKind(form, lemma, pos) === kind && lexicon.lemmasOf(form)[0] === lemma);
  return found.length === 1 ? found[0] : undefined;
}

function sharesSynset(lexicon: ExerciseLexicon, a: string, b: string, pos: ContentPos): boolean {
  const offsets = new Set(lexicon.synsets(a, pos));
  return lexicon.synsets(b, pos).some((offset) => offsets.has(offset));
}

/** WordNet noun fields (lexicographer files) of mostly uncountable nouns: attribute, feeling, phenomenon, process, state, substance. */
const UNCOUNTED_FIELDS = new Set([7, 12, 19, 22, 26, 27]);

/** Index of the first entry of rank ≥ rank. */
function rankIndex(list: readonly LexiconEntry[], rank: number): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (list[middle]!.rank < rank) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * Three wrong options for an answer: headwords whose most common part of speech is the answer's,
 * put into the answer's form, of similar frequency (nearest rank first), that are not the answer in
 * another form, not a word of the sentence, not a WordNet synonym of the answer or of each other,
 * and, for nouns and verbs, from another WordNet field than the answer (a place for a place fits too
 * often). Undefined when three cannot be found.
 */
export function distractorsFor(
  answer: AnswerWord,
  sentenceTokens: readonly WordToken[],
  lexicon: ExerciseLexicon,
  random: () => number,
): string[] | undefined {
  const { entry, pos, kind } = answer;
  const inSentence = new Set<string>();
  for (const token of sentenceTokens) {
    inSentence.add(token.lower);
    for (const lemma of lexicon.lemmasOf(token.lower)) inSentence.add(lemma);
  }
  const list = lexicon.byRank(pos);
  const centre = rankIndex(list, entry.rank);
  const answerField = pos === 'noun' || pos === 'verb' ? lexicon.field(entry.lemma, pos) : undefined;
  const found: { form: string; lemma: string }[] = [];
  // Walk outwards from the answer's rank, nearest first, up to a factor of three either way.
  for (let step = 0; found.length < 10 && step < 1200; step += 1) {
    const index = step % 2 === 0 ? centre + step / 2 : centre - (step + 1) / 2;
    const candidate = list[index];
    if (!candidate) continue;
    if (candidate.rank > entry.rank * 3 + 50 || candidate.rank * 3 + 50 < entry.rank) continue;
    const lemma = candidate.lemma;
    if (lemma === entry.lemma || !/^[a-z]{3,}$/.test(lemma) || !onlyContent(candidate) || inSentence.has(lemma)) continue;
    // A headword that is also a form of another word ("destroyed") would read as that word.
    if (lexicon.lemmasOf(lemma)[0] !== lemma) continue;
    const form = inflect(lexicon, lemma, pos, kind);
    if (!form || inSentence.has(form) || lexicon.lemmasOf(form).includes(entry.lemma)) continue;
    // A form that is a headword of another part of speech would read as another word ("building").
    if (form !== lemma && lexicon.entry(form)?.pos.some((p) => p !== 'adjective')) continue;
    if (lexicon.commonUse(lemma, pos) === 0 || sharesSynset(lexicon, entry.lemma, lemma, pos)) continue;
    const field = pos === 'noun' || pos === 'verb' ? lexicon.field(lemma, pos) : undefined;
    if (answerField !== undefined && field === answerField) continue;
    // Qualities, feelings, states and substances are rarely counted: no "equipments", "natures" as plurals.
    if (kind === 'plural' && field !== undefined && UNCOUNTED_FIELDS.has(field)) continue;
    if (found.some((other) => other.form === form || sharesSynset(lexicon, other.lemma, lemma, pos))) continue;
    found.push({ form, lemma });
  }
  if (found.length < 3) return undefined;
  return shuffled(found, random)
    .slice(0, 3)
    .map((item) => item.form);
}

function blanked(sentence: string, token: WordToken): string {
  return `${sentence.slice(0, token.start)}${GAP}${sentence.slice(token.end)}`;
}

export function gapFill(sentence: string, answer: AnswerWord, lexicon: ExerciseLexicon, random: () => number): GapFill | undefined {
  const tokens = wordsOf(sentence);
  const distractors = distractorsFor(answer, tokens, lexicon, random);
  if (!distractors) return undefined;
  return {
    kind: 'gap_fill',
    text: blanked(sentence, answer.token),
    answer: answer.token.text,
    options: shuffled([answer.token.text, ...distractors], random),
    lemma: answer.entry.lemma,
    part_of_speech: answer.pos,
    sentence,
  };
}

export function listening(sentence: string, answer: AnswerWord, lexicon: ExerciseLexicon): Listening {
  const lemma = answer.entry.lemma;
  const forms = [lemma, ...lexicon.formsOf(lemma)].filter((form) => form !== answer.token.lower && lexicon.lemmasOf(form).includes(lemma));
  return { kind: 'listening', text: blanked(sentence, answer.token), answer: answer.token.text, lemma, forms, sentence };
}

/** Tiles of a sentence of 6–12 words without quotations or figures, shuffled so that they never start in the sentence's order. */
export function wordOrder(sentence: string, random: () => number): WordOrder | undefined {
  // Quotations and figures make the order ambiguous or a puzzle of punctuation.
  if (/[\p{N}"“”«»]/u.test(sentence)) return undefined;
  const tiles = sentence.split(/\s+/).filter((tile) => tile !== '');
  if (tiles.length < 6 || tiles.length > 12) return undefined;
  if (new Set(tiles).size === 1) return undefined;
  let order = shuffled(tiles, random);
  for (let tries = 0; order.join(' ') === tiles.join(' ') && tries < 20; tries += 1) order = shuffled(tiles, random);
  if (order.join(' ') === tiles.join(' ')) order = [...tiles.slice(1), tiles[0]!];
  return { kind: 'word_order', tiles: order, sentence };
}

/** A short gloss of the lemma in the learner's language, or undefined when the dictionary has none. */
export function glossOf(lexicon: ExerciseLexicon, entry: LexiconEntry, pos: ContentPos, language: ExerciseLanguage): string | undefined {
  if (language === 'zh') {
    const senses = (entry.zh[pos] ?? '').split('；').filter((sense) => sense !== '');
    return senses.length > 0 ? senses.slice(0, 2).join('；') : undefined;
  }
  if (language === 'es') {
    const spanish = lexicon.spanish(entry.lemma, pos);
    return spanish.length > 0 ? spanish.slice(0, 2).join(', ') : undefined;
  }
  const definition = entry.en[pos] ?? '';
  return definition !== '' ? definition : undefined;
}

/** Five words (lemma and the part of speech they have in the article) with their glosses, in a shuffled order. */
export function match(
  words: readonly { readonly entry: LexiconEntry; readonly pos: ContentPos }[],
  lexicon: ExerciseLexicon,
  language: ExerciseLanguage,
  random: () => number,
): Match | undefined {
  const pairs: Match['pairs'] = [];
  const glosses = new Set<string>();
  for (const { entry, pos } of words) {
    const gloss = glossOf(lexicon, entry, pos, language);
    if (!gloss || glosses.has(gloss) || pairs.some((pair) => pair.lemma === entry.lemma)) continue;
    glosses.add(gloss);
    pairs.push({ lemma: entry.lemma, part_of_speech: pos, gloss });
    if (pairs.length === 5) break;
  }
  if (pairs.length < 5) return undefined;
  return { kind: 'match', pairs, gloss_order: shuffled([0, 1, 2, 3, 4], random) };
}

export interface ExerciseSource {
  readonly id: string;
  /** Changes whenever the text does: with the id, the seed of every choice. */
  readonly contentHash: string;
  readonly paragraphs: readonly string[];
  /** The article's key vocabulary (its words), asked first. */
  readonly vocabulary: readonly { readonly word: string }[];
}

export const MAX_GAP_FILLS = 6;
export const MAX_LISTENING = 3;
export const MAX_WORD_ORDER = 2;

interface Candidate {
  readonly sentence: number;
  readonly answer: AnswerWord;
  readonly tier: number;
}

/** Vocabulary first; then words of the middle band (ranks 800–15,000: worth learning), commonest first; then the rest. */
function tierOf(answer: AnswerWord, vocabulary: ReadonlySet<string>): number {
  if (vocabulary.has(answer.entry.lemma) || vocabulary.has(answer.token.lower)) return 0;
  return answer.entry.rank >= 800 && answer.entry.rank <= 15000 ? 1 : 2;
}

export function makeExercises(source: ExerciseSource, lexicon: ExerciseLexicon, language: ExerciseLanguage): Exercise[] {
  const random = seededRandom(`${source.id}\u0000${source.contentHash}`);
  const sentences = source.paragraphs.flatMap(sentencesOf);
  const vocabulary = new Set(source.vocabulary.map((item) => item.word.toLowerCase()));
  const candidates: Candidate[] = [];
  sentences.forEach((sentence, index) => {
    const tokens = wordsOf(sentence);
    if (tokens.length < 6 || tokens.length > 40 || sentence.length > 300) return;
    tokens.forEach((_token, position) => {
      const answer = answerWord(tokens, position, lexicon);
      // A word twice in its sentence would leave its answer in the text.
      if (answer && tokens.filter((other) => other.lower === answer.token.lower).length === 1) {
        candidates.push({ sentence: index, answer, tier: tierOf(answer, vocabulary) });
      }
    });
  });
  candidates.sort(
    (a, b) =>
      a.tier - b.tier ||
      a.answer.entry.rank - b.answer.entry.rank ||
      a.sentence - b.sentence ||
      a.answer.token.start - b.answer.token.start,
  );
  const usedSentences = new Set<number>();
  // Word order takes its sentences first: few sentences have 6–12 words, any sentence can have a gap.
  const orders: WordOrder[] = [];
  for (let index = 0; index < sentences.length && orders.length < MAX_WORD_ORDER; index += 1) {
    const item = wordOrder(sentences[index]!, random);
    if (item) {
      orders.push(item);
      usedSentences.add(index);
    }
  }
  const usedLemmas = new Set<string>();
  const gaps: GapFill[] = [];
  const heard: Listening[] = [];
  for (const candidate of candidates) {
    if (gaps.length >= MAX_GAP_FILLS && heard.length >= MAX_LISTENING) break;
    if (usedSentences.has(candidate.sentence) || usedLemmas.has(candidate.answer.entry.lemma)) continue;
    const sentence = sentences[candidate.sentence]!;
    // Every third chosen word is heard rather than read, while listening items are wanted.
    const wantListening = heard.length < MAX_LISTENING && (gaps.length >= MAX_GAP_FILLS || (gaps.length + heard.length) % 3 === 2);
    if (wantListening) {
      heard.push(listening(sentence, candidate.answer, lexicon));
    } else {
      const item = gapFill(sentence, candidate.answer, lexicon, random);
      if (!item) continue;
      gaps.push(item);
    }
    usedSentences.add(candidate.sentence);
    usedLemmas.add(candidate.answer.entry.lemma);
  }
  const matchEntries = candidates.map((candidate) => candidate.answer);
  const matched = match(matchEntries, lexicon, language, random);
  // Interleaved, so a practice changes kind as it goes: read, read, hear, order, …, match last.
  const set: Exercise[] = [];
  const queues: Exercise[][] = [gaps, heard, orders];
  const pattern = [0, 0, 1, 2];
  for (let turn = 0; queues.some((queue) => queue.length > 0); turn += 1) {
    const queue = queues[pattern[turn % pattern.length]!]!;
    const next = queue.shift() ?? queues.find((other) => other.length > 0)!.shift()!;
    set.push(next);
  }
  if (matched) set.push(matched);
  return set;
}
