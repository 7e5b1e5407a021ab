/**
 * io-ts codecs of the small values that several records kept in this browser share (IndexedDB,
 * the localStorage journals, backup files): each store's codec is built from them, so a date or
 * an id means the same thing in every place it is read back.
 */
import * as t from 'io-ts';

/** A string that Date.parse reads (an ISO 8601 date-time as the app writes it). */
export const IsoDate = new t.Type<string, string, unknown>(
  'IsoDate',
  (value): value is string => typeof value === 'string' && !Number.isNaN(Date.parse(value)),
  (value, context) => (typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? t.success(value) : t.failure(value, context)),
  t.identity,
);

/** A string with something besides white space in it (an id made from a word). */
export const NonBlankString = t.refinement(t.string, (value) => value.trim() !== '', 'NonBlankString');

/** A string that is not empty (an id the app made itself). */
export const NonEmptyString = t.refinement(t.string, (value) => value !== '', 'NonEmptyString');

/** A list with at least one element of `codec`. */
export function nonEmptyArray<C extends t.Mixed>(codec: C) {
  return t.refinement(t.array(codec), (values) => values.length > 0, `NonEmptyArray<${codec.name}>`);
}
