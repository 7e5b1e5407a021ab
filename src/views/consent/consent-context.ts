import { createContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { ConsentMachine } from '../../machines/consent-machine';

export interface CookieConsent {
  /** The consent actor once its chunk has arrived; null before (and on the server). */
  readonly actor: ActorRefFrom<ConsentMachine> | null;
  /** The footer's "Cookie settings": opens the banner, fetching the consent chunk first if need be. */
  readonly openSettings: () => void;
}

/** The app-wide cookie consent; the app provides it (consent-and-analytics.tsx). */
export const CookieConsentContext = createContext<CookieConsent>({ actor: null, openSettings: () => {} });
