/**
 * The cookie banner in its slot (cookie-banner-slot.tsx, in every page's first load). This file
 * travels with the consent actor's chunk (src/app/consent-runtime.tsx), and the banner itself
 * (cookie-banner-panel.tsx) is a chunk of its own, loaded when it first opens: a second after a
 * first visit's page has loaded, or from the footer's Cookie settings. Returning visitors, whose
 * choice is saved, never load it.
 */
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { TextLanguage } from '../../../common/languages';
import type { ConsentMachine } from '../../machines/consent-machine';
import { CookieBannerSlot } from './cookie-banner-slot';

const CookieBannerPanel = lazy(() => import('./cookie-banner-panel').then((module) => ({ default: module.CookieBannerPanel })));

export interface CookieBannerProps {
  readonly consent: ActorRefFrom<ConsentMachine>;
  /** The page's text language (the banner's texts load with the panel, not in the first load). */
  readonly language: TextLanguage;
}

/** The slot with the banner in it: what a page shows once the consent actor runs. */
export function CookieBanner(props: CookieBannerProps) {
  return (
    <CookieBannerSlot>
      <CookieBannerContent {...props} />
    </CookieBannerSlot>
  );
}

/** The banner, inside the slot, while the consent machine says it is open. */
export function CookieBannerContent({ consent, language }: CookieBannerProps) {
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
