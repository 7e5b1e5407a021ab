/**
 * The route tree. Paths whose first segment is not a two-letter language tag are redirected
 * (replacing the history entry) to the same path under the default language; see
 * src/domain/routing.ts and docs/architecture.md.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { Redirect, Route, Switch, useLocation, useSearch } from 'wouter';
import { resolvePath } from '../domain/routing';
import { LoadingIndicator } from '../views/common/loading-indicator';
import { NotFoundPage } from '../views/common/not-found-page';
import { useTexts } from '../views/use-texts';
import { ListLoadError } from '../views/articles/list-load-error';
import { LIST_PLACEHOLDER_CARDS, LoadingCards } from '../views/common/loading-cards';
import { DetailLoadBoundary, LoadBoundary } from './detail-load-boundary';
import { HomeRoute } from './list-routes';
import { useServices } from './services';
import { isSearchPath, SearchRedirect } from './search-redirect';

const ArticleDetailRoute = lazy(() => import('./article-detail-route'));
const ArticleListRoute = lazy(() => import('./article-list-route'));

function DetailFallback() {
  const texts = useTexts();
  return <LoadingIndicator text={texts.detail.loading} />;
}

/** Holds the list's place while its code loads, so the footer does not jump when it arrives. */
function ListFallback() {
  const texts = useTexts();
  return (
    <div className="page list">
      <LoadingCards text={texts.list.loading} count={LIST_PLACEHOLDER_CARDS} compact={false} />
    </div>
  );
}

function ListLoadBoundary({ children }: { children: ReactNode }) {
  const { reload } = useServices();
  return <LoadBoundary fallback={<ListLoadError onRetry={() => reload()} />}>{children}</LoadBoundary>;
}

export function AppRoutes() {
  const [location] = useLocation();
  const search = useSearch();
  const resolution = resolvePath(location);

  // The site-search address of our structured data; it is not a language, so it goes first.
  if (isSearchPath(location)) return <SearchRedirect />;

  if (resolution.kind === 'redirect') {
    return <Redirect to={resolution.to + (search === '' ? '' : `?${search}`)} replace />;
  }

  return (
    <Switch>
      <Route path="/">
        <HomeRoute />
      </Route>
      <Route path="/:lang">
        <HomeRoute />
      </Route>
      <Route path="/:lang/articles">
        <ListLoadBoundary>
          <Suspense fallback={<ListFallback />}>
            <ArticleListRoute />
          </Suspense>
        </ListLoadBoundary>
      </Route>
      <Route path="/:lang/articles/:articleId">
        <DetailLoadBoundary>
          <Suspense fallback={<DetailFallback />}>
            <ArticleDetailRoute />
          </Suspense>
        </DetailLoadBoundary>
      </Route>
      <Route>
        <NotFoundPage />
      </Route>
    </Switch>
  );
}
