/**
 * The web app's built page (index.html or article.html) with the page's head written in on the server, so link previews
 * and search engines see the right title, description, canonical URL and Open Graph/Twitter
 * tags without running JavaScript. Tags the server writes carry data-server-head, so the
 * client can tell them from its own.
 */
import { readFileSync, statSync } from 'node:fs';
import { CATEGORY_LABELS, SHARED_TEXTS } from '../../common/labels';
import type { StoredArticle } from '../store/types';
import { PERSONAL_PAGE_TEXTS } from '../../common/personal-page-texts';
import { PRIVATE_PAGE_KINDS, SITE_NAME, notFoundPageTitle, pageMeta, type PageKind } from '../../common/page-meta';
import {
  DEFAULT_LANGUAGE,
  OFFERED_LANGUAGES,
  OPEN_GRAPH_LOCALES,
  TEXT_LANGUAGES,
  textLanguageFor,
  type TextLanguage,
} from '../../common/languages';
import { PAGE_DATA_ELEMENT_ID } from '../../common/page-data';
import { matchPageRoute, pagePath, PAGE_ROUTES } from '../../common/page-routes';
import { escapeHtml } from '../../common/escape-html';

export interface PageRequest {
  /** The language segment as written in the path, or the default when there is none. */
  readonly lang: string;
  readonly textLanguage: TextLanguage;
  /** 'unknown' is a path the app has no screen for; it still gets the app's HTML (with 404). */
  readonly kind: PageKind | 'unknown';
  readonly articleId?: string;
  /** The page's own path with the language made explicit (used for canonical URLs). */
  readonly canonicalPath: string;
}

/** A first segment that looks like a language tag (zh, es, fr, pt-BR); anything else is a page name. */
const LANGUAGE_SEGMENT = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})?$/;
/** First segments that are pages, not languages, when a path has no language (resolvePath moves those first). */
const PAGE_NAMES = new Set(PAGE_ROUTES.map((route) => route.path.split('/')[0]).filter((name) => name !== ''));

/** The page a path shows, by the one route table (common/page-routes.ts); 'unknown' for any address not in it. */
export function resolvePage(pathname: string): PageRequest {
  const segments = pathname.split('/').filter(Boolean);
  const first = segments[0];
  const hasLanguage = first !== undefined && !PAGE_NAMES.has(first) && LANGUAGE_SEGMENT.test(first);
  const lang = hasLanguage ? first : DEFAULT_LANGUAGE;
  const rest = hasLanguage ? segments.slice(1) : segments;
  const textLanguage = textLanguageFor(lang);
  const base = { lang, textLanguage };
  const match = matchPageRoute(rest);
  if (match === undefined) return { ...base, kind: 'unknown', canonicalPath: `/${lang}` };
  const articleId = match.params['articleId'];
  return { ...base, kind: match.kind, canonicalPath: pagePath(match, lang), ...(articleId !== undefined ? { articleId } : {}) };
}

export interface ArticleHeadData {
  readonly title: string;
  readonly summary: string;
  readonly publishedAt: string;
  /** Localized category names. */
  readonly categories: readonly string[];
}

export interface HeadOptions {
  readonly publicUrl: string;
  readonly page: PageRequest;
  readonly article?: ArticleHeadData;
  /** True when the page names something that does not exist (unknown path or article id). */
  readonly notFound?: boolean;
  /** False when the server-rendered body carries the app's own JSON-LD (so it is not there twice). */
  readonly structuredData?: boolean;
}

