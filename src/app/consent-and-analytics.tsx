/**
 * Cookie consent and analytics, composed: the site origin for head tags, the channel views and
 * machines track events into, and the consent actor, which arrives with its own chunk
 * (consent-runtime.tsx) so that no page's first load carries the consent machine or the analytics
 * loader. The saved choice is read here at once (a few bytes) and decides when the chunk is
 * fetched: once the page has settled for a first visit (the banner is due a second after load) or
 * a learner who allowed analytics; for a learner who refused, only when Cookie settings is pressed.
 * Until the analytics actor runs, tracked events reach nobody, exactly as the analytics machine
 * drops them before it is initialised.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type ComponentType, type ReactNode } from 'react';
import type { AnalyticsEvent } from '../domain/analytics-events';
import { createConsentStore, type ConsentStore } from '../platform/consent-store';
import { consoleLogger } from '../platform/logger';
import { afterPageSettles } from '../platform/main-thread';
import { browserLocalStorage } from '../platform/storage';
import { CookieConsentContext, NO_CONSENT_YET, type CookieConsentState } from '../views/consent/consent-context';
import { TrackingContext } from '../views/consent/tracking-context';
import { SiteOriginContext } from '../views/head/site-origin';
import type { AnalyticsLoading } from './analytics-loader';
import type { ConsentActorRef } from './analytics-wiring';
import { browserSiteOrigin } from './build-env';
import type { CookieBannerProps } from '../views/consent/cookie-banner';
import type { ConsentRuntimeProps } from './consent-runtime';
import { createChannel } from './feeds';
import { useInspect } from './inspector';

export interface ConsentRuntimeModule {
  readonly ConsentRuntime: ComponentType<ConsentRuntimeProps>;
  readonly CookieBannerContent: ComponentType<CookieBannerProps>;
}

export interface ConsentAnalyticsSetup extends AnalyticsLoading {
  readonly consentStore: ConsentStore;
  /** For canonical and Open Graph URLs; no trailing slash. */
  readonly siteOrigin: string;
  /** When a visit that needs the consent actor from the start fetches it; the page settling when absent. */
  readonly whenPageSettles?: () => Promise<void>;
  /** Fetches the consent chunk (tests give it from memory). */
  readonly loadConsentRuntime?: () => Promise<ConsentRuntimeModule>;
}

/** The real thing: localStorage, console, and the configured site origin. */
export function browserConsentAnalyticsSetup(): ConsentAnalyticsSetup {
  return {
    consentStore: createConsentStore(browserLocalStorage()),
    logger: consoleLogger,
    siteOrigin: browserSiteOrigin(),
  };
}

const loadConsentChunk = (): Promise<ConsentRuntimeModule> => import('./consent-runtime');

export function ConsentAndAnalyticsProvider({ setup: given, children }: { setup?: ConsentAnalyticsSetup; children: ReactNode }) {
  const [setup] = useState(() => given ?? browserConsentAnalyticsSetup());
  const [savedChoice] = useState(() => setup.consentStore.load());
  const inspect = useInspect();
  const [tracked] = useState(() => createChannel<AnalyticsEvent>());
  const [wanted, setWanted] = useState(false);
  const [runtime, setRuntime] = useState<ConsentRuntimeModule | null>(null);
  const [actor, setActor] = useState<ConsentActorRef | null>(null);
  // Cookie settings pressed before the actor was there: it opens the banner as soon as it is.
  const openWhenReady = useRef(false);

  useEffect(() => {
    if (savedChoice?.analytics === false) return;
    let live = true;
    void (setup.whenPageSettles ?? afterPageSettles)().then(() => {
      if (live) setWanted(true);
    });
    return () => {
      live = false;
    };
  }, [savedChoice, setup]);

  useEffect(() => {
    if (!wanted) return;
    let live = true;
    (setup.loadConsentRuntime ?? loadConsentChunk)().then(
      (module) => {
        if (live) setRuntime(module);
      },
      (error: unknown) => {
        setup.logger.warn('Cookie settings could not be loaded; the site works the same', error);
        // The next press of Cookie settings tries again.
        if (live) setWanted(false);
      },
    );
    return () => {
      live = false;
    };
  }, [wanted, setup]);

  // What the footer reads; published here, not as a new context value (consent-context.ts says why).
  const [state] = useState(() => publishedConsent());
  const Banner = runtime?.CookieBannerContent ?? null;
  useEffect(() => state.set({ actor, Banner }), [state, actor, Banner]);

  useEffect(() => {
    if (actor === null || !openWhenReady.current) return;
    openWhenReady.current = false;
    actor.send({ type: 'OPEN_SETTINGS' });
  }, [actor]);

  const openSettings = useCallback(() => {
    const current = state.snapshot().actor;
    if (current !== null) current.send({ type: 'OPEN_SETTINGS' });
    else {
      openWhenReady.current = true;
      setWanted(true);
    }
  }, [state]);
  const consent = useMemo(() => ({ subscribe: state.subscribe, snapshot: state.snapshot, openSettings }), [state, openSettings]);

  return (
    <SiteOriginContext.Provider value={setup.siteOrigin}>
      <CookieConsentContext.Provider value={consent}>
        <TrackingContext.Provider value={tracked.publish}>
          {runtime === null ? null : (
            <runtime.ConsentRuntime setup={setup} savedChoice={savedChoice} tracked={tracked} inspect={inspect} onActor={setActor} />
          )}
          {children}
        </TrackingContext.Provider>
      </CookieConsentContext.Provider>
    </SiteOriginContext.Provider>
  );
}

function publishedConsent() {
  let state: CookieConsentState = NO_CONSENT_YET;
  const listeners = new Set<() => void>();
  return {
    subscribe: (onChange: () => void) => {
      listeners.add(onChange);
      return () => void listeners.delete(onChange);
    },
    snapshot: () => state,
    set: (next: CookieConsentState) => {
      if (next.actor === state.actor && next.Banner === state.Banner) return;
      state = next;
      for (const listener of listeners) listener();
    },
  };
}
