/**
 * The whole app, composed: services, router, the location and its app-wide actors (language,
 * page), consent and analytics, the page frame and the routes. Tests render it with fake services
 * and an in-memory location; main.tsx renders it with the real ones.
 */
import { Router, type BaseLocationHook, type BaseSearchHook } from 'wouter';
import { countDue, onWordsChanged } from '../platform/due-count';
import { SiteHeader } from '../views/header/site-header';
import { FooterAndCookieBanner } from '../views/consent/footer-and-cookie-banner';
import { ConsentAndAnalyticsProvider, type ConsentAnalyticsSetup } from './consent-and-analytics';
import { AppShell } from './app-shell';
import { LocationProvider } from './location-provider';
import { AppRoutes } from './routes';
import { ServicesProvider, type AppServices } from './services';

export interface AppProps {
  services: AppServices;
  /** A wouter location (e.g. memoryLocation() in tests); the browser's when absent. */
  location?: { hook: BaseLocationHook; searchHook?: BaseSearchHook };
  /** Consent storage, analytics services and site origin; the browser's real ones when absent. */
  consentAnalytics?: ConsentAnalyticsSetup;
  /** Server rendering: the address being rendered (wouter's ssrPath and ssrSearch). */
  ssr?: { path: string; search: string };
}

/** The header's due count over raw IndexedDB: a few hundred bytes in the first-load JS, no idb. */
const DUE_COUNT = { count: () => countDue(), onChange: onWordsChanged };

export function App({ services, location, consentAnalytics, ssr }: AppProps) {
  const routerProps =
    ssr !== undefined
      ? { ssrPath: ssr.path, ssrSearch: ssr.search }
      : location === undefined
        ? {}
        : location.searchHook === undefined
          ? { hook: location.hook }
          : { hook: location.hook, searchHook: location.searchHook };
  return (
    <ServicesProvider services={services}>
      <Router {...routerProps}>
        <LocationProvider>
          <ConsentAndAnalyticsProvider setup={consentAnalytics}>
            <AppShell header={<SiteHeader dueCount={DUE_COUNT} />} afterMain={<FooterAndCookieBanner />}>
              <AppRoutes />
            </AppShell>
          </ConsentAndAnalyticsProvider>
        </LocationProvider>
      </Router>
    </ServicesProvider>
  );
}
