import { createActorContext } from '@xstate/react';
import { languageMachine } from '../machines/language-machine';

/** The app-wide language actor; the app mounts its Provider with the router's navigate wired in. */
export const LanguageActorContext = createActorContext(languageMachine);
