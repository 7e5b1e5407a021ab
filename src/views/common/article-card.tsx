import { useContext } from 'react';
import { Link } from 'wouter';
import { sourceLabel, type ArticleCard as Card } from '../../domain/article';
import { formatShortDate, isoDateTime } from '../../domain/dates';
import type { TextLanguage } from '../../../common/languages';
import { detailPath } from '../../domain/routing';
import type { Texts } from '../../domain/texts';
import { CategoryTags } from './category-tags';
import { SnippetText } from './snippet-text';
import { CardFitContext } from './card-fit-context';

interface ArticleCardProps {
  card: Card;
  language: string;
  textLanguage: TextLanguage;
  texts: Texts;
  headingLevel: 2 | 3;
  /** The list page adds tags, summary and difficulty; the home page keeps cards compact. */
  detailed?: boolean;
}

export function ArticleCard({ card, language, textLanguage, texts, headingLevel, detailed = false }: ArticleCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const fit = useContext(CardFitContext)?.fitOf(card.id) ?? null;
  return (
    <article className="card" data-testid="article-card">
      <p className="card-meta">
        <span className="card-source">{sourceLabel(card.source)}</span>
        <time dateTime={isoDateTime(card.date)}>{formatShortDate(card.date, textLanguage)}</time>
      </p>
      <Heading className="card-title">
        <Link href={detailPath(language, card.id)} className="card-link">
          {card.title}
        </Link>
      </Heading>
      {detailed && card.summary !== '' ? <p className="card-summary">{card.summary}</p> : null}
      {detailed && card.snippet !== undefined ? <SnippetText html={card.snippet} /> : null}
      <p className="card-stats">
        <span>{texts.card.words(card.wordCount)}</span>
        <span>{texts.card.minutes(card.readingTimeMinutes)}</span>
        {detailed && card.difficulty !== undefined ? (
          <span className={`badge badge-${card.difficulty}`}>{texts.shared.difficulties[card.difficulty]}</span>
        ) : null}
      </p>
      {fit !== null ? <p className="card-fit">{fit}</p> : null}
      {detailed ? <CategoryTags categories={card.categories} names={texts.shared.categories} label={texts.card.categoriesLabel} /> : null}
    </article>
  );
}
