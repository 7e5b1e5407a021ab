/**
 * The contract of the word look-up (GET /api/dictionary/{word}), part of the API contract shared by
 * the web app and the server like contract.ts. A module of its own because io-ts codecs are calls
 * a bundler keeps wherever their module is imported: here, only the article page's chunk (through
 * src/api/dictionary-client.ts) carries them, and the home and list pages never download them.
 */
import * as t from 'io-ts';

/** One part of speech of a dictionary word (GET /api/dictionary/{word}). */
export const DictionaryEntryCodec = t.intersection(
  [
    t.type({
      part_of_speech: t.string,
      /** International Phonetic Alphabet, without slashes; empty when unknown. */
      ipa: t.string,
      /** English. */
      definition: t.string,
      /** Level marks: oxford3000, collins1..collins5, cet4, cet6, ielts, toefl, gre, zk, gk, ky. */
      tags: t.array(t.string),
      /** 1 = the most frequent word; null when unranked. */
      frequency_rank: t.union([t.number, t.null]),
    }),
    t.partial({
      /** A few senses in the learner's language, most common first; absent for en or when there is none. */
      gloss: t.string,
      /**
       * true when the dictionary has no gloss for the sense the definition gives, and `gloss` is
       * the word's other senses' (the entry says so rather than present them as this sense's).
       */
      gloss_other_sense: t.boolean,
      /** The dictionary word this entry belongs to, when it is not the lemma (better: its own senses after good's). */
      headword: t.string,
    }),
  ],
  'DictionaryEntry',
);
export type DictionaryEntryPayload = t.TypeOf<typeof DictionaryEntryCodec>;

export const DictionaryResponseCodec = t.type(
  {
    /** The word as asked. */
    query: t.string,
    /** Its dictionary form (went -> go). */
    lemma: t.string,
    entries: t.array(DictionaryEntryCodec),
  },
  'DictionaryResponse',
);

/**
 * GET /api/dictionary/{word}?phrase=…: the word's entry with, first, the entry of the phrase the
 * word stands in (gave in "gave up": give up), when the dictionary has it.
 */
export const DictionaryWithPhraseCodec = t.intersection(
  [DictionaryResponseCodec, t.partial({ phrase: DictionaryResponseCodec })],
  'DictionaryWithPhrase',
);
export type DictionaryWithPhrase = t.TypeOf<typeof DictionaryWithPhraseCodec>;
export type DictionaryResponse = t.TypeOf<typeof DictionaryResponseCodec>;
