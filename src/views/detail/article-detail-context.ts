import { createActorContext } from '@xstate/react';
import { articleDetailMachine } from '../../machines/article-detail-machine';

/** Created in the detail route's own chunk, so the detail machine loads only with that route. */
export const ArticleDetailActorContext = createActorContext(articleDetailMachine);
