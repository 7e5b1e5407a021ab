/**
 * The home and list routes as the article pages' app has them (decision 59; scripts/build/article-pages-app.ts puts this
 * module in place of list-routes.tsx there): their code loads when the reader first goes to one of them, not with the
 * article page. The other pages' app imports list-routes.tsx itself, so home and list hydrate without a wait.
 */
import { lazy, Suspense } from 'react';
import type { Texts } from '../domain/texts';
import { PageFallback } from './page-fallback';

/**
 * If their code does not load (offline, or a redeploy removed this build's hashed files), the error must not reach the
 * root, where React would unmount the app and leave a blank page: the reader is sent by a full navigation to the address
 * they asked for, whose page (index.html's app) has that code in its first load. The import never settles meanwhile,
 * so the loading state stays until the page is replaced.
 */
const listRoutes = () =>
  import('./list-routes').catch((): Promise<never> => {
    window.location.assign(window.location.href);
    return new Promise<never>(() => undefined);
  });
const LazyHome = lazy(() => listRoutes().then((module) => ({ default: module.HomeRoute })));
const LazyList = lazy(() => listRoutes().then((module) => ({ default: module.ArticleListRoute })));

const HOME_LOADING = (texts: Texts) => texts.home.loading;
const LIST_LOADING = (texts: Texts) => texts.list.loading;

export function HomeRoute() {
  return (
    <Suspense fallback={<PageFallback text={HOME_LOADING} />}>
      <LazyHome />
    </Suspense>
  );
}

export function ArticleListRoute() {
  return (
    <Suspense fallback={<PageFallback text={LIST_LOADING} />}>
      <LazyList />
    </Suspense>
  );
}
