/**
 * Cookie consent and analytics, wired into the app: the two actors (consent restored from
 * storage; analytics with the real browser services), the bridge that lets consent switch
 * analytics on and off, page views on route changes, <html lang>, the footer and banner,
 * and the trackers that record the spec's events where they happen.
 */
import { createActorContext } from '@xstate/react';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { articleClickFromHomepage, languageChange, type AnalyticsEvent } from '../domain/analytics-events';
import { pathSegments } from '../domain/routing';
import { consentMachine } from '../machines/consent-machine';
import {
  analyticsMachine,
  configuredProviders,
  createAnalyticsMachine,
  type AnalyticsServices,
} from '../machines/analytics-machine';
import type { AnalyticsProvider } from '../platform/analytics-providers';
import { createConsentStore, type ConsentStore } from '../platform/consent-store';
import { captureStaticHeadTags, setHtmlLang } from '../platform/document-head';
import { browserEnvironment } from '../platform/environment';
import { consoleLogger, type Logger } from '../platform/logger';
import { fetchNetworkProbe } from '../platform/network-probe';
import { browserLocalStorage } from '../platform/storage';
import { ArticleListActorContext } from '../views/articles/article-list-context';
import { CookieBanner } from '../views/consent/cookie-banner';
import { TrackingContext, useTrack } from '../views/consent/tracking-context';
import { Footer } from '../views/footer';
import { SiteOriginContext } from '../views/head/site-origin';
import { usePageLanguage, useTextLanguage } from '../views/use-texts';
import { browserAppConfig, type AppConfig } from './config';
import { useInspect } from './inspector';
import { lazyAnalyticsProvider } from './lazy-analytics-provider';

export const ConsentActorContext = createActorContext(consentMachine);
export const AnalyticsActorContext = createActorContext(analyticsMachine);

export interface ConsentAnalyticsSetup {
  readonly consentStore: ConsentStore;
  readonly analytics: AnalyticsServices;
  readonly logger: Logger;
  /** For canonical and Open Graph URLs; no trailing slash. */
  readonly siteOrigin: string;
}

/** The enabled providers; each downloads its code only when consent first loads it. */
export function analyticsProvidersFor(
  config: AppConfig['analytics'],
  logger: Logger,
): Partial<Record<'china' | 'global', AnalyticsProvider>> {
  const providers: Partial<Record<'china' | 'global', AnalyticsProvider>> = {};
  const { googleAnalytics, baiduTongji } = config;
  const platform = () => Promise.all([import('../platform/analytics-providers'), import('../platform/script-loader')]);
  if (googleAnalytics.enabled) {
    providers.global = lazyAnalyticsProvider(
      'google-analytics-4',
      async () => {
        const [{ createGa4Provider }, { browserScriptLoader }] = await platform();
        return createGa4Provider({ measurementId: googleAnalytics.id, scriptUrl: googleAnalytics.scriptUrl, scriptLoader: browserScriptLoader() });
      },
      logger,
    );
  }
  if (baiduTongji.enabled) {
    providers.china = lazyAnalyticsProvider(
      'baidu-tongji',
      async () => {
        const [{ createBaiduProvider }, { browserScriptLoader }] = await platform();
        return createBaiduProvider({ siteId: baiduTongji.id, scriptUrl: baiduTongji.scriptUrl, scriptLoader: browserScriptLoader() });
      },
      logger,
    );
  }
  return providers;
}

/** The real thing: localStorage, script elements, fetch, window globals, console. */
export function browserConsentAnalyticsSetup(config: AppConfig = browserAppConfig()): ConsentAnalyticsSetup {
  return {
    consentStore: createConsentStore(browserLocalStorage()),
    analytics: {
      environment: browserEnvironment(),
      probe: fetchNetworkProbe(),
      probeUrl: config.analytics.chinaProbeUrl,
      providers: analyticsProvidersFor(config.analytics, consoleLogger),
      logger: consoleLogger,
    },
    logger: consoleLogger,
    siteOrigin: config.siteOrigin,
  };
}

/** Consent decides; analytics follows. Only changes are passed on. */
function ConsentAnalyticsBridge() {
  const consent = ConsentActorContext.useActorRef();
  const analytics = AnalyticsActorContext.useActorRef();
  useEffect(() => {
    let last: boolean | null = null;
    const apply = () => {
      const allowed = consent.getSnapshot().context.choice?.analytics ?? null;
      if (allowed === last) return;
      last = allowed;
      if (allowed === true) analytics.send({ type: 'CONSENT_GRANTED' });
      else if (allowed === false) analytics.send({ type: 'CONSENT_REVOKED' });
    };
    apply();
    const subscription = consent.subscribe(apply);
    return () => subscription.unsubscribe();
  }, [consent, analytics]);
  return null;
}

