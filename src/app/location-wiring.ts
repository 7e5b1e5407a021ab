/**
 * The two app-wide actors that follow the address, wired to the location feed: language (the page
 * language, its texts and the header's selector) and page (scroll, focus, <html lang>, head tags).
 */
import { fromCallback, fromPromise } from 'xstate';
import { textLanguageFor } from '../../common/languages';
import type { TextsSource } from '../domain/texts';
import { languageMachine } from '../machines/language-machine';
import { pageMachine } from '../machines/page-machine';
import { captureStaticHeadTags, setHtmlLang } from '../platform/document-head';
import { onHistoryTraversal, startPageAtTop } from '../platform/page-view';
import { follow } from './feeds';
import type { LocationFeed } from './location-provider';

export function wiredLanguage(feed: LocationFeed, navigate: (to: string) => void, texts: TextsSource | null) {
  return languageMachine.provide({
    actors: {
      locationChanges: follow(feed, (location) => [{ type: 'LOCATION_CHANGED', ...location }]),
      loadTexts: fromPromise(({ input }) => texts?.load(textLanguageFor(input.language)) ?? Promise.resolve()),
    },
    actions: { navigate: (_, params) => navigate(params.to) },
  });
}

/** Call it before React's first commit: the server's head tags are noted then, and removed once the page actor starts. */
export function wiredPage(feed: LocationFeed) {
  const removeStaticHeadTags = captureStaticHeadTags();
  return pageMachine.provide({
    actors: {
      locationChanges: follow(feed, (location) => [{ type: 'LOCATION_CHANGED', path: location.path }]),
      historyTraversals: fromCallback(({ sendBack }) => onHistoryTraversal(() => sendBack({ type: 'HISTORY_TRAVERSED' }))),
    },
    actions: {
      adoptHead: removeStaticHeadTags,
      setDocumentLanguage: (_, params) => setHtmlLang(params.language),
      startAtTop: (_, params) => startPageAtTop(params.focusMain),
    },
  });
}
