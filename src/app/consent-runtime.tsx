/**
 * The consent actor, in its own chunk: consent-and-analytics.tsx fetches it once the page has
 * settled for a first visit (the banner is due a second after load) or a learner who allowed
 * analytics, and otherwise only when the footer's Cookie settings is pressed. It mounts the actor
 * beside the page (nothing re-mounts when it arrives) and hands it to the page through `onActor`;
 * the page's banner slot gets its content (CookieBannerContent) from here too. It fetches the
 * analytics chunk once the choice allows analytics (analytics-loader.tsx).
 */
import { useActorRef } from '@xstate/react';
import { useEffect, useState } from 'react';
import type { AnalyticsEvent } from '../domain/analytics-events';
import type { ConsentRecord } from '../domain/consent-record';
import type { ConsentStore } from '../platform/consent-store';
import { AnalyticsWhenAllowed, type AnalyticsLoading } from './analytics-loader';
import type { ConsentActorRef } from './analytics-wiring';
import { wiredConsent } from './consent-wiring';
import type { Channel } from './feeds';
import type { Inspect } from './inspector';

/** What the page's banner slot shows once this chunk is here. */
export { CookieBannerContent } from '../views/consent/cookie-banner';

export interface ConsentRuntimeProps {
  readonly setup: AnalyticsLoading & { readonly consentStore: ConsentStore };
  /** The choice read from storage at the page's start. */
  readonly savedChoice: ConsentRecord | null;
  readonly tracked: Channel<AnalyticsEvent>;
  readonly inspect: Inspect | undefined;
  /** Called with the running actor, and with null when it stops. */
  readonly onActor: (actor: ConsentActorRef | null) => void;
}

export function ConsentRuntime({ setup, savedChoice, tracked, inspect, onActor }: ConsentRuntimeProps) {
  const [logic] = useState(() => wiredConsent(setup.consentStore, setup.logger));
  const consent = useActorRef(logic, { input: { savedChoice }, inspect });
  useEffect(() => {
    onActor(consent);
    return () => onActor(null);
  }, [consent, onActor]);
  return <AnalyticsWhenAllowed consent={consent} setup={setup} tracked={tracked} />;
}
