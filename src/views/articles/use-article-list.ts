import { useMemo } from 'react';
import { visibleCards } from '../../machines/article-list-machine';
import { ArticleListActorContext } from './article-list-context';

/** 'searching': the filters changed and the server has not answered them yet (list page only). */
export type ListStatus = 'loading' | 'error' | 'showing' | 'empty' | 'searching';
/** What the list page shows under the cards. */
export type PagingStatus = 'more' | 'loadingMore' | 'moreFailed' | 'end' | null;

const PAGING: readonly Exclude<PagingStatus, null>[] = ['more', 'loadingMore', 'moreFailed', 'end'];

/** The list actor's state as the screens need it. */
export function useArticleList() {
  const status = ArticleListActorContext.useSelector((snapshot): ListStatus => {
    if (snapshot.matches('loading')) return 'loading';
    if (snapshot.matches('error')) return 'error';
    if (snapshot.matches({ loaded: 'empty' })) return 'empty';
    return snapshot.matches({ loaded: 'typing' }) || snapshot.matches({ loaded: 'searching' }) ? 'searching' : 'showing';
  });
  const paging = ArticleListActorContext.useSelector(
    (snapshot): PagingStatus => PAGING.find((state) => snapshot.matches({ loaded: state })) ?? null,
  );
  const context = ArticleListActorContext.useSelector((snapshot) => snapshot.context);
  const visible = useMemo(() => visibleCards(context), [context]);
  return { status, paging, context, visible };
}
