import { createContext, useContext, useSyncExternalStore, type ComponentType } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { ConsentMachine } from '../../machines/consent-machine';
import type { CookieBannerProps } from './cookie-banner';

export interface CookieConsentState {
  /** The consent actor once its chunk has arrived; null before (and on the server). */
  readonly actor: ActorRefFrom<ConsentMachine> | null;
  /** What goes in the banner's slot; it arrives with the actor (cookie-banner.tsx's CookieBannerContent). */
  readonly Banner: ComponentType<CookieBannerProps> | null;
}

/**
 * The app-wide cookie consent; the app provides it (consent-and-analytics.tsx). The context's value never
 * changes: the actor's arrival (after the page settles) is read through `subscribe`/`snapshot`, so it re-renders
 * only the footer. A changed context value would also reach a route still waiting for its code to hydrate (the
 * article's, decision 28), and React then drops that route's server HTML and renders it again: the page jumps.
 */
export interface CookieConsent {
  readonly subscribe: (onChange: () => void) => () => void;
  readonly snapshot: () => CookieConsentState;
  /** The footer's "Cookie settings": opens the banner, fetching the consent chunk first if need be. */
  readonly openSettings: () => void;
}

export const NO_CONSENT_YET: CookieConsentState = { actor: null, Banner: null };

export const CookieConsentContext = createContext<CookieConsent>({
  subscribe: () => () => {},
  snapshot: () => NO_CONSENT_YET,
  openSettings: () => {},
});

/** The consent state now, and again whenever the actor or the banner arrives. */
export function useCookieConsentState(): CookieConsentState {
  const { subscribe, snapshot } = useContext(CookieConsentContext);
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
