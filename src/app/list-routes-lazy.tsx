/**
 * The home and list routes as the article pages' app has them (decision 59; scripts/build/article-pages-app.ts puts this
 * module in place of list-routes.tsx there): their code loads when the reader first goes to one of them, not with the
 * article page. The other pages' app imports list-routes.tsx itself, so home and list hydrate without a wait.
 */
import { lazy, Suspense } from 'react';
import { LoadingIndicator } from '../views/common/loading-indicator';
import { useTexts } from '../views/use-texts';

const listRoutes = () => import('./list-routes');
const LazyHome = lazy(() => listRoutes().then((module) => ({ default: module.HomeRoute })));
const LazyList = lazy(() => listRoutes().then((module) => ({ default: module.ArticleListRoute })));

function Loading() {
  const texts = useTexts();
  return <LoadingIndicator text={texts.detail.loading} />;
}

export function HomeRoute() {
  return (
    <Suspense fallback={<Loading />}>
      <LazyHome />
    </Suspense>
  );
}

export function ArticleListRoute() {
  return (
    <Suspense fallback={<Loading />}>
      <LazyList />
    </Suspense>
  );
}
