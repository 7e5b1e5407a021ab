/**
 * The list route (20 latest, with filters), loaded on demand (React.lazy) like the detail
 * route: the filters screen and its URL syncing stay out of the home page's first load.
 */
import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { queryWithSearchTerm, searchTermFromQuery } from '../domain/routing';
import { ArticleListActorContext } from '../views/articles/article-list-context';
import { ArticleListPage } from '../views/articles/article-list-page';
import { ListHead } from '../views/head/page-heads';
import { LIST_ARTICLE_LIMIT, ListProvider } from './list-routes';

/**
 * Keeps the search box and ?q= in step: typing replaces the URL's q (so the address can be shared),
 * and a q that changes in the URL (back/forward, a shared link) goes to the machine.
 */
function SearchQuerySync() {
  const actor = ArticleListActorContext.useActorRef();
  const machineSearch = ArticleListActorContext.useSelector((snapshot) => snapshot.context.filters.search);
  const [path, navigate] = useLocation();
  const search = useSearch();
  const urlSearch = searchTermFromQuery(search);

  useEffect(() => {
    if (actor.getSnapshot().context.filters.search !== urlSearch) {
      actor.send({ type: 'SEARCH_CHANGED', search: urlSearch });
    }
    // Only a change of the URL's term is reported; the machine's own changes are handled below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [urlSearch]);

  useEffect(() => {
    if (machineSearch !== urlSearch) {
      navigate(path + queryWithSearchTerm(search, machineSearch), { replace: true });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [machineSearch]);

  return null;
}
export default function ArticleListRoute() {
  const search = useSearch();
  return (
    <ListProvider limit={LIST_ARTICLE_LIMIT} search={searchTermFromQuery(search)}>
      <SearchQuerySync />
      <ListHead />
      <ArticleListPage />
    </ListProvider>
  );
}
