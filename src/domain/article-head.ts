/**
 * The detail page's head: the tags every page has (head-tags.ts) and, once the article is there,
 * its NewsArticle structured data. Only the detail route's chunk carries this part.
 */
import { isCategoryId } from '../../common/catalog';
import { SITE_NAME } from '../../common/page-meta';
import {
  absolute,
  canonicalLanguage,
  headTags,
  type ArticleHeadInput,
  type HeadInput,
  type HeadTags,
  type StructuredData,
} from './head-tags';
import { detailPath } from './routing';

/**
 * A category's English name, for the structured data of an (English) article whatever the page
 * language: the id capitalised, as in common/shared-texts-en.ts (a test keeps the two equal), so
 * pages in other languages need not load the English texts. Unknown tags stay as they are.
 */
function englishCategoryName(category: string): string {
  return isCategoryId(category) ? category.charAt(0).toUpperCase() + category.slice(1) : category;
}

export function newsArticleStructuredData(
  origin: string,
  language: string,
  article: ArticleHeadInput,
  description: string,
): StructuredData {
  const url = absolute(origin, detailPath(canonicalLanguage(language), article.id));
  const organization = { '@type': 'Organization', name: SITE_NAME, url: absolute(origin, '/') };
  return {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    headline: article.title.length > 110 ? `${article.title.slice(0, 109)}…` : article.title,
    description,
    // The article itself is English; the page around it is in the learner's language.
    inLanguage: 'en',
    url,
    mainEntityOfPage: url,
    ...(article.date ? { datePublished: article.date } : {}),
    ...(article.categories[0] ? { articleSection: englishCategoryName(article.categories[0]) } : {}),
    ...(article.categories.length > 0 ? { keywords: article.categories.join(', ') } : {}),
    author: organization,
    publisher: organization,
  };
}

export function articleHeadTags(input: HeadInput): HeadTags {
  const tags = headTags(input);
  const article = input.kind === 'detail' ? input.article : undefined;
  if (article === undefined) return tags;
  const description = tags.metas.find((meta) => meta.name === 'description')?.content ?? '';
  return {
    ...tags,
    structuredData: [...tags.structuredData, newsArticleStructuredData(input.origin, input.language, article, description)],
  };
}
