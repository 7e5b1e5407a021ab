import { createActorContext } from '@xstate/react';
import { wordLookupMachine } from '../../machines/word-lookup-machine';

/** Created in the detail route's own chunk, so the look-up machine loads only with that route. */
export const WordLookupActorContext = createActorContext(wordLookupMachine);
