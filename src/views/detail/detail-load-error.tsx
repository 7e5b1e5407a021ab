import { Link } from 'wouter';
import { listPath } from '../../domain/routing';
import { usePageLanguage, useTexts } from '../use-texts';

/**
 * The detail page's error state for when the page's own code could not be loaded (the server
 * was unreachable when the learner opened an article): the same message and Try Again as a
 * failed article fetch, so the learner is never left with a blank page.
 */
export function DetailLoadError({ onRetry }: { onRetry: () => void }) {
  const texts = useTexts();
  const language = usePageLanguage();
  return (
    <div className="page detail">
      <p className="back-link">
        <Link href={listPath(language)}>
          <span aria-hidden="true">← </span>
          {texts.detail.back}
        </Link>
      </p>
      <div className="error-panel" role="alert">
        <p className="error-message">{texts.detail.loadError}</p>
        <button type="button" className="button button-primary" onClick={onRetry}>
          {texts.detail.tryAgain}
        </button>
      </div>
    </div>
  );
}
