/**
 * The whole app, composed: services, router, the location and its app-wide actors (language,
 * page), consent and analytics, the page frame and the routes. Tests render it with fake services
 * and an in-memory location; main.tsx renders it with the real ones.
 */
import { useState } from 'react';
import { Router } from 'wouter';
import { useBrowserLocation } from 'wouter/use-browser-location';
import type { TextsSource } from '../domain/texts';
import { afterPageSettles } from '../platform/main-thread';
import { SiteHeader } from '../views/header/site-header';
import type { DueCountSource } from '../views/header/words-link';
import { FooterAndCookieBanner } from '../views/consent/footer-and-cookie-banner';
import { ConsentAndAnalyticsProvider, type ConsentAnalyticsSetup } from './consent-and-analytics';
import { AppShell } from './app-shell';
import { LocationProvider } from './location-provider';
import { AppRoutes } from './routes';
import { ServicesProvider, type AppServices } from './services';
import { gateOnTexts, type RouterLocation } from './texts-gate';
import { TextsContext } from '../views/texts-context';

export interface AppProps {
  services: AppServices;
  /** The page texts: in the browser one chunk per language (text-chunks.ts), the page language's already loaded. */
  texts: TextsSource;
  /** A wouter location (e.g. memoryLocation() in tests); the browser's when absent. */
  location?: RouterLocation;
  /** Consent storage, analytics services and site origin; the browser's real ones when absent. */
  consentAnalytics?: ConsentAnalyticsSetup;
  /** Server rendering: the address being rendered (wouter's ssrPath and ssrSearch). */
  ssr?: { path: string; search: string };
}

/**
 * The header's due count over raw IndexedDB (no idb), loaded once the page has settled: the count
 * is never on the server's page, so nothing of it belongs in the first load (issue 33). A chunk
 * that cannot be downloaded counts nothing, as a failing read does.
 */
const dueCountModule = () => afterPageSettles().then(() => import('../platform/due-count'));
const DUE_COUNT: DueCountSource = {
  count: () =>
    dueCountModule().then(
      (module) => module.countDue(),
      () => 0,
    ),
  onChange(listener) {
    let stop: (() => void) | null = null;
    let stopped = false;
    void dueCountModule().then(
      (module) => {
        if (!stopped) stop = module.onWordsChanged(listener);
      },
      () => {},
    );
    return () => {
      stopped = true;
      stop?.();
    };
  },
};

export function App({ services, texts, location, consentAnalytics, ssr }: AppProps) {
  const [gated] = useState(() => gateOnTexts(location ?? { hook: useBrowserLocation }, texts, services.reload));
  // On the server wouter's hooks read the address being rendered; every language's texts are loaded there.
  const ssrProps = ssr === undefined ? {} : { ssrPath: ssr.path, ssrSearch: ssr.search };
  return (
    <ServicesProvider services={services}>
      <TextsContext.Provider value={texts}>
        <Router hook={gated.hook} searchHook={gated.searchHook} {...ssrProps}>
          <LocationProvider>
            <ConsentAndAnalyticsProvider setup={consentAnalytics}>
              <AppShell header={<SiteHeader dueCount={DUE_COUNT} />} afterMain={<FooterAndCookieBanner />}>
                <AppRoutes />
              </AppShell>
            </ConsentAndAnalyticsProvider>
          </LocationProvider>
        </Router>
      </TextsContext.Provider>
    </ServicesProvider>
  );
}
