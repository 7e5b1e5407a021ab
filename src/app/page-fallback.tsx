/**
 * What a route shows while its code is on its way (routes.tsx, list-routes-lazy.tsx): one loading state, in the words of
 * the page being loaded (the article's by default; home and list say they load articles).
 */
import type { Texts } from '../domain/texts';
import { LoadingIndicator } from '../views/common/loading-indicator';
import { useTexts } from '../views/use-texts';

const ARTICLE_LOADING = (texts: Texts) => texts.detail.loading;

export function PageFallback({ text = ARTICLE_LOADING }: { readonly text?: (texts: Texts) => string }) {
  const texts = useTexts();
  return <LoadingIndicator text={text(texts)} />;
}
