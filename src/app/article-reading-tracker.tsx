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

interface ReadingSession {
  readonly id: string;
  readonly startedAt: number;
  readonly language: string;
  readonly difficulty: string;
  completed: boolean;
  /** A completion waiting to see whether the tracker really went away (see below). */
  pending: ReturnType<typeof setTimeout> | null;
}

/**
 * article_start once an article has loaded; article_complete when the learner leaves it
 * (another page, another article or language, or closing the tab), with the time spent on
 * it in whole seconds. Each happens once per article visit.
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
  const session = useRef<ReadingSession | null>(null);
  const nowRef = useRef(now);
  nowRef.current = now;
  const trackRef = useRef(track);
  trackRef.current = track;

  useEffect(() => {
    if (article === null) return;
    const previous = session.current;
    if (previous?.id === article.id && !previous.completed) {
      // Still the same visit: React's StrictMode remounting in development, or the language
      // changing, which reloads the article (the visit ends when it unloads, below).
      if (previous.pending !== null) clearTimeout(previous.pending);
      previous.pending = null;
    } else {
      session.current = {
        id: article.id,
        startedAt: nowRef.current(),
        language,
        difficulty: article.difficulty,
        completed: false,
        pending: null,
      };
      trackRef.current(
        articleStart({ articleId: article.id, source: article.source, language, difficulty: article.difficulty }),
      );
    }
    const current = session.current as ReadingSession;

    const complete = () => {
      if (current.pending !== null) clearTimeout(current.pending);
      current.pending = null;
      if (current.completed) return;
      current.completed = true;
      trackRef.current(
        articleComplete({
          articleId: current.id,
          readingTimeSeconds: (nowRef.current() - current.startedAt) / 1000,
          language: current.language,
          difficulty: current.difficulty,
        }),
      );
    };

    window.addEventListener('pagehide', complete);
    return () => {
      window.removeEventListener('pagehide', complete);
      if (!current.completed) current.pending = setTimeout(complete, 0);
    };
  }, [article, language]);

  return null;
}

/** The tracker fed from the detail actor: an article counts as started once it has loaded. */
export function DetailReadingTracker({ now }: { now?: () => number }) {
  const article = ArticleDetailActorContext.useSelector((snapshot) =>
    snapshot.matches('loaded') ? snapshot.context.article : null,
  );
  return now === undefined ? <ArticleReadingTracker article={article} /> : <ArticleReadingTracker article={article} now={now} />;
}