function RouteChangeReporter() {
  const analytics = AnalyticsActorContext.useActorRef();
  const [path] = useLocation();
  useEffect(() => {
    analytics.send({ type: 'ROUTE_CHANGED', path });
  }, [analytics, path]);
  return null;
}

function LanguageChangeTracker() {
  const language = usePageLanguage();
  const track = useTrack();
  const previous = useRef(language);
  useEffect(() => {
    if (previous.current === language) return;
    track(languageChange({ fromLanguage: previous.current, toLanguage: language }));
    previous.current = language;
  }, [language, track]);
  return null;
}

function HtmlLang() {
  const textLanguage = useTextLanguage();
  // Noted before React adds its own head tags, removed right after.
  const [removeStaticHeadTags] = useState(() => captureStaticHeadTags());
  useLayoutEffect(() => {
    // The server's head tags helped crawlers and link previews; from here on React renders the head.
    removeStaticHeadTags();
  }, [removeStaticHeadTags]);
  useEffect(() => {
    setHtmlLang(textLanguage);
  }, [textLanguage]);
  return null;
}

export function ConsentAndAnalyticsProvider({
  setup: given,
  children,
}: {
  setup?: ConsentAnalyticsSetup;
  children: ReactNode;
}) {
  const [setup] = useState(() => given ?? browserConsentAnalyticsSetup());
  const [savedChoice] = useState(() => setup.consentStore.load());
  const [path] = useLocation();
  const inspect = useInspect();
  const consentLogic = useMemo(
    () =>
      consentMachine.provide({
        actions: {
          persistChoice: ({ context }) => {
            if (context.choice !== null && !setup.consentStore.save(context.choice)) {
              setup.logger.warn('Cookie choice could not be saved; it applies to this visit only');
            }
          },
        },
      }),
    [setup],
  );
  const analyticsLogic = useMemo(() => createAnalyticsMachine(setup.analytics), [setup]);

  return (
    <SiteOriginContext.Provider value={setup.siteOrigin}>
      <ConsentActorContext.Provider logic={consentLogic} options={{ input: { savedChoice }, inspect }}>
        <AnalyticsActorContext.Provider
          logic={analyticsLogic}
          options={{ input: { providers: configuredProviders(setup.analytics), path }, inspect }}
        >
          <TrackingBridge>
            <ConsentAnalyticsBridge />
            <RouteChangeReporter />
            <LanguageChangeTracker />
            <HtmlLang />
            {children}
          </TrackingBridge>
        </AnalyticsActorContext.Provider>
      </ConsentActorContext.Provider>
    </SiteOriginContext.Provider>
  );
}

function TrackingBridge({ children }: { children: ReactNode }) {
  const analytics = AnalyticsActorContext.useActorRef();
  const track = useCallback((event: AnalyticsEvent) => analytics.send({ type: 'TRACK', event }), [analytics]);
  return <TrackingContext.Provider value={track}>{children}</TrackingContext.Provider>;
}

/** After <main> on every page: the footer with "Cookie settings", then the banner. */
export function FooterAndCookieBanner() {
  const consent = ConsentActorContext.useActorRef();
  const language = usePageLanguage();
  return (
    <>
      <Footer language={language} onOpenCookieSettings={() => consent.send({ type: 'OPEN_SETTINGS' })} />
      <CookieBanner consent={consent} language={language} />
    </>
  );
}

/** The article id a link points at, when it is an article page link (/{lang}/articles/{id}). */
export function articleIdFromHref(href: string | null): string | null {
  if (href === null) return null;
  let path = href;
  try {
    path = new URL(href, 'http://site.invalid').pathname;
  } catch {
    return null;
  }
  const segments = pathSegments(path);
  if (segments.length !== 3 || segments[1] !== 'articles') return null;
  try {
    return decodeURIComponent(segments[2] ?? '');
  } catch {
    return segments[2] ?? null;
  }
}

/**
 * Wraps the home page: a click on any link to an article records
 * article_click_from_homepage with the card's source. Listening on a wrapper keeps the
 * card views free of analytics code.
 */
export function HomeArticleClickTracker({ children }: { children: ReactNode }) {
  const track = useTrack();
  const actor = ArticleListActorContext.useActorRef();
  const onClickCapture = (event: MouseEvent<HTMLDivElement>) => {
    const link = (event.target as Element | null)?.closest?.('a[href]');
    const articleId = articleIdFromHref(link?.getAttribute('href') ?? null);
    if (articleId === null) return;
    const card = actor.getSnapshot().context.cards.find((candidate) => candidate.id === articleId);
    track(articleClickFromHomepage({ articleId, source: card?.source ?? 'unknown' }));
  };
  return (
    <div className="tracking-boundary" style={{ display: 'contents' }} onClickCapture={onClickCapture}>
      {children}
    </div>
  );
}
