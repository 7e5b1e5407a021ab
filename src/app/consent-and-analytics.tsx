/**
 * Cookie consent and analytics, composed: the consent actor (restored from storage, its choices
 * saved), the site origin for head tags, and the channel views and machines track events into.
 * The analytics actor arrives with its own chunk once consent allows analytics
 * (analytics-loader.tsx); until then tracked events reach nobody, exactly as the analytics
 * machine drops them before it is initialised.
 */
import { useState, type ReactNode } from 'react';
import type { AnalyticsEvent } from '../domain/analytics-events';
import { createConsentStore, type ConsentStore } from '../platform/consent-store';
import { consoleLogger } from '../platform/logger';
import { browserLocalStorage } from '../platform/storage';
import { ConsentActorContext } from '../views/consent/consent-context';
import { TrackingContext } from '../views/consent/tracking-context';
import { SiteOriginContext } from '../views/head/site-origin';
import { AnalyticsWhenAllowed, type AnalyticsLoading } from './analytics-loader';
import { browserSiteOrigin } from './build-env';
import { wiredConsent } from './consent-wiring';
import { createChannel } from './feeds';
import { useInspect } from './inspector';

export interface ConsentAnalyticsSetup extends AnalyticsLoading {
  readonly consentStore: ConsentStore;
  /** For canonical and Open Graph URLs; no trailing slash. */
  readonly siteOrigin: string;
}

/** The real thing: localStorage, console, and the configured site origin. */
export function browserConsentAnalyticsSetup(): ConsentAnalyticsSetup {
  return {
    consentStore: createConsentStore(browserLocalStorage()),
    logger: consoleLogger,
    siteOrigin: browserSiteOrigin(),
  };
}

export function ConsentAndAnalyticsProvider({ setup: given, children }: { setup?: ConsentAnalyticsSetup; children: ReactNode }) {
  const [setup] = useState(() => given ?? browserConsentAnalyticsSetup());
  const [savedChoice] = useState(() => setup.consentStore.load());
  const inspect = useInspect();
  const [consentLogic] = useState(() => wiredConsent(setup.consentStore, setup.logger));
  const [tracked] = useState(() => createChannel<AnalyticsEvent>());

  return (
    <SiteOriginContext.Provider value={setup.siteOrigin}>
      <ConsentActorContext.Provider logic={consentLogic} options={{ input: { savedChoice }, inspect }}>
        <TrackingContext.Provider value={tracked.publish}>
          <AnalyticsWhenAllowed setup={setup} tracked={tracked} />
          {children}
        </TrackingContext.Provider>
      </ConsentActorContext.Provider>
    </SiteOriginContext.Provider>
  );
}
