/**
 * The cookie banner's place on every page: a polite live region, present from the first paint so
 * that screen readers announce the banner when it appears in it. The banner itself
 * (cookie-banner-panel.tsx) is a chunk of its own, loaded when it first opens: a second after a
 * first visit's page has loaded, or from the footer's Cookie settings. Returning visitors, whose
 * choice is saved, never load it.
 */
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { TextLanguage } from '../../../common/languages';
import type { ConsentMachine } from '../../machines/consent-machine';

const CookieBannerPanel = lazy(() => import('./cookie-banner-panel').then((module) => ({ default: module.CookieBannerPanel })));

export interface CookieBannerProps {
  /** The consent actor; null until its chunk has arrived (the slot is there all the same). */
  readonly consent: ActorRefFrom<ConsentMachine> | null;
  /** The page's text language (the banner's texts load with the panel, not in the first load). */
  readonly language: TextLanguage;
}

export function CookieBanner({ consent, language }: CookieBannerProps) {
  return (
    <div className="cookie-banner-slot" aria-live="polite">
      {consent === null ? null : <CookieBannerWhenOpen consent={consent} language={language} />}
    </div>
  );
}

function CookieBannerWhenOpen({ consent, language }: CookieBannerProps & { consent: ActorRefFrom<ConsentMachine> }) {
  const open = useSelector(consent, (snapshot) => snapshot.hasTag('banner'));
  // Once opened, the panel stays mounted: closing is its own transition (focus goes back to the footer).
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened ? (
    <Suspense fallback={null}>
      <CookieBannerPanel consent={consent} language={language} />
    </Suspense>
  ) : null;
}
