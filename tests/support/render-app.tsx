/**
 * The one way the jsdom tests render the real app (routes, machines, views): fake services at the
 * API boundary (tests/support/fake-api.ts), an in-memory location unless the browser's is asked
 * for, and optionally consent and analytics services, an inspector, or React's StrictMode.
 */
import { StrictMode } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { memoryLocation } from 'wouter/memory-location';
import type { InspectionEvent } from 'xstate';
import type { CardPage } from '../../src/api/client';
import type { DictionaryApi } from '../../src/api/dictionary-client';
import type { FirstAnswers } from '../../src/api/first-answers';
import type { ArticleView } from '../../src/domain/article';
import type { ConsentAnalyticsSetup } from '../../src/app/consent-and-analytics';
import { App } from '../../src/app/app';
import { createTextsSource, TEXT_CHUNKS } from '../../src/app/text-chunks';
import { TEXTS } from '../../src/domain/all-texts';
import type { TextsSource } from '../../src/domain/texts';
import { InspectContext } from '../../src/app/inspector';
import type { AppServices } from '../../src/app/services';
import type { HtmlSanitiser } from '../../src/platform/html-sanitiser';
import type { SpeechEngine } from '../../src/platform/speech-engine';
import type { StatusStore, WordStore } from '../../src/platform/word-store';
import type { LemmaApi } from '../../src/api/lemma-client';
import { fakeApi } from './fake-api';

export interface RenderAppOptions {
  /** The fake API (default: fakeApi() over the canned cards and article). */
  readonly fake?: ReturnType<typeof fakeApi>;
  /** The body sanitiser; the app's own (DOMPurify, loaded lazily) when absent. */
  readonly sanitiser?: HtmlSanitiser;
  /** The dictionary; without one, a look-up fails loudly rather than reach for the network. */
  readonly dictionary?: DictionaryApi;
  /** Read-aloud's speech engine; without one, jsdom's (none: the player says the browser cannot read aloud). */
  readonly speech?: SpeechEngine;
  /** Consent storage and analytics services; the browser's (jsdom's localStorage) when absent. */
  readonly consentAnalytics?: ConsentAnalyticsSetup;
  /** Receives every actor's inspection events, as the Stately inspector would (`?inspect`). */
  readonly inspect?: (event: InspectionEvent) => void;
  /** Wraps the app in React's StrictMode (effects run twice). */
  readonly strict?: boolean;
  /** 'browser': the real window.history and location, moved to `path` first; 'memory' (default) records every entry. */
  readonly history?: 'memory' | 'browser';
  /** Saved words; without one, the routes use IndexedDB, which jsdom lacks (the store is "unavailable"). */
  readonly wordStore?: WordStore;
  /** The page texts; every language's, loaded from the start, when absent. */
  readonly texts?: TextsSource;
  /** The answers a server-rendered page would carry (src/api/page-data.ts): the routes start loaded from them. */
  readonly firstAnswers?: FirstAnswers;
  /** Word statuses; without one, the coverage chunk loads the IndexedDB store. */
  readonly statusStore?: StatusStore;
  /** The lemma API (inventories, the list's hash table); without one, the coverage chunk makes the real client. */
  readonly lemmas?: LemmaApi;
}

/** First answers that give `page` for the first list or home request and `article` for the first article, until the first navigation. */
export function servedAnswers({ page, article }: { page?: CardPage; article?: ArticleView }): FirstAnswers {
  let expired = false;
  return {
    latestArticles: () => (expired ? undefined : page?.cards),
    listPage: () => (expired ? undefined : page),
    article: () => (expired ? undefined : article),
    articleError: () => undefined,
    exerciseSet: () => undefined,
    exercisesMissing: () => false,
    rankedCheck: () => undefined,
    expire: () => {
      expired = true;
    },
  };
}

export function renderApp(path: string, options: RenderAppOptions = {}) {
  const memory = memoryLocation({ path, record: true });
  const fake = options.fake ?? fakeApi();
  const reload = vi.fn();
  const logger = { warn: vi.fn() };
  // Without a fake dictionary, a look-up would reach for the real network: make that loud.
  const dictionary: DictionaryApi = options.dictionary ?? { lookUpWord: () => Promise.reject(new Error('no dictionary in this test')) };
  const services: AppServices = {
    api: fake.api,
    reload,
    logger,
    dictionary,
    ...(options.sanitiser ? { sanitiser: options.sanitiser } : {}),
    ...(options.speech ? { speech: options.speech } : {}),
    ...(options.wordStore ? { wordStore: () => Promise.resolve(options.wordStore!) } : {}),
    ...(options.firstAnswers ? { firstAnswers: options.firstAnswers } : {}),
    ...(options.statusStore ? { statusStore: () => Promise.resolve(options.statusStore!) } : {}),
    ...(options.lemmas ? { lemmas: options.lemmas } : {}),
  };
  if (options.history === 'browser') window.history.replaceState(null, '', path);
  const user = userEvent.setup();
  let app = (
    <App
      services={services}
      texts={options.texts ?? createTextsSource(TEXT_CHUNKS, TEXTS)}
      {...(options.history === 'browser' ? {} : { location: { hook: memory.hook, searchHook: memory.searchHook } })}
      {...(options.consentAnalytics ? { consentAnalytics: options.consentAnalytics } : {})}
    />
  );
  if (options.inspect) app = <InspectContext.Provider value={options.inspect}>{app}</InspectContext.Provider>;
  const view = render(options.strict ? <StrictMode>{app}</StrictMode> : app);
  return { ...view, ...fake, memory, reload, logger, user };
}

/** A promise that never settles: the screen stays in its loading state. */
export function pending<T>(): Promise<T> {
  return new Promise<T>(() => {});
}
