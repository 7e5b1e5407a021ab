import { createActorContext } from '@xstate/react';
import { readAloudMachine } from '../../machines/read-aloud-machine';

/** Created in the detail route's own chunk, so the read-aloud machine loads only with that route. */
export const ReadAloudActorContext = createActorContext(readAloudMachine);
