/**
 * One backup file of everything the learner keeps in this browser (docs/learner-model.md): word
 * statuses, saved words with their review cards, finished articles and the daily goal, as JSON.
 * A file is checked whole before anything is applied: every bad row is reported (up to
 * MAX_PROBLEMS), and a file with any problem applies nothing.
 */
import * as t from 'io-ts';
import { isRight } from 'fp-ts/Either';
import { decodeGoal, type DailyGoal } from './progress';
import { decodeSavedWord } from './saved-word-codec';
import type { SavedWord } from './saved-words';
import { IsoDate, NonEmptyString } from './stored-value-codecs';
import type { StatusRecord } from './word-status';
import { decodeStatusRecord } from './word-status-codec';

export const BACKUP_FORMAT = 'newsreader-backup';
export const BACKUP_VERSION = 1;
export const MAX_PROBLEMS = 20;

export interface Backup {
  readonly statuses: readonly StatusRecord[];
  readonly words: readonly SavedWord[];
  readonly finished: readonly { readonly articleId: string; readonly at: string }[];
  readonly goal: DailyGoal | null;
}

const FIELDS = ['format', 'version', 'exportedAt', 'statuses', 'words', 'finished', 'goal'] as const;
export type BackupList = 'statuses' | 'words' | 'finished';

export type BackupProblem =
  | { readonly kind: 'notJson' }
  | { readonly kind: 'notOurs' }
  | { readonly kind: 'newerVersion'; readonly version: number }
  | { readonly kind: 'unknownField'; readonly field: string }
  | { readonly kind: 'notList'; readonly list: BackupList }
  // fields: the names of the row's wrong or missing parts as the file spells them (none: the row is not an object).
  | { readonly kind: 'badRow'; readonly list: BackupList; readonly row: number; readonly fields: readonly string[] }
  | { readonly kind: 'badGoal' };

export function exportBackup(backup: Backup, now: Date): string {
  return `${JSON.stringify(
    {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      exportedAt: now.toISOString(),
      statuses: backup.statuses,
      words: backup.words,
      finished: backup.finished,
      goal: backup.goal,
    },
    null,
    1,
  )}\n`;
}

/** A finished article: its id and when it was finished. */
export const FinishedArticleCodec = t.strict({ articleId: NonEmptyString, at: IsoDate }, 'FinishedArticle');

/** A finished article (its id and when it was finished), or the names of the parts that are wrong (none: not an object). */
export function decodeFinished(value: unknown): { readonly articleId: string; readonly at: string } | readonly string[] {
  const result = FinishedArticleCodec.decode(value);
  if (isRight(result)) return result.right;
  return [...new Set(result.left.flatMap((error) => error.context[1]?.key ?? []))];
}

/** The backup in a file, or every problem found in it (rows numbered from 1 within their list). */
export function parseBackup(text: string): { backup: Backup } | { problems: BackupProblem[] } {
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return { problems: [{ kind: 'notJson' }] };
  }
  if (typeof data !== 'object' || data === null || (data as { format?: unknown }).format !== BACKUP_FORMAT)
    return { problems: [{ kind: 'notOurs' }] };
  const file = data as Record<string, unknown>;
  if (typeof file.version !== 'number' || file.version > BACKUP_VERSION)
    return { problems: [{ kind: 'newerVersion', version: Number(file.version) || 0 }] };
  const problems: BackupProblem[] = [];
  for (const field of Object.keys(file)) if (!(FIELDS as readonly string[]).includes(field)) problems.push({ kind: 'unknownField', field });
  const rows = (list: BackupList): unknown[] => {
    const value = file[list];
    if (value === undefined) return [];
    if (Array.isArray(value)) return value;
    problems.push({ kind: 'notList', list });
    return [];
  };
  const statuses: StatusRecord[] = [];
  rows('statuses').forEach((row, index) => {
    const decoded = decodeStatusRecord(row);
    if ('record' in decoded) statuses.push(decoded.record);
    else problems.push({ kind: 'badRow', list: 'statuses', row: index + 1, fields: decoded.fields });
  });
  const words: SavedWord[] = [];
  rows('words').forEach((row, index) => {
    const decoded = decodeSavedWord(row);
    if ('word' in decoded) words.push(decoded.word);
    else problems.push({ kind: 'badRow', list: 'words', row: index + 1, fields: decoded.fields });
  });
  const finished: Array<{ articleId: string; at: string }> = [];
  rows('finished').forEach((row, index) => {
    const decoded = decodeFinished(row);
    if ('articleId' in decoded) finished.push(decoded);
    else problems.push({ kind: 'badRow', list: 'finished', row: index + 1, fields: decoded });
  });
  const goal = file.goal === undefined || file.goal === null ? null : decodeGoal(file.goal);
  if (file.goal !== undefined && file.goal !== null && goal === null) problems.push({ kind: 'badGoal' });
  if (problems.length > 0) return { problems: problems.slice(0, MAX_PROBLEMS) };
  return { backup: { statuses, words, finished, goal } };
}
