/**
 * Cookie consent and analytics, wired into the app: the consent actor (restored from storage),
 * <html lang>, the footer and banner, and the trackers that record the spec's events where they
 * happen. The analytics actor lives in analytics-runtime.tsx, a separate chunk fetched only once
 * consent allows analytics: until then there is nothing to send events to, and views' events go
 * nowhere, exactly as the analytics machine drops them before it is initialised.
 */
import { createActorContext } from '@xstate/react';
import { useCallback, useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { articleClickFromHomepage, languageChange, type AnalyticsEvent } from '../domain/analytics-events';
import { articleIdFromHref } from '../domain/routing';
import { consentMachine } from '../machines/consent-machine';
import type { AnalyticsServices } from '../machines/analytics-machine';
import { createConsentStore, type ConsentStore } from '../platform/consent-store';
import { consoleLogger, type Logger } from '../platform/logger';
import { browserLocalStorage } from '../platform/storage';
import { ArticleListActorContext } from '../views/articles/article-list-context';
import { CookieBanner } from '../views/consent/cookie-banner';
import { TrackingContext, useTrack } from '../views/consent/tracking-context';
import { Footer } from '../views/footer';
import { SiteOriginContext } from '../views/head/site-origin';
import { usePageLanguage } from '../views/use-texts';
import type { AnalyticsRuntimeProps } from './analytics-runtime';
import { browserAppConfig, type AppConfig } from './config';
import { useInspect } from './inspector';

export const ConsentActorContext = createActorContext(consentMachine);

export interface AnalyticsRuntimeModule {
  readonly AnalyticsRuntime: (props: AnalyticsRuntimeProps) => ReactNode;
}

export interface ConsentAnalyticsSetup {
  readonly consentStore: ConsentStore;
  /** Fakes in tests; when absent the analytics chunk builds the browser's real services. */
  readonly analytics?: AnalyticsServices;
  readonly logger: Logger;
  /** For canonical and Open Graph URLs; no trailing slash. */
  readonly siteOrigin: string;
  /** Fetches the analytics chunk; called once, the first time consent allows analytics. */
  readonly loadAnalyticsRuntime?: () => Promise<AnalyticsRuntimeModule>;
}

const loadAnalyticsChunk = (): Promise<AnalyticsRuntimeModule> => import('./analytics-runtime');

/** The real thing: localStorage, console, and the configured site origin. */
export function browserConsentAnalyticsSetup(config: AppConfig = browserAppConfig()): ConsentAnalyticsSetup {
  return {
    consentStore: createConsentStore(browserLocalStorage()),
    logger: consoleLogger,
    siteOrigin: config.siteOrigin,
  };
}

/**
 * Fetches and mounts the analytics runtime the first time consent allows analytics, and keeps it
 * mounted after that, so withdrawing consent still reaches the actor (privacy_opt_out).
 */
function AnalyticsWhenAllowed({
  setup,
  onTracker,
}: {
  setup: ConsentAnalyticsSetup;
  onTracker: AnalyticsRuntimeProps['onTracker'];
}) {
  const consent = ConsentActorContext.useActorRef();
  const allowed = ConsentActorContext.useSelector((snapshot) => snapshot.context.choice?.analytics === true);
  const [runtime, setRuntime] = useState<AnalyticsRuntimeModule | null>(null);
  const [wanted, setWanted] = useState(false);
  if (allowed && !wanted) setWanted(true);

  useEffect(() => {
    if (!wanted) return;
    let live = true;
    (setup.loadAnalyticsRuntime ?? loadAnalyticsChunk)().then(
      (module) => {
        if (live) setRuntime(module);
      },
      (error: unknown) => setup.logger.warn('Analytics could not be loaded; the site works the same', error),
    );
    return () => {
      live = false;
    };
  }, [wanted, setup]);

  if (runtime === null) return null;
  const { AnalyticsRuntime } = runtime;
  const services = setup.analytics === undefined ? {} : { services: setup.analytics };
  return <AnalyticsRuntime consent={consent} {...services} logger={setup.logger} onTracker={onTracker} />;
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

export function ConsentAndAnalyticsProvider({
  setup: given,
  children,
}: {
  setup?: ConsentAnalyticsSetup;
  children: ReactNode;
}) {
  const [setup] = useState(() => given ?? browserConsentAnalyticsSetup());
  const [savedChoice] = useState(() => setup.consentStore.load());
  const inspect = useInspect();
  const [consentLogic] = useState(() =>
    consentMachine.provide({
      actions: {
        persistChoice: ({ context }) => {
          if (context.choice !== null && !setup.consentStore.save(context.choice)) {
            setup.logger.warn('Cookie choice could not be saved; it applies to this visit only');
          }
        },
      },
    }),
  );
  // Events go to the analytics actor once its chunk is mounted; before that there is nobody to tell.
  const tracker = useRef<((event: AnalyticsEvent) => void) | null>(null);
  const track = useCallback((event: AnalyticsEvent) => tracker.current?.(event), []);
  const onTracker = useCallback((next: ((event: AnalyticsEvent) => void) | null) => {
    tracker.current = next;
  }, []);

  return (
    <SiteOriginContext.Provider value={setup.siteOrigin}>
      <ConsentActorContext.Provider logic={consentLogic} options={{ input: { savedChoice }, inspect }}>
        <TrackingContext.Provider value={track}>
          <AnalyticsWhenAllowed setup={setup} onTracker={onTracker} />
          <LanguageChangeTracker />
          {children}
        </TrackingContext.Provider>
      </ConsentActorContext.Provider>
    </SiteOriginContext.Provider>
  );
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
