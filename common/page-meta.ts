/**
 * What each page says about itself in the document head, from the page language's shared texts.
 * Shared by the web app (React 19 head tags) and the server (tags injected into the
 * HTML it serves, so link previews work without JavaScript).
 */
import { OPEN_GRAPH_LOCALES, type TextLanguage } from './languages';
import type { PageTexts, SharedTexts } from './shared-texts';

export { SITE_NAME } from './site-name';
import { SITE_NAME } from './site-name';

export type PageKind = 'home' | 'list' | 'detail' | 'search' | 'words' | 'review' | 'level' | 'progress' | 'practice';

/** The pages whose head texts are in common/personal-page-texts.ts. */
export type PersonalPageKind = 'words' | 'review' | 'level' | 'progress' | 'practice';

/** Pages about what this browser keeps (saved words, review): personal, so never indexed. */
export const PRIVATE_PAGE_KINDS: readonly PageKind[] = ['words', 'review', 'level', 'progress', 'practice'];

export interface ArticleMetaInput {
  readonly title: string;
  readonly summary?: string;
  readonly date?: string;
  readonly categories?: readonly string[];
}

export interface PageMeta {
  readonly title: string;
  readonly description: string;
  readonly keywords: string;
  /** Path only; the origin is added by whoever writes the tag. */
  readonly canonicalPath: string;
  readonly ogLocale: string;
  readonly ogType: 'website' | 'article';
}

/** The title of the page for an address that matches none. */
export function notFoundPageTitle(texts: SharedTexts): string {
  return `${texts.notFoundTitle} | ${SITE_NAME}`;
}

/**
 * `texts`: the page language's shared texts (the server has every language's, the web app the
 * page's); `personal`: the words and review pages' own, needed for those kinds only.
 */
export function pageMeta(
  kind: PageKind,
  language: TextLanguage,
  texts: SharedTexts,
  path: string,
  article?: ArticleMetaInput,
  personal?: Readonly<Record<PersonalPageKind, PageTexts>>,
): PageMeta {
  const base =
    (kind === 'words' || kind === 'review' || kind === 'level' || kind === 'progress' || kind === 'practice'
      ? personal?.[kind]
      : undefined) ?? texts.pages[kind === 'home' ? 'home' : 'list'];
  const common = { canonicalPath: path, ogLocale: OPEN_GRAPH_LOCALES[language] };
  if (kind === 'detail' && article) {
    return {
      ...common,
      title: `${article.title} | ${SITE_NAME}`,
      description: article.summary?.trim() || `${article.title}. ${texts.detailSuffix}.`,
      keywords: [...(article.categories ?? []), base.keywords].join(', '),
      ogType: 'article',
    };
  }
  return { ...common, ...base, ogType: 'website' };
}
