import type { TextLanguage } from '../../../common/languages';
import { learnerTextsFor } from '../../domain/learner-texts';
import type { FitOrder } from '../../machines/word-status-machine';

/** The list's order: newest first, or the best fit for this learner first. */
export function FitOrderControl({
  order,
  language,
  onChange,
}: {
  order: FitOrder;
  language: TextLanguage;
  onChange: (order: FitOrder) => void;
}) {
  const texts = learnerTextsFor(language);
  return (
    <p className="fit-order">
      <label htmlFor="fit-order">{texts.fitOrder}</label>
      <select id="fit-order" value={order} onChange={(event) => onChange(event.target.value === 'fit' ? 'fit' : 'newest')}>
        <option value="newest">{texts.newestFirst}</option>
        <option value="fit">{texts.bestFitFirst}</option>
      </select>
    </p>
  );
}
