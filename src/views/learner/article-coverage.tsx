import type { TextLanguage } from '../../../common/languages';
import { coverageOf } from '../../domain/coverage';
import { learnerTextsFor } from '../../domain/learner-texts';
import { CoverageText } from './coverage-text';
import { LemmaInventoryActorContext, WordStatusActorContext } from './learner-contexts';
import { StoreOffNotice } from './store-off-notice';

/**
 * The article's fit for this learner, above the body: coverage, band and new words (the marking
 * switch is in the reading tools). The panel is rendered from the start with its room kept (learner.css), so the
 * article does not move when the statuses and the inventory arrive.
 */
export function ArticleCoverage({ articleId, language }: { articleId: string; language: TextLanguage }) {
  const texts = learnerTextsFor(language);
  const inventory = LemmaInventoryActorContext.useSelector((snapshot) => snapshot.context.inventories[articleId]);
  const statuses = WordStatusActorContext.useSelector((snapshot) => (snapshot.matches('ready') ? snapshot.context.statuses : null));
  const coverage = inventory !== undefined && statuses !== null ? coverageOf(inventory, statuses) : null;
  return (
    <section className="article-coverage" aria-label={texts.forYou}>
      <p className="article-coverage-line">{coverage !== null ? <CoverageText coverage={coverage} language={language} /> : null}</p>
      <div className="article-coverage-tools">
        <StoreOffNotice language={language} />
      </div>
    </section>
  );
}
