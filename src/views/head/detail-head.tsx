/**
 * Head tags of the article page: generic while the article loads, then its title,
 * description, article:* tags and NewsArticle structured data; the not-found page's when the
 * API has no such article, as the server titles it. Lives in the detail route's chunk (it
 * reads the detail actor).
 */
import { articleHeadTags } from '../../domain/article-head';
import { notFoundHeadTags, type ArticleHeadInput } from '../../domain/head-tags';
import { ArticleDetailActorContext } from '../detail/article-detail-context';
import { usePageLanguage, useTexts } from '../use-texts';
import { HeadTagsView } from './head-tags-view';
import { useSiteOrigin } from './site-origin';

export function DetailHead({ articleId }: { articleId: string }) {
  const language = usePageLanguage();
  const { shared } = useTexts();
  const origin = useSiteOrigin();
  const article = ArticleDetailActorContext.useSelector((snapshot) => snapshot.context.article);
  const missing = ArticleDetailActorContext.useSelector((snapshot) => snapshot.context.missing && snapshot.context.articleId === articleId);
  if (missing) return <HeadTagsView tags={notFoundHeadTags(language, shared)} />;
  const loaded: ArticleHeadInput | undefined =
    article && article.id === articleId
      ? { id: article.id, title: article.title, summary: article.summary, date: article.date, categories: article.categories }
      : undefined;
  return <HeadTagsView tags={articleHeadTags({ kind: 'detail', language, texts: shared, origin, articleId, article: loaded })} />;
}
