/**
 * The app's outside world, injected through React context so tests can hand in fakes at the
 * API boundary: the API client, the page reload, and optionally an HTML sanitiser and a
 * dictionary client (when absent, the detail route creates the real ones inside its own lazily
 * loaded chunk).
 */
import { createContext, useContext, type ReactNode } from 'react';
import { createApiClient, type ArticlesApi } from '../api/client';
import type { DictionaryApi } from '../api/dictionary-client';
import type { FirstAnswers } from '../api/first-answers';
import type { HtmlSanitiser } from '../platform/html-sanitiser';
import { consoleLogger, type Logger } from '../platform/logger';
import type { SpeechEngine } from '../platform/speech-engine';
import type { StatusStore, WordStore } from '../platform/word-store';
import type { LemmaApi } from '../api/lemma-client';

export interface AppServices {
  readonly api: ArticlesApi;
  /** The detail page's Try Again: a full page reload. */
  readonly reload: () => void;
  readonly sanitiser?: HtmlSanitiser;
  /** Word look-up; when absent, the detail route creates the real client inside its own chunk. */
  readonly dictionary?: DictionaryApi;
  readonly logger?: Logger;
  /** Read-aloud's speech; when absent, the detail route uses the browser's speech synthesis. */
  readonly speech?: SpeechEngine;
  /** Saved words; when absent, the routes that need them load the IndexedDB store in their own chunk. */
  readonly wordStore?: () => Promise<WordStore>;
  /** Word statuses (the same IndexedDB database); when absent, the routes that need them load the store in their own chunk. */
  readonly statusStore?: () => Promise<StatusStore>;
  /** Lemma inventories for coverage; when absent, the chunks that compute coverage create the real client. */
  readonly lemmas?: LemmaApi;
  /** The answers a server-rendered page carries (src/api/page-data.ts); the routes start loaded from them. */
  readonly firstAnswers?: FirstAnswers;
}

const ServicesContext = createContext<AppServices | null>(null);

export function createDefaultServices(firstAnswers?: FirstAnswers): AppServices {
  return {
    api: createApiClient(),
    reload: () => window.location.reload(),
    logger: consoleLogger,
    ...(firstAnswers ? { firstAnswers } : {}),
  };
}

export function ServicesProvider({ services, children }: { services: AppServices; children: ReactNode }) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (services === null) throw new Error('useServices() needs a <ServicesProvider> above it');
  return services;
}
