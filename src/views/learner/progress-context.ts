import { createActorContext } from '@xstate/react';
import { progressMachine } from '../../machines/progress-machine';

/** Mounted by the progress route (its own chunk). */
export const ProgressActorContext = createActorContext(progressMachine);
