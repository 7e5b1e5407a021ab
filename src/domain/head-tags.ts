/**
 * Everything a page puts in the document head, as plain data: title, meta and link tags,
 * <html lang> and JSON-LD structured data. The web app renders it with React 19's own
 * head hoisting; the server can render the same model into the HTML it serves.
 */
import { isLanguageCode, OPEN_GRAPH_LOCALES, TEXT_LANGUAGES, textLanguageFor, DEFAULT_LANGUAGE } from '../../common/languages';
import { notFoundPageTitle, pageMeta, PRIVATE_PAGE_KINDS, SITE_NAME, type PageKind, type PersonalPageKind } from '../../common/page-meta';
import { categoryLabel, type PageTexts, type SharedTexts } from '../../common/shared-texts';
import { detailPath, homePath, listPath, reviewPath, levelPath, progressPath, wordsPath } from './routing';

export interface MetaTag {
  /** Exactly one of name and property is set (Open Graph and article tags use property). */
  readonly name?: string;
  readonly property?: string;
  readonly content: string;
}

export interface LinkTag {
  readonly rel: 'canonical' | 'alternate';
  readonly href: string;
  readonly hrefLang?: string;
}

export type StructuredData = Readonly<Record<string, unknown>>;

export interface HeadTags {
  readonly title: string;
  readonly htmlLang: string;
  readonly metas: readonly MetaTag[];
  readonly links: readonly LinkTag[];
  readonly structuredData: readonly StructuredData[];
}

export interface ArticleHeadInput {
  readonly id: string;
  readonly title: string;
  readonly summary?: string;
  /** ISO 8601 publication date-time. */
  readonly date?: string;
  readonly categories: readonly string[];
}

export interface HeadInput {
  readonly kind: PageKind;
  /** The page language from the URL; one without texts (e.g. "fr") is shown in English. */
  readonly language: string;
  /** The page language's shared texts (page heads, category names). */
  readonly texts: SharedTexts;
  /** The words and review pages' own head texts in the page language (common/personal-page-texts.ts). */
  readonly personal?: Readonly<Record<PersonalPageKind, PageTexts>>;
  /** The site's origin for absolute URLs, e.g. "https://learn.example"; no trailing slash. */
  readonly origin: string;
  /** Required for the detail page; absent while the article is still loading. */
  readonly articleId?: string;
  readonly article?: ArticleHeadInput;
}

export const SEARCH_TERM_PLACEHOLDER = '{search_term_string}';

/** Pages in a language without texts are English pages, unless the API has content in that language. */
export function canonicalLanguage(language: string): string {
  return isLanguageCode(language) ? language : 'en';
}

function pathFor(kind: PageKind, language: string, articleId: string | undefined): string {
  if (kind === 'home') return homePath(language);
  if (kind === 'detail' && articleId !== undefined && articleId !== '') return detailPath(language, articleId);
  if (kind === 'words') return wordsPath(language);
  if (kind === 'review') return reviewPath(language);
  if (kind === 'level') return levelPath(language);
  if (kind === 'progress') return progressPath(language);
  if (kind === 'practice' && articleId !== undefined && articleId !== '') return `${detailPath(language, articleId)}/practice`;
  return listPath(language);
}

export function absolute(origin: string, path: string): string {
  return `${origin.replace(/\/+$/, '')}${path}`;
}

/** The site-search action (schema.org WebSite), pointing at the list in the page's language, which renders the results. */
export function websiteStructuredData(origin: string, language: string): StructuredData {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name: SITE_NAME,
    url: absolute(origin, '/'),
    inLanguage: textLanguageFor(language),
    potentialAction: {
      '@type': 'SearchAction',
      target: {
        '@type': 'EntryPoint',
        urlTemplate: absolute(origin, `${listPath(canonicalLanguage(language))}?q=${SEARCH_TERM_PLACEHOLDER}`),
      },
      'query-input': 'required name=search_term_string',
    },
  };
}

export function headTags(input: HeadInput): HeadTags {
  const textLanguage = textLanguageFor(input.language);
  const language = canonicalLanguage(input.language);
  const path = pathFor(input.kind, language, input.articleId ?? input.article?.id);
  const canonicalUrl = absolute(input.origin, path);
  const article = input.kind === 'detail' ? input.article : undefined;
  const meta = pageMeta(
    input.kind,
    textLanguage,
    input.texts,
    path,
    article ? { title: article.title, summary: article.summary, date: article.date, categories: article.categories } : undefined,
    input.personal,
  );

  const metas: MetaTag[] = [
    { name: 'description', content: meta.description },
    { name: 'keywords', content: meta.keywords },
    { property: 'og:type', content: meta.ogType },
    { property: 'og:site_name', content: SITE_NAME },
    { property: 'og:title', content: meta.title },
    { property: 'og:description', content: meta.description },
    { property: 'og:url', content: canonicalUrl },
    { property: 'og:locale', content: meta.ogLocale },
    ...TEXT_LANGUAGES.filter((other) => other !== textLanguage).map((other) => ({
      property: 'og:locale:alternate',
      content: OPEN_GRAPH_LOCALES[other],
    })),
    { name: 'twitter:card', content: 'summary' },
    { name: 'twitter:title', content: meta.title },
    { name: 'twitter:description', content: meta.description },
  ];
  if (input.kind === 'search') metas.push({ name: 'robots', content: 'noindex, follow' });
  if (PRIVATE_PAGE_KINDS.includes(input.kind)) metas.push({ name: 'robots', content: 'noindex' });
  if (article) {
    if (article.date) metas.push({ property: 'article:published_time', content: article.date });
    if (article.categories[0])
      metas.push({ property: 'article:section', content: categoryLabel(article.categories[0], input.texts.categories) });
    for (const category of article.categories) {
      metas.push({ property: 'article:tag', content: categoryLabel(category, input.texts.categories) });
    }
  }

  const links: LinkTag[] = [{ rel: 'canonical', href: canonicalUrl }];
  if (input.kind !== 'search') {
    const articleId = input.articleId ?? article?.id;
    for (const other of TEXT_LANGUAGES) {
      links.push({ rel: 'alternate', hrefLang: other, href: absolute(input.origin, pathFor(input.kind, other, articleId)) });
    }
    links.push({
      rel: 'alternate',
      hrefLang: 'x-default',
      href: absolute(input.origin, pathFor(input.kind, DEFAULT_LANGUAGE, articleId)),
    });
  }

  const structuredData: StructuredData[] = [];
  if (input.kind === 'home') structuredData.push(websiteStructuredData(input.origin, input.language));

  return { title: meta.title, htmlLang: textLanguage, metas, links, structuredData };
}

/** The page for an address that matches none: its title, never indexed, no canonical address. */
export function notFoundHeadTags(language: string, texts: SharedTexts): HeadTags {
  return {
    title: notFoundPageTitle(texts),
    htmlLang: textLanguageFor(language),
    metas: [{ name: 'robots', content: 'noindex' }],
    links: [],
    structuredData: [],
  };
}

/** JSON for a <script type="application/ld+json"> body that cannot close the script element early. */
export function serializeStructuredData(data: StructuredData): string {
  return JSON.stringify(data).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}
