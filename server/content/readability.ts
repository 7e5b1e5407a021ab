/**
 * Difficulty from two established readability measures, so the importer and the
 * sample corpus are graded by the same rule. Cut-offs are explained in docs/content-pipeline.md.
 */
import { daleChall } from 'dale-chall';
import { daleChallFormula } from 'dale-chall-formula';
import { fleschKincaid } from 'flesch-kincaid';
import { syllable } from 'syllable';
import type { DifficultyLevel } from '../../common/catalog';

const FAMILIAR_WORDS = new Set(daleChall);

/** Composite grade below this is beginner. */
export const BEGINNER_BELOW = 6.5;
/** Composite grade at or above this is advanced. */
export const ADVANCED_FROM = 10.5;

const WORD_PATTERN = /[A-Za-z]+(?:['’][A-Za-z]+)*/g;

export function splitSentences(text: string): string[] {
  return text
    .replace(/\s+/g, ' ')
    .split(/(?<=[.!?])["'”’)]*\s+(?=["'“‘(]?[A-Z0-9])/)
    .map((s) => s.trim())
    .filter((s) => /[A-Za-z]/.test(s));
}

export function words(text: string): string[] {
  return text.match(WORD_PATTERN) ?? [];
}

/** Dale–Chall allows regular inflections of familiar words. */
function isFamiliar(word: string): boolean {
  const w = word.toLowerCase().replace(/’/g, "'").replace(/'s$/, '');
  if (FAMILIAR_WORDS.has(w)) return true;
  const stems = [
    w.replace(/s$/, ''),
    w.replace(/es$/, ''),
    w.replace(/ies$/, 'y'),
    w.replace(/ed$/, ''),
    w.replace(/d$/, ''),
    w.replace(/ied$/, 'y'),
    w.replace(/ing$/, ''),
    w.replace(/ing$/, 'e'),
    w.replace(/er$/, ''),
    w.replace(/est$/, ''),
    w.replace(/ly$/, ''),
  ];
  return stems.some((s) => s.length > 1 && s !== w && FAMILIAR_WORDS.has(s));
}

export interface ReadabilityReport {
  readonly sentences: number;
  readonly words: number;
  readonly fleschKincaidGrade: number;
  readonly daleChallScore: number;
  /** Dale–Chall score expressed as a US grade (2 × score − 5, the line through its grade table). */
  readonly daleChallGrade: number;
  /** Mean of the two grades; this is what the cut-offs apply to. */
  readonly compositeGrade: number;
  readonly level: DifficultyLevel;
}

export function levelForGrade(compositeGrade: number): DifficultyLevel {
  if (compositeGrade < BEGINNER_BELOW) return 'beginner';
  if (compositeGrade >= ADVANCED_FROM) return 'advanced';
  return 'intermediate';
}

export function measureReadability(text: string): ReadabilityReport {
  const sentenceCount = Math.max(1, splitSentences(text).length);
  const allWords = words(text);
  const syllables = allWords.reduce((sum, w) => sum + Math.max(1, syllable(w)), 0);
  const unfamiliar = new Set(allWords.filter((w) => !isFamiliar(w)).map((w) => w.toLowerCase()));
  const fk = fleschKincaid({ sentence: sentenceCount, word: allWords.length || 1, syllable: syllables || 1 });
  const dc = daleChallFormula({ sentence: sentenceCount, word: allWords.length || 1, difficultWord: unfamiliar.size });
  const dcGrade = dc < 4.5 ? 4 : 2 * dc - 5;
  const composite = (fk + dcGrade) / 2;
  return {
    sentences: sentenceCount,
    words: allWords.length,
    fleschKincaidGrade: round1(fk),
    daleChallScore: round1(dc),
    daleChallGrade: round1(dcGrade),
    compositeGrade: round1(composite),
    level: levelForGrade(composite),
  };
}

function round1(n: number): number {
  return Math.round(n * 10) / 10;
}
