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
import { type ContentPos, type ExerciseLexicon, type LexiconEntry } from './lexicon';
import { seededRandom, sentencesOf, shuffled, wordsOf, type WordToken } from './text';
import { answerWord, type AnswerWord } from './answer-words';
import { distractorsFor } from './distractors';

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
    const fromVocabulary = candidate.tier === 0 ? { vocabulary: true as const } : {};
    if (wantListening) {
      heard.push({ ...listening(sentence, candidate.answer, lexicon), ...fromVocabulary });
    } else {
      const item = gapFill(sentence, candidate.answer, lexicon, random);
      if (!item) continue;
      gaps.push({ ...item, ...fromVocabulary });
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
