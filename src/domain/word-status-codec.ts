/**
 * The io-ts codec of a stored StatusRecord: what is on disk (or in a backup file) is decoded,
 * never trusted, like the saved words (saved-word-codec.ts).
 */
import * as t from 'io-ts';
import { isRight } from 'fp-ts/Either';
import { IsoDate } from './stored-value-codecs';
import { STATUS_SOURCES, WORD_STATUSES, type StatusRecord } from './word-status';

const Key = t.refinement(t.string, (value) => value.trim() !== '' && value === value.toLowerCase() && value.length <= 64, 'StatusKey');

function keyOf<T extends string>(values: readonly T[], name: string): t.KeyofC<Record<T, null>> {
  return t.keyof(Object.fromEntries(values.map((v) => [v, null])) as Record<T, null>, name);
}

export const StatusRecordCodec = t.intersection(
  [
    t.type({ id: Key, status: keyOf(WORD_STATUSES, 'WordStatus'), source: keyOf(STATUS_SOURCES, 'StatusSource'), setAt: IsoDate }),
    t.partial({ batch: t.string }),
  ],
  'StatusRecord',
);

/** The record when the value is a readable StatusRecord (extra properties dropped), else a short English reason and the wrong parts' names. */
export function decodeStatusRecord(value: unknown): { record: StatusRecord } | { reason: string; fields: string[] } {
  const result = StatusRecordCodec.decode(value);
  if (!isRight(result)) {
    const keys = result.left.slice(0, 3).map((error) =>
      error.context
        .map((entry) => entry.key)
        .filter((key) => key !== '' && !/^\d+$/.test(key))
        .join('.'),
    );
    const fields = [...new Set(keys)].filter((key) => key !== '');
    return { reason: `Not a word status (${fields.join(', ') || 'shape'})`, fields };
  }
  const r = result.right;
  return { record: { id: r.id, status: r.status, source: r.source, setAt: r.setAt, ...(r.batch !== undefined ? { batch: r.batch } : {}) } };
}
