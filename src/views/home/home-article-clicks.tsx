/**
 * Wraps the home page: a click on any link to an article records article_click_from_homepage
 * with the card's source. Listening on a wrapper keeps the card views free of analytics code.
 */
import type { MouseEvent, ReactNode } from 'react';
import { articleClickFromHomepage } from '../../domain/analytics-event';
import { articleIdFromHref } from '../../domain/routing';
import { ArticleListActorContext } from '../articles/article-list-context';
import { useTrack } from '../consent/tracking-context';

export function HomeArticleClickTracker({ children }: { children: ReactNode }) {
  const track = useTrack();
  const actor = ArticleListActorContext.useActorRef();
  const onClickCapture = (event: MouseEvent<HTMLDivElement>) => {
    const link = (event.target as Element | null)?.closest?.('a[href]');
    const articleId = articleIdFromHref(link?.getAttribute('href') ?? null);
    if (articleId === null) return;
    const card = actor.getSnapshot().context.cards.find((candidate) => candidate.id === articleId);
    track(articleClickFromHomepage({ articleId, source: card?.source ?? 'unknown' }));
  };
  return (
    <div className="tracking-boundary" style={{ display: 'contents' }} onClickCapture={onClickCapture}>
      {children}
    </div>
  );
}
