/**
 * The consent machine with the consent store: a choice is saved where it can be, and a choice that
 * cannot be saved (private mode, full storage) is logged and applies to this visit only. The
 * banner's second counts from the page's load, not from when this chunk arrived (it is fetched
 * once the page has settled, consent-and-analytics.tsx), so a first visit still sees it then.
 */
import { BANNER_DELAY_MS, consentMachine } from '../machines/consent-machine';
import type { ConsentStore } from '../platform/consent-store';
import type { Logger } from '../platform/logger';
import { msSincePageLoaded } from '../platform/page-load-time';

export function wiredConsent(consentStore: ConsentStore, logger: Logger) {
  return consentMachine.provide({
    actions: {
      persistChoice: ({ context }) => {
        if (context.choice !== null && !consentStore.save(context.choice)) {
          logger.warn('Cookie choice could not be saved; it applies to this visit only');
        }
      },
    },
    delays: {
      bannerDelay: () => Math.max(0, BANNER_DELAY_MS - msSincePageLoaded()),
    },
  });
}
