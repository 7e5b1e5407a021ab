/**
 * The consent machine with the consent store: a choice is saved where it can be, and a choice that
 * cannot be saved (private mode, full storage) is logged and applies to this visit only.
 */
import { consentMachine } from '../machines/consent-machine';
import type { ConsentStore } from '../platform/consent-store';
import type { Logger } from '../platform/logger';

export function wiredConsent(consentStore: ConsentStore, logger: Logger) {
  return consentMachine.provide({
    actions: {
      persistChoice: ({ context }) => {
        if (context.choice !== null && !consentStore.save(context.choice)) {
          logger.warn('Cookie choice could not be saved; it applies to this visit only');
        }
      },
    },
  });
}
