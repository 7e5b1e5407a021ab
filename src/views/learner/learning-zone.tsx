import type { ArticleCard as Card } from '../../domain/article';
import { learnerTextsFor } from '../../domain/learner-texts';
import { textLanguageFor } from '../../../common/languages';
import { ArticleCard } from '../common/article-card';
import { useTexts } from '../use-texts';

/** Home's "In your learning zone": the newest articles this learner can read with a little help. */
export function LearningZone({ cards, language }: { cards: readonly Card[]; language: string }) {
  const textLanguage = textLanguageFor(language);
  const texts = useTexts();
  const own = learnerTextsFor(textLanguage);
  return (
    <section className="learning-zone" aria-labelledby="learning-zone-title" data-testid="learning-zone">
      <h2 id="learning-zone-title">{own.zoneTitle}</h2>
      <p>{own.zoneHint}</p>
      <div className="card-grid card-grid-compact">
        {cards.map((card) => (
          <ArticleCard key={card.id} card={card} language={language} textLanguage={textLanguage} texts={texts} headingLevel={3} />
        ))}
      </div>
    </section>
  );
}
