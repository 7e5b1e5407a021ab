/**
 * The word look-up machine wired to the dictionary API. Its own module, so the article route and the early
 * look-up (early-lookup.tsx, a tap before the route has hydrated) share it. The article pages' app bundles the two
 * in one file, which its route imports too (scripts/build/article-pages-app.ts, decision 62): the file is preloaded as
 * that app starts, so the route's import of it costs nothing more.
 */
import { fromPromise } from 'xstate';
import type { DictionaryApi } from '../api/dictionary-client';
import type { WordEntry } from '../domain/word-lookup';
import { wordLookupMachine, type WordLookupRequest } from '../machines/word-lookup-machine';
import { settleUnlessAborted } from './settle-unless-aborted';

export function wiredWordLookup(dictionary: DictionaryApi) {
  return wordLookupMachine.provide({
    actors: {
      lookUpWord: fromPromise<WordEntry | null, WordLookupRequest>(({ input, signal }) =>
        settleUnlessAborted(
          signal,
          dictionary.lookUpWord(input.word, input.language, signal, {
            ...(input.phrase === undefined ? {} : { phrase: input.phrase }),
            ...(input.sentence === undefined ? {} : { sentence: input.sentence }),
            ...(input.category === undefined ? {} : { category: input.category }),
          }),
        ),
      ),
    },
  });
}
