/**
 * The words route, loaded on demand: the saved-words machine with the IndexedDB store (its own
 * chunk again, imported on first use) and the words page.
 */
import { useMemo, useSyncExternalStore } from 'react';
import { readSavedWordsCount, subscribeSavedWordsCount } from '../platform/saved-words-summary';
import { WordsHead } from '../views/head/personal-page-heads';
import { useSiteOrigin } from '../views/head/site-origin';
import { SavedWordsActorContext } from '../views/words/saved-words-context';
import { WordsPage } from '../views/words/words-page';
import { useInspect } from './inspector';
import { wiredSavedWords } from './saved-words-wiring';
import { wordStore as browserStore } from './word-store-factory';
import { useServices } from './services';

export default function WordsRoute() {
  const { wordStore } = useServices();
  const origin = useSiteOrigin();
  const inspect = useInspect();
  // The server knows no count: hydration renders its page, and the browser's count follows at once.
  const savedHint = useSyncExternalStore(subscribeSavedWordsCount, readSavedWordsCount, () => null);
  const logic = useMemo(() => wiredSavedWords(wordStore ?? browserStore, origin || window.location.origin), [wordStore, origin]);
  return (
    <SavedWordsActorContext.Provider logic={logic} options={{ input: {}, inspect }}>
      <WordsHead />
      <WordsPage savedHint={savedHint} />
    </SavedWordsActorContext.Provider>
  );
}
