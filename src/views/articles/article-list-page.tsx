import { nextPageQuery } from '../../domain/filters';
import { listPath } from '../../domain/routing';
import { useContext } from 'react';
import { ArticleCard } from '../common/article-card';
import { CardFitContext } from '../common/card-fit-context';
import { LoadingCards } from '../common/loading-cards';
import { usePageLanguage, useTextLanguage, useTexts } from '../use-texts';
import { ArticleFilters } from './article-filters';
import { ArticleListActorContext } from './article-list-context';
import { ListPaging } from './list-paging';
import { useArticleList } from './use-article-list';

/** Enough to fill the first screen, so the footer is not seen jumping down when the cards arrive. */
const LIST_PLACEHOLDER_CARDS = 9;

export function ArticleListPage() {
  const texts = useTexts();
  const textLanguage = useTextLanguage();
  const language = usePageLanguage();
  const actor = ArticleListActorContext.useActorRef();
  const { status, paging, context, visible } = useArticleList();
  const cardsShown = status === 'showing' || status === 'searching';
  const fit = useContext(CardFitContext);

  return (
    <div className="page list">
      <header className="page-header">
        <h1>{texts.list.title}</h1>
        <p className="page-subtitle">{texts.list.subtitle}</p>
      </header>

      <ArticleFilters filters={context.filters} texts={texts} action={listPath(language)} />
      {fit?.controls}

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
          {texts.list.resultCount(visible.length, context.total, context.totalCapped)}
        </p>
      ) : null}
      {status === 'searching' ? (
        <p className="result-count" role="status">
          {texts.list.searching}
        </p>
      ) : null}

      {status === 'empty' ? (
        <div className="empty-state">
          <h2>{texts.list.emptyTitle}</h2>
          <p>{texts.list.emptyHint}</p>
        </div>
      ) : null}

      {cardsShown ? (
        <div className="card-grid">
          {(fit ? fit.arrange(visible) : visible).map((card) => (
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

      {status === 'showing' ? (
        <ListPaging
          paging={paging}
          texts={texts}
          moreHref={nextPageQuery(context.query, context.cards.length, context.limit)}
          send={(type) => actor.send({ type })}
        />
      ) : null}
    </div>
  );
}
