import { useTexts } from '../use-texts';

/**
 * The list page for when its own code could not be loaded (the server was unreachable when the
 * learner opened it): the list's load-error message and a reload, never a blank page.
 */
export function ListLoadError({ onRetry }: { onRetry: () => void }) {
  const texts = useTexts();
  return (
    <div className="page list">
      <header className="page-header">
        <h1>{texts.list.title}</h1>
      </header>
      <div className="error-panel" role="alert">
        <p className="error-message">{texts.list.loadErrorFallback}</p>
        <button type="button" className="button button-primary" onClick={onRetry}>
          {texts.list.reload}
        </button>
      </div>
    </div>
  );
}
