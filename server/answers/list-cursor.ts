/**
 * The `cursor` of GET /api/articles/latest (keyset paging): where the next page begins, as the
 * position of the last article of this one (its date and id), base64url-encoded JSON. Opaque to
 * clients; a page after any depth then costs what the first page costs (store/list-queries.ts).
 */
import { ApiError } from '../http/api-error';
import type { ListPosition } from '../store/types';

export const MAX_CURSOR_LENGTH = 600;

export function encodeCursor(position: ListPosition): string {
  return Buffer.from(JSON.stringify([position.publishedAt, position.id]), 'utf8').toString('base64url');
}

function badCursor(why: string): ApiError {
  return new ApiError(400, 'invalid_parameter', `cursor ${why}; use the next_cursor of a list answer as it is`, 'cursor');
}

/** The position a cursor names, or a 400 that says why it names none. */
export function decodeCursor(cursor: string): ListPosition {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw badCursor('is not base64url');
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badCursor('is not one this server wrote');
  }
  if (!Array.isArray(value) || value.length !== 2 || typeof value[0] !== 'string' || typeof value[1] !== 'string') {
    throw badCursor('is not one this server wrote');
  }
  const [publishedAt, id] = value as [string, string];
  const time = Date.parse(publishedAt);
  if (!Number.isFinite(time) || new Date(time).toISOString() !== publishedAt) throw badCursor('names no valid date');
  const control = [...id].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);
  if (id.length === 0 || id.length > 200 || control) throw badCursor('names no valid article id');
  return { publishedAt, id };
}
