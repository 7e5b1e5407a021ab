import { createActorContext } from '@xstate/react';
import { placementMachine } from '../../machines/placement-machine';

/** Mounted by the level route (its own chunk). */
export const PlacementActorContext = createActorContext(placementMachine);