function jsonForScript(value: unknown): string {
  // Inside <script> only "</" and U+2028/2029 could end or break the block.
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The head tags for one page, as an HTML fragment. */
export function headTags({ publicUrl, page, article, notFound, structuredData = true }: HeadOptions): string {
  const kind: PageKind = page.kind === 'unknown' || (page.kind === 'detail' && !article) ? 'home' : page.kind;
  const meta = pageMeta(
    kind,
    page.textLanguage,
    SHARED_TEXTS[page.textLanguage],
    page.canonicalPath,
    article ? { title: article.title, summary: article.summary, date: article.publishedAt, categories: article.categories } : undefined,
    PERSONAL_PAGE_TEXTS[page.textLanguage],
  );
  const canonical = `${publicUrl}${meta.canonicalPath}`;
  // An address that matches no page, or no article, says so in its title, as the app does once it runs.
  const title = notFound ? notFoundPageTitle(SHARED_TEXTS[page.textLanguage]) : meta.title;
  const mark = 'data-server-head';
  const tags: string[] = [
    `<title ${mark}>${escapeHtml(title)}</title>`,
    `<meta ${mark} name="description" content="${escapeHtml(meta.description)}">`,
    `<meta ${mark} name="keywords" content="${escapeHtml(meta.keywords)}">`,
  ];
  if (notFound || page.kind === 'search' || PRIVATE_PAGE_KINDS.includes(page.kind as PageKind))
    tags.push(`<meta ${mark} name="robots" content="noindex">`);
  if (!notFound) {
    tags.push(`<link ${mark} rel="canonical" href="${escapeHtml(canonical)}">`);
    const suffix = meta.canonicalPath.slice(`/${page.lang}`.length);
    for (const language of OFFERED_LANGUAGES) {
      tags.push(`<link ${mark} rel="alternate" hreflang="${language}" href="${escapeHtml(`${publicUrl}/${language}${suffix}`)}">`);
    }
    tags.push(`<link ${mark} rel="alternate" hreflang="x-default" href="${escapeHtml(`${publicUrl}/${DEFAULT_LANGUAGE}${suffix}`)}">`);
  }
  const og: [string, string][] = [
    ['og:site_name', SITE_NAME],
    ['og:title', title],
    ['og:description', meta.description],
    ['og:type', meta.ogType],
    ['og:url', canonical],
    ['og:locale', meta.ogLocale],
    ...TEXT_LANGUAGES.filter((l) => l !== page.textLanguage).map((l): [string, string] => ['og:locale:alternate', OPEN_GRAPH_LOCALES[l]]),
  ];
  if (article && meta.ogType === 'article') {
    og.push(['article:published_time', article.publishedAt]);
    if (article.categories[0]) og.push(['article:section', article.categories[0]]);
    for (const tag of article.categories) og.push(['article:tag', tag]);
  }
  for (const [property, content] of og) {
    tags.push(`<meta ${mark} property="${property}" content="${escapeHtml(content)}">`);
  }
  for (const [name, content] of [
    ['twitter:card', 'summary'],
    ['twitter:title', title],
    ['twitter:description', meta.description],
  ] as const) {
    tags.push(`<meta ${mark} name="${name}" content="${escapeHtml(content)}">`);
  }
  const structured =
    kind === 'home' && !notFound
      ? {
          '@context': 'https://schema.org',
          '@type': 'WebSite',
          name: SITE_NAME,
          url: `${publicUrl}/`,
          inLanguage: page.textLanguage,
          potentialAction: {
            '@type': 'SearchAction',
            // The list itself, in the page's language: the address that answers a search with its results.
            target: `${publicUrl}/${page.lang}/articles?q={search_term_string}`,
            'query-input': 'required name=search_term_string',
          },
        }
      : article
        ? {
            '@context': 'https://schema.org',
            '@type': 'NewsArticle',
            headline: article.title,
            description: meta.description,
            datePublished: article.publishedAt,
            inLanguage: 'en',
            url: canonical,
            isAccessibleForFree: true,
          }
        : undefined;
  if (structured && structuredData) {
    // A data block, never executed, so the CSP's ban on inline script does not apply to it.
    tags.push(`<script ${mark} type="application/ld+json">${jsonForScript(structured)}</script>`);
  }
  return tags.join('\n    ');
}

/** Tags in the built index.html that the server replaces rather than duplicates. */
const REPLACED_HEAD_TAGS = [
  /<title\b[^>]*>[\s\S]*?<\/title>\s*/gi,
  /<meta\b[^>]*\bname=["']?(?:description|keywords|robots|twitter:[\w:-]+)["']?[^>]*>\s*/gi,
  /<meta\b[^>]*\bproperty=["']?(?:og|article):[\w:-]+["']?[^>]*>\s*/gi,
  /<link\b[^>]*\brel=["']?(?:canonical|alternate)["']?[^>]*>\s*/gi,
];

/** The build names each text language's chunk as an app module (vite.config.ts, data-text-language); a page needs only its own. */
const TEXT_CHUNK_PRELOAD = /<(?:link|meta)\b[^>]*\bdata-text-language=["']?([\w-]+)["']?[^>]*>\s*/gi;

/** The build names a page's route code for the page's entry to preload, at the app's start or when idle (scripts/build/route-module-tags.ts, data-page); only that page keeps it. */
const PAGE_CODE_PRELOAD = /<meta\b[^>]*\bdata-page=["']?([\w-]+)["']?[^>]*>\s*/gi;

export function injectHead(template: string, textLanguage: TextLanguage, tags: string, pageKind?: string): string {
  let html = template;
  for (const pattern of REPLACED_HEAD_TAGS) html = html.replace(pattern, '');
  html = html.replace(TEXT_CHUNK_PRELOAD, (link, language: string) => (language === textLanguage ? link : ''));
  html = html.replace(PAGE_CODE_PRELOAD, (meta, kind: string) => (kind === pageKind ? meta : ''));
  html = /<html\b[^>]*\blang=/i.test(html)
    ? html.replace(/(<html\b[^>]*\blang=)(["'])[^"']*\2/i, `$1"${textLanguage}"`)
    : html.replace(/<html\b/i, `<html lang="${textLanguage}"`);
  // A function replacement, so "$&" or "$'" in an article title stays literal text.
  return /<\/head>/i.test(html) ? html.replace(/\s*<\/head>/i, () => `\n    ${tags}\n  </head>`) : `${tags}\n${html}`;
}

/**
 * The server-rendered app inside `<div id="root">`, followed by the data it was rendered from as a
 * JSON data block (never executed, so the CSP's ban on inline script does not apply), escaped so that
 * no article text can end the element (common/page-data.ts).
 */
export function injectApp(template: string, appHtml: string, dataJson: string): string {
  const root = /<div id="root"><\/div>/i;
  if (!root.test(template)) return template;
  return template.replace(
    root,
    () => `<div id="root">${appHtml}</div>\n    <script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${dataJson}</script>`,
  );
}

/** Reads one built page (index.html or article.html) and re-reads it when the file changes (a rebuild needs no restart). */
export class IndexTemplate {
  private cached: { mtimeMs: number; size: number; html: string } | undefined;

  constructor(readonly path: string) {}

  /** Which version of the file read() last gave (for caches of pages made from it). */
  stamp(): string {
    return this.cached ? `${this.cached.mtimeMs}:${this.cached.size}` : '';
  }

  read(): string | undefined {
    try {
      const stat = statSync(this.path);
      if (!this.cached || this.cached.mtimeMs !== stat.mtimeMs || this.cached.size !== stat.size) {
        this.cached = { mtimeMs: stat.mtimeMs, size: stat.size, html: readFileSync(this.path, 'utf8') };
      }
      return this.cached.html;
    } catch {
      this.cached = undefined;
      return undefined;
    }
  }
}

/** What every HTML route answers when there is no built app to serve. */
export function buildMissingPage(): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="robots" content="noindex">
    <title>${escapeHtml(SITE_NAME)} is starting up</title>
  </head>
  <body>
    <main>
      <h1>The web app is not available right now</h1>
      <p>The server is running and the API answers under <a href="/api/health">/api/health</a>,
        but the web app has not been built, so there is no page to show.</p>
      <p>Operators: run <code>npm run build</code> (or restart with <code>npm start</code>, which builds it)
        and read the server log for the cause.</p>
    </main>
  </body>
</html>
`;
}

/** An article page's head tags, from the article as stored. */
export function headOf(
  article: Pick<StoredArticle, 'id' | 'title' | 'summary' | 'summaryTranslations' | 'publishedAt' | 'categories'>,
  lang: string,
) {
  const textLanguage = textLanguageFor(lang);
  const translated = lang === 'zh' || lang === 'es' ? article.summaryTranslations[lang]?.trim() : undefined;
  return {
    id: article.id,
    title: article.title,
    summary: translated || article.summary,
    publishedAt: article.publishedAt,
    categories: article.categories.map((c) => CATEGORY_LABELS[textLanguage][c] ?? c),
  };
}
