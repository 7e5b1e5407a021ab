import { useMemo } from 'react';
import { visibleCards } from '../../machines/article-list-machine';
import { ArticleListActorContext } from './article-list-context';

export type ListStatus = 'loading' | 'error' | 'showing' | 'empty';

/** The list actor's state as the screens need it. */
export function useArticleList() {
  const status = ArticleListActorContext.useSelector((snapshot): ListStatus => {
    if (snapshot.matches('loading')) return 'loading';
    if (snapshot.matches('error')) return 'error';
    return snapshot.matches({ loaded: 'empty' }) ? 'empty' : 'showing';
  });
  const context = ArticleListActorContext.useSelector((snapshot) => snapshot.context);
  const visible = useMemo(() => visibleCards(context), [context]);
  return { status, context, visible };
}
