/**
 * The cookie banner's panel is a lazily loaded chunk (src/views/consent/cookie-banner.tsx): the
 * first time a test file shows the banner, React suspends until the import resolves. Tests that
 * drive the banner with fake timers load it once beforehand, by opening a banner and waiting for
 * it; from then on it appears in the same render as the state that opens it, as in a browser
 * where the chunk is already there.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { createActor } from 'xstate';
import { consentMachine } from '../../src/machines/consent-machine';
import { CookieBanner } from '../../src/views/consent/cookie-banner';
import { textsIn } from './texts';

export async function loadCookieBannerPanel(): Promise<void> {
  const actor = createActor(consentMachine, { input: { savedChoice: { essential: true, analytics: false } } }).start();
  actor.send({ type: 'OPEN_SETTINGS' });
  render(<CookieBanner consent={actor} language="en" />);
  await screen.findByRole('region', { name: textsIn('en').consent.title });
  cleanup();
  actor.stop();
}
