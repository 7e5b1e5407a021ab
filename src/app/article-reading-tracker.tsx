/**
 * Records article_start and article_complete on the article page. Lives in the detail
 * route's chunk because it reads the detail actor.
 */
import { useEffect, useRef } from 'react';
import { articleComplete, articleStart } from '../domain/analytics-events';
import { ArticleDetailActorContext } from '../views/detail/article-detail-context';
import { useTrack } from '../views/consent/tracking-context';
import { usePageLanguage } from '../views/use-texts';

export interface ReadingArticle {
  readonly id: string;
  readonly source: string;
  readonly difficulty: string;
}

/**
 * article_start when an article has loaded; article_complete (time on the article, in
 * seconds, rounded) when the learner leaves it having reached its end, which the marker
 * this renders after the article shows.
 */
export function ArticleReadingTracker({
  article,
  now = () => Date.now(),
}: {
  article: ReadingArticle | null;
  now?: () => number;
}) {
  const track = useTrack();
  const language = usePageLanguage();
  const endMarker = useRef<HTMLDivElement>(null);
  const session = useRef<{ id: string; startedAt: number; reachedEnd: boolean; completed: boolean } | null>(null);
  const nowRef = useRef(now);
  nowRef.current = now;

  useEffect(() => {
    if (article === null) return;
    if (session.current?.id !== article.id) {
      session.current = { id: article.id, startedAt: nowRef.current(), reachedEnd: false, completed: false };
      track(articleStart({ articleId: article.id, source: article.source, language, difficulty: article.difficulty }));
    }
    const current = session.current;
    const complete = () => {
      if (!current.reachedEnd || current.completed) return;
      current.completed = true;
      track(
        articleComplete({
          articleId: current.id,
          readingTimeSeconds: (nowRef.current() - current.startedAt) / 1000,
          language,
          difficulty: article.difficulty,
        }),
      );
    };
    let observer: IntersectionObserver | null = null;
    const marker = endMarker.current;
    if (marker !== null && typeof IntersectionObserver === 'function') {
      observer = new IntersectionObserver((entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          current.reachedEnd = true;
          observer?.disconnect();
        }
      });
      observer.observe(marker);
    }
    window.addEventListener('pagehide', complete);
    return () => {
      observer?.disconnect();
      window.removeEventListener('pagehide', complete);
      complete();
    };
  }, [article, language, track]);

  return <div ref={endMarker} className="article-end-marker" aria-hidden="true" />;
}

/** The tracker fed from the detail actor: an article counts as started once it has loaded. */
export function DetailReadingTracker({ now }: { now?: () => number }) {
  const article = ArticleDetailActorContext.useSelector((snapshot) =>
    snapshot.matches('loaded') ? snapshot.context.article : null,
  );
  return now === undefined ? <ArticleReadingTracker article={article} /> : <ArticleReadingTracker article={article} now={now} />;
}
