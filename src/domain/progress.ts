/**
 * The progress page's figures, all from what this browser keeps (docs/learner-model.md): words
 * known, words marked per day over the last 30 days (on the learner's calendar), articles
 * finished, and the days in a row the daily goal was met.
 */
import type { SavedWord } from './saved-words';
import { localDayStamp } from './local-dates';
import { statusMap, type StatusRecord } from './word-status';

/** The learner's daily goal: articles finished a day, or words marked (known, ignored, saved) a day. */
export interface DailyGoal {
  readonly kind: 'articles' | 'words';
  readonly count: number;
}

export const DEFAULT_GOAL: DailyGoal = { kind: 'articles', count: 1 };
export const GOAL_CHOICES: readonly DailyGoal[] = [
  { kind: 'articles', count: 1 },
  { kind: 'articles', count: 2 },
  { kind: 'words', count: 10 },
  { kind: 'words', count: 25 },
];

export function decodeGoal(value: unknown): DailyGoal | null {
  if (typeof value !== 'object' || value === null) return null;
  const { kind, count } = value as { kind?: unknown; count?: unknown };
  if ((kind !== 'articles' && kind !== 'words') || typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > 1000)
    return null;
  return { kind, count };
}

export const CHART_DAYS = 30;

export interface DayCount {
  /** YYYY-MM-DD on the learner's calendar. */
  readonly day: string;
  /** Words marked that day by hand or with "I know the rest", and words saved (the placement is not counted: it is a starting point). */
  readonly words: number;
  readonly articles: number;
}

export interface Progress {
  readonly known: number;
  /** Words known, rounded to hundreds: the size of the vocabulary this browser knows of. */
  readonly estimatedSize: number;
  /** The last CHART_DAYS days, oldest first, today last. */
  readonly days: readonly DayCount[];
  readonly finished: number;
  /** Days in a row, up to today (or yesterday, while today's goal is not met yet), the goal was met. */
  readonly streak: number;
  readonly goalMetToday: boolean;
}

export interface ProgressInput {
  readonly statuses: readonly StatusRecord[];
  readonly words: readonly SavedWord[];
  readonly finished: readonly { readonly at: string }[];
}

function dayBefore(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

export function progressOf(input: ProgressInput, goal: DailyGoal, now: Date, timeZone?: string): Progress {
  const map = statusMap(input.statuses, input.words);
  let known = 0;
  for (const status of map.values()) if (status === 'known') known += 1;
  const words = new Map<string, number>();
  const articles = new Map<string, number>();
  const add = (counts: Map<string, number>, iso: string) => {
    const day = localDayStamp(new Date(iso), timeZone);
    counts.set(day, (counts.get(day) ?? 0) + 1);
  };
  for (const record of input.statuses) if (record.source !== 'placement' && record.status !== 'new') add(words, record.setAt);
  for (const word of input.words) add(words, word.savedAt);
  for (const article of input.finished) add(articles, article.at);

  const today = localDayStamp(now, timeZone);
  const days: DayCount[] = [];
  let day = today;
  for (let i = 0; i < CHART_DAYS; i += 1) {
    days.unshift({ day, words: words.get(day) ?? 0, articles: articles.get(day) ?? 0 });
    day = dayBefore(day);
  }
  const met = (stamp: string) => ((goal.kind === 'articles' ? articles : words).get(stamp) ?? 0) >= goal.count;
  const goalMetToday = met(today);
  let streak = 0;
  for (let stamp = goalMetToday ? today : dayBefore(today); met(stamp); stamp = dayBefore(stamp)) streak += 1;
  return { known, estimatedSize: Math.round(known / 100) * 100, days, finished: input.finished.length, streak, goalMetToday };
}
