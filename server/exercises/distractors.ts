/**
 * A gap fill's wrong options: same part of speech and form as the answer, of similar frequency, and
 * none that would also be right (docs/exercises.md, "How distractors are chosen").
 */
import { formKind, onlyContent, type AnswerWord, type FormKind } from './answer-words';
import type { ContentPos, ExerciseLexicon, LexiconEntry } from './lexicon';
import { shuffled, type WordToken } from './text';
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
