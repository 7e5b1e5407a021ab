import { createActorContext } from '@xstate/react';
import { articleListMachine } from '../../machines/article-list-machine';

/** One article-list actor per mounted page (home: 4 cards, list: 20); the app route mounts the Provider. */
export const ArticleListActorContext = createActorContext(articleListMachine);
