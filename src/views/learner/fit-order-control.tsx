import type { TextLanguage } from '../../../common/languages';
import { COVERAGE_BANDS } from '../../domain/coverage';
import { learnerTextsFor } from '../../domain/learner-texts';
import type { FitOrder, FitShown } from '../../machines/word-status-machine';

/** The list's fit controls: newest first or the best fit first, and every card or only one band's. */
export function FitOrderControl({
  order,
  shown,
  language,
  onChange,
  onShownChange,
}: {
  order: FitOrder;
  shown: FitShown;
  language: TextLanguage;
  onChange: (order: FitOrder) => void;
  onShownChange: (shown: FitShown) => void;
}) {
  const texts = learnerTextsFor(language);
  return (
    <p className="fit-order">
      <label htmlFor="fit-order">{texts.fitOrder}</label>
      <select id="fit-order" value={order} onChange={(event) => onChange(event.target.value === 'fit' ? 'fit' : 'newest')}>
        <option value="newest">{texts.newestFirst}</option>
        <option value="fit">{texts.bestFitFirst}</option>
      </select>
      <label htmlFor="fit-shown">{texts.fitShown}</label>
      <select
        id="fit-shown"
        value={shown}
        onChange={(event) => onShownChange(COVERAGE_BANDS.find((band) => band === event.target.value) ?? 'all')}
      >
        <option value="all">{texts.allFits}</option>
        {COVERAGE_BANDS.map((band) => (
          <option key={band} value={band}>
            {texts.bands[band]}
          </option>
        ))}
      </select>
    </p>
  );
}
