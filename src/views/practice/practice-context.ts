import { createActorContext } from '@xstate/react';
import { createContext } from 'react';
import { practiceMachine } from '../../machines/practice-machine';

/** Created in the practice route's own chunk, so the practice machine loads only with that route. */
export const PracticeActorContext = createActorContext(practiceMachine);

/** Reads a sentence aloud with the read-aloud's speech engine (given by src/app); null where there is no speech. */
export const PracticeSpeechContext = createContext<((sentence: string) => void) | null>(null);
