import { createActorContext } from '@xstate/react';
import { reviewMachine } from '../../machines/review-machine';

/** Created in the review route's own chunk, so the review machine loads only with that route. */
export const ReviewActorContext = createActorContext(reviewMachine);
