import { createActorContext } from '@xstate/react';
import { savedWordsMachine } from '../../machines/saved-words-machine';

/** Mounted by the words route and the article route, each in its own chunk. */
export const SavedWordsActorContext = createActorContext(savedWordsMachine);
