import type { TextLanguage } from '../../../common/languages';
import { coveragePercent, type Coverage } from '../../domain/coverage';
import { learnerTextsFor, percentText } from '../../domain/learner-texts';

/** "With help · 96.5% of the words known · 12 new words", in the page language; the band in a badge. */
export function CoverageText({ coverage, language, className }: { coverage: Coverage; language: TextLanguage; className?: string }) {
  const texts = learnerTextsFor(language);
  const percent = percentText(coveragePercent(coverage.share), language);
  const band = texts.bands[coverage.band];
  return (
    <span className={`coverage ${className ?? ''}`} data-band={coverage.band} data-testid="coverage">
      <span className="visually-hidden">{texts.coverageLabel(percent, band, coverage.newWords)}</span>
      <span aria-hidden="true" className={`coverage-band coverage-band-${coverage.band}`}>
        {band}
      </span>
      <span aria-hidden="true"> {texts.coverage(percent)}</span>
      <span aria-hidden="true" className="coverage-new">
        {' · '}
        {texts.newWords(coverage.newWords)}
      </span>
    </span>
  );
}
