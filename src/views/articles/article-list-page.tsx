import { SOURCES } from '../../domain/catalog';
import { categoryLabel, difficultyLabel } from '../../domain/article';
import {
  CATEGORY_FILTER_OPTIONS,
  DIFFICULTY_FILTER_OPTIONS,
  SOURCE_FILTER_OPTIONS,
} from '../../domain/filters';
import { ArticleCard } from '../common/article-card';
import { LoadingCards } from '../common/loading-cards';
import { usePageLanguage, useTextLanguage, useTexts } from '../use-texts';
import { ArticleListActorContext } from './article-list-context';
import { useArticleList } from './use-article-list';

/** Enough to fill the first screen, so the footer is not seen jumping down when the cards arrive. */
const LIST_PLACEHOLDER_CARDS = 9;

export function ArticleListPage() {
  const texts = useTexts();
  const textLanguage = useTextLanguage();
  const language = usePageLanguage();
  const actor = ArticleListActorContext.useActorRef();
  const { status, context, visible } = useArticleList();
  const { filters } = context;

  return (
    <div className="page list">
      <header className="page-header">
        <h1>{texts.list.title}</h1>
        <p className="page-subtitle">{texts.list.subtitle}</p>
      </header>

      <form className="filters" role="search" aria-label={texts.list.filtersLabel} onSubmit={(e) => e.preventDefault()}>
        <div className="field field-search">
          <label htmlFor="article-search">{texts.list.searchLabel}</label>
          <input
            id="article-search"
            type="search"
            value={filters.search}
            placeholder={texts.list.searchPlaceholder}
            autoComplete="off"
            onChange={(event) => actor.send({ type: 'SEARCH_CHANGED', search: event.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor="filter-category">{texts.list.categoryLabel}</label>
          <select
            id="filter-category"
            value={filters.category}
            onChange={(event) => actor.send({ type: 'CATEGORY_SELECTED', category: event.target.value })}
          >
            {CATEGORY_FILTER_OPTIONS.map((value) => (
              <option key={value} value={value}>
                {value === 'all' ? texts.list.allCategories : categoryLabel(value, textLanguage)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="filter-source">{texts.list.sourceLabel}</label>
          <select
            id="filter-source"
            value={filters.source}
            onChange={(event) => actor.send({ type: 'SOURCE_SELECTED', source: event.target.value })}
          >
            {SOURCE_FILTER_OPTIONS.map((value) => (
              <option key={value} value={value}>
                {value === 'all' ? texts.list.allSources : SOURCES[value].name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="filter-difficulty">{texts.list.difficultyLabel}</label>
          <select
            id="filter-difficulty"
            value={filters.difficulty}
            onChange={(event) => actor.send({ type: 'DIFFICULTY_SELECTED', difficulty: event.target.value })}
          >
            {DIFFICULTY_FILTER_OPTIONS.map((value) => (
              <option key={value} value={value}>
                {value === 'all' ? texts.list.allDifficulties : difficultyLabel(value, textLanguage)}
              </option>
            ))}
          </select>
        </div>
      </form>

      {status === 'loading' ? <LoadingCards text={texts.list.loading} count={LIST_PLACEHOLDER_CARDS} compact={false} /> : null}

      {status === 'error' ? (
        <div className="error-panel" role="alert">
          <p className="error-message">{texts.list.loadErrorFallback}</p>
          {context.errorMessage !== null ? <p className="error-detail">{context.errorMessage}</p> : null}
          <button type="button" className="button button-primary" onClick={() => actor.send({ type: 'RELOAD' })}>
            {texts.list.reload}
          </button>
        </div>
      ) : null}

      {status === 'showing' || status === 'empty' ? (
        <p className="result-count" role="status">
          {texts.list.resultCount(visible.length, context.cards.length)}
        </p>
      ) : null}

      {status === 'empty' ? (
        <div className="empty-state">
          <h2>{texts.list.emptyTitle}</h2>
          <p>{texts.list.emptyHint}</p>
        </div>
      ) : null}

      {status === 'showing' ? (
        <div className="card-grid">
          {visible.map((card) => (
            <ArticleCard
              key={card.id}
              card={card}
              language={language}
              textLanguage={textLanguage}
              texts={texts}
              headingLevel={2}
              detailed
            />
          ))}
        </div>
      ) : null}
    </div>
  );
}
