/**
 * The route tree, one Route per row of the page table (common/page-routes.ts, which the server answers by too).
 * Paths whose first segment is not a two-letter language tag are redirected
 * (replacing the history entry) to the same path under the default language; see
 * src/domain/routing.ts and docs/architecture.md.
 */
import { lazy, Suspense } from 'react';
import { Redirect, Route, Switch, useLocation, useSearch } from 'wouter';
import { routePattern, searchAddressTarget } from '../../common/page-routes';
import { resolvePath } from '../domain/routing';
import { DetailLoadBoundary } from './detail-load-boundary';
import { ArticleListRoute, HomeRoute } from './list-routes';
import { PageFallback } from './page-fallback';

/**
 * While the server's article is on the screen (a first load) the route's code, its look-up, read-aloud and
 * learner's words, waits until the page settles or the reader's first press or focus (issue 33): the page
 * is readable and its links work meanwhile. Listened for from the app's start, and fetched then, so a press
 * while the app hydrates does not wait for the route's turn; a tap on a word that the page's entry kept
 * (early-taps.ts, by its attribute) opens the early look-up first. Any other first page: loaded when first shown.
 */
const loadArticleRoute = () => import('./article-detail-route');
const serverArticle = typeof document === 'undefined' ? null : document.querySelector('.article-body-host');
// The gate is a small chunk of its own, loaded on article pages only: none of it is in the home and list pages' code
// (the article pages' app, article.html, has it in its app chunk: decision 59).
const articleWanted =
  serverArticle === null
    ? undefined
    : import('./article-route-gate').then(
        (gate) => gate.articleWantedOn(serverArticle),
        () => undefined,
      );
// A failure here is the route's own to show (DetailLoadBoundary), when it imports the module again.
if (serverArticle !== null) void articleWanted!.then(loadArticleRoute).catch(() => undefined);

const ArticleDetailRoute = lazy(() => (articleWanted ?? Promise.resolve()).then(() => loadArticleRoute()));
// Saved words and review load with their routes: nothing of them is in the home or list chunk.
const WordsRoute = lazy(() => import('./words-route'));
const ReviewRoute = lazy(() => import('./review-route'));
const LevelRoute = lazy(() => import('./level-route'));
// A rare page: it and the head model it renders load when an address matches nothing.
const NotFoundPage = lazy(() => import('../views/common/not-found-page').then((module) => ({ default: module.NotFoundPage })));
const ProgressRoute = lazy(() => import('./progress-route'));
const PracticeRoute = lazy(() => import('./practice-route'));
// Only the app's own move to a site-search address reaches it (the server answers those with a 301).
const SearchRedirect = lazy(() => import('./search-redirect').then((module) => ({ default: module.SearchRedirect })));

function isSearchPath(path: string): boolean {
  return searchAddressTarget(path, '') !== undefined;
}

export function AppRoutes() {
  const [location] = useLocation();
  const search = useSearch();
  const resolution = resolvePath(location);

  // The site-search addresses (/search has no language, so they go first; common/page-routes.ts).
  if (isSearchPath(location))
    return (
      <Suspense fallback={null}>
        <SearchRedirect />
      </Suspense>
    );

  if (resolution.kind === 'redirect') {
    return <Redirect to={resolution.to + (search === '' ? '' : `?${search}`)} replace />;
  }

  return (
    <Switch>
      <Route path="/">
        <HomeRoute />
      </Route>
      <Route path={routePattern('home')}>
        <HomeRoute />
      </Route>
      <Route path={routePattern('list')}>
        <ArticleListRoute />
      </Route>
      <Route path={routePattern('practice')}>
        <Suspense fallback={<PageFallback />}>
          <PracticeRoute />
        </Suspense>
      </Route>
      <Route path={routePattern('detail')}>
        <DetailLoadBoundary>
          <Suspense fallback={<PageFallback />}>
            <ArticleDetailRoute />
          </Suspense>
        </DetailLoadBoundary>
      </Route>
      <Route path={routePattern('words')}>
        <Suspense fallback={<PageFallback />}>
          <WordsRoute />
        </Suspense>
      </Route>
      <Route path={routePattern('review')}>
        <Suspense fallback={<PageFallback />}>
          <ReviewRoute />
        </Suspense>
      </Route>
      <Route path={routePattern('level')}>
        <Suspense fallback={<PageFallback />}>
          <LevelRoute />
        </Suspense>
      </Route>
      <Route path={routePattern('progress')}>
        <Suspense fallback={<PageFallback />}>
          <ProgressRoute />
        </Suspense>
      </Route>
      <Route>
        <Suspense fallback={<PageFallback />}>
          <NotFoundPage />
        </Suspense>
      </Route>
    </Switch>
  );
}
