import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { wordsPath } from '../../domain/routing';
import { usePageLanguage, useTexts } from '../use-texts';

/** Where the header reads the due count from; the app gives the browser's (src/platform/due-count.ts). */
export interface DueCountSource {
  count(): Promise<number>;
  /** Calls back when saved words change in any tab; returns the unsubscribe. */
  onChange(listener: () => void): () => void;
}

/** "My words" with the number of words due for review, read again on every page and every change. */
export function WordsLink({ source, path, current }: { source: DueCountSource; path: string; current: boolean }) {
  const texts = useTexts();
  const language = usePageLanguage();
  const [due, setDue] = useState(0);

  useEffect(() => {
    let live = true;
    const update = () => void source.count().then((count) => live && setDue(count));
    update();
    const unsubscribe = source.onChange(update);
    return () => {
      live = false;
      unsubscribe();
    };
  }, [source, path]);

  return (
    <Link href={wordsPath(language)} className="nav-link" aria-current={current ? 'page' : undefined}>
      {texts.nav.myWords}
      {due > 0 ? (
        <span className="due-badge" data-testid="due-count">
          {' '}
          {texts.nav.dueCount(due)}
        </span>
      ) : null}
    </Link>
  );
}
