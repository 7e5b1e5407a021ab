import { LoadingIndicator } from './loading-indicator';

/**
 * The loading state of a card grid: the spinner with its text for everyone, laid over
 * placeholder cards shaped like the real ones, so the content below does not jump when the
 * cards arrive (layout shift). The placeholders are hidden from assistive technology.
 */
export function LoadingCards({ text, count, compact }: { text: string; count: number; compact: boolean }) {
  return (
    <div className="loading-cards">
      <LoadingIndicator text={text} />
      <div className={compact ? 'card-grid card-grid-compact' : 'card-grid'} aria-hidden="true">
        {Array.from({ length: count }, (_, index) => (
          <PlaceholderCard key={index} detailed={!compact} />
        ))}
      </div>
    </div>
  );
}

function Bar({ width }: { width: string }) {
  return (
    <span className="placeholder-bar" style={{ width }}>
      {'\u00a0'}
    </span>
  );
}

/** The same boxes and line heights as ArticleCard: meta line, a two-line title, stats. */
function PlaceholderCard({ detailed }: { detailed: boolean }) {
  return (
    <div className="card card-placeholder">
      <p className="card-meta">
        <Bar width="45%" />
      </p>
      <p className="card-title">
        <Bar width="95%" />
        <br />
        <Bar width="70%" />
      </p>
      {detailed ? (
        <p className="card-summary">
          <Bar width="100%" />
          <br />
          <Bar width="100%" />
          <br />
          <Bar width="60%" />
        </p>
      ) : null}
      <p className="card-stats">
        <Bar width="35%" />
      </p>
    </div>
  );
}
