import { createActorContext } from '@xstate/react';
import { consentMachine } from '../../machines/consent-machine';

/** The app-wide cookie-consent actor; the app mounts its Provider with the consent storage wired in. */
export const ConsentActorContext = createActorContext(consentMachine);
