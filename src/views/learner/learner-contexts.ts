import { createActorContext } from '@xstate/react';
import { lemmaInventoryMachine } from '../../machines/lemma-inventory-machine';
import { wordStatusMachine } from '../../machines/word-status-machine';

/** Mounted by the article route, and by the coverage chunk of home and the list once the learner has statuses. */
export const WordStatusActorContext = createActorContext(wordStatusMachine);
export const LemmaInventoryActorContext = createActorContext(lemmaInventoryMachine);
