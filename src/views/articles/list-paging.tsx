import type { Texts } from '../../domain/texts';
import type { PagingStatus } from './use-article-list';

/**
 * Under the cards: "Load more", its progress, its failure with "Try again", or the end of the list.
 * "Load more" is a link to the list with one page more (`moreHref`, which the server renders), so it
 * pages before the app has started; the app loads the next page in place instead.
 */
interface ListPagingProps {
  paging: PagingStatus;
  texts: Texts;
  moreHref: string;
  send: (type: 'LOAD_MORE' | 'RETRY') => void;
}

export function ListPaging({ paging, texts, moreHref, send }: ListPagingProps) {
  const t = texts.list;
  return (
    <div className="list-paging" aria-live="polite">
      {paging === 'more' ? (
        <a
          href={moreHref}
          className="button button-primary"
          onClick={(event) => {
            event.preventDefault();
            send('LOAD_MORE');
          }}
        >
          {t.loadMore}
        </a>
      ) : null}
      {paging === 'loadingMore' ? <p className="list-paging-note">{t.loadingMore}</p> : null}
      {paging === 'moreFailed' ? (
        <div className="error-panel" role="alert">
          <p className="error-message">{t.moreError}</p>
          <button type="button" className="button button-primary" onClick={() => send('RETRY')}>
            {t.retry}
          </button>
        </div>
      ) : null}
      {paging === 'end' ? <p className="list-paging-note">{t.endOfList}</p> : null}
    </div>
  );
}
