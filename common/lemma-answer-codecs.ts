/**
 * The browser's io-ts codecs of the lemma answers (common/lemma-contract.ts), checked first by one
 * plain function each (decision 39); apart from the contract so that the server, which derives its
 * schemas from the structural codecs, does not carry them.
 */
import * as t from 'io-ts';
import { LemmaInventoriesCodec, LevelWordsCodec, type LemmaInventories, type LevelWords } from './lemma-contract';

/**
 * The same contract as LemmaInventoriesCodec, for the browser's decode of every answer (issue 26:
 * on a cold page, io-ts's general walk of this answer, with a context entry per field, was the
 * largest piece of the 20 cards' path). One plain check accepts a well-formed answer as it is; it
 * accepts only what LemmaInventoriesCodec accepts, and anything it does not accept is handed to
 * LemmaInventoriesCodec, whose verdict and error report stand. The server's schema is derived from
 * LemmaInventoriesCodec (server/http/codec-schema.ts).
 */
export const LemmaInventoriesAnswerCodec = answerCodec(LemmaInventoriesCodec, wellFormedInventories);

/**
 * An io-ts codec with the verdicts of `structural`, checking first with one plain function:
 * `wellFormed` must accept only what `structural` accepts (the value is then taken as it is, as
 * io-ts would return it); everything else is decided and reported by `structural`.
 */
function answerCodec<A>(structural: t.Type<A, A, unknown>, wellFormed: (value: unknown) => value is A): t.Type<A, A, unknown> {
  return new t.Type<A, A, unknown>(
    structural.name,
    (value): value is A => wellFormed(value) || structural.is(value),
    (value, context) => (wellFormed(value) ? t.success(value) : structural.validate(value, context)),
    t.identity,
  );
}

/** A plain object (not an array, not null), as io-ts's t.type and t.partial ask. */
function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function wellFormedInventories(value: unknown): value is LemmaInventories {
  if (!isRecord(value)) return false;
  const { lemmas, inventories, forms, ranked } = value;
  if (typeof lemmas !== 'string' || !Array.isArray(inventories)) return false;
  if ((forms !== undefined && typeof forms !== 'string') || (ranked !== undefined && typeof ranked !== 'string')) return false;
  for (let i = 0; i < inventories.length; i += 1) {
    const item: unknown = inventories[i];
    if (!isRecord(item) || typeof item.article_id !== 'string' || typeof item.words !== 'number' || typeof item.entries !== 'string')
      return false;
  }
  return true;
}

/** The same contract, for the browser's decode (see LemmaInventoriesAnswerCodec): the first page with no statuses by rank kept decodes it cold. */
export const LevelWordsAnswerCodec = answerCodec(
  LevelWordsCodec,
  (value): value is LevelWords =>
    isRecord(value) &&
    typeof value.level === 'string' &&
    typeof value.words === 'string' &&
    (value.check === undefined || typeof value.check === 'string'),
);
