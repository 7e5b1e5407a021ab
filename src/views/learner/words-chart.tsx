import type { DayCount } from '../../domain/progress';

const WIDTH = 300;
const HEIGHT = 120;

/**
 * Words marked per day as bars, in an SVG with a role of img and a name that says the totals;
 * the table beside it (ProgressPage) is its text equivalent, day by day.
 */
export function WordsChart({ days, title, summary }: { days: readonly DayCount[]; title: string; summary: string }) {
  const most = Math.max(1, ...days.map((day) => day.words));
  const slot = WIDTH / days.length;
  return (
    <svg
      className="words-chart"
      viewBox={`0 0 ${WIDTH} ${HEIGHT + 2}`}
      role="img"
      aria-label={`${title}: ${summary}`}
      preserveAspectRatio="none"
    >
      <line x1="0" y1={HEIGHT + 1} x2={WIDTH} y2={HEIGHT + 1} className="words-chart-axis" />
      {days.map((day, index) => {
        const height = Math.round((day.words / most) * HEIGHT);
        return (
          <rect
            key={day.day}
            x={index * slot + 1}
            y={HEIGHT - height}
            width={slot - 2}
            height={height}
            className="words-chart-bar"
            data-day={day.day}
            data-words={day.words}
          />
        );
      })}
    </svg>
  );
}
