import { createContext, type ComponentType } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { ConsentMachine } from '../../machines/consent-machine';
import type { CookieBannerProps } from './cookie-banner';

export interface CookieConsent {
  /** The consent actor once its chunk has arrived; null before (and on the server). */
  readonly actor: ActorRefFrom<ConsentMachine> | null;
  /** What goes in the banner's slot; it arrives with the actor (cookie-banner.tsx's CookieBannerContent). */
  readonly Banner: ComponentType<CookieBannerProps> | null;
  /** The footer's "Cookie settings": opens the banner, fetching the consent chunk first if need be. */
  readonly openSettings: () => void;
}

/** The app-wide cookie consent; the app provides it (consent-and-analytics.tsx). */
export const CookieConsentContext = createContext<CookieConsent>({ actor: null, Banner: null, openSettings: () => {} });
