/**
 * Article pages rendered ahead (issue 31): the server-rendered app of /{lang}/articles/{id} is kept in the store
 * (ArticleStore.renderedView, one row per article and page language), so a first view reads the article's answer and
 * that row instead of running React. The row is filed under a key: a hash of what the render is a function of (the
 * server build, the address, the configured origin and the page's data as embedded), so a stored view is used only
 * when a fresh render would give the same HTML; otherwise the page is rendered as before and its view stored again.
 * The background pass (pageViewsPass) renders the views of the offered languages ahead, after every other pass.
 */
import { createHash } from 'node:crypto';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { OFFERED_LANGUAGES, type LanguageCode } from '../../common/languages';
import { jsonForScriptElement } from '../../common/page-data';
import type { ArticleAnswerDeps } from '../answers/article-answers';
import type { ArticleReads, ArticleStore, SettledOrLater, StoredView } from '../store/article-store';
import type { BatchedPass } from '../content/content-passes';
import { readPageData } from './embedded-answers';
import { resolvePage } from './html-shell';
import type { RenderPage } from './server-entry';

export const PAGE_VIEWS_PASS = 'page-views';

/** What views need of a store. */
export type ViewStore = SettledOrLater<Pick<ArticleStore, 'renderedView' | 'saveRenderedView'>>;

/** The view name of an article page in a page language. */
export function articleViewName(lang: string): string {
  return `page:${lang}`;
}

/**
 * The key a view is filed under: everything the server render of the page reads (entry-server.tsx, renderPage),
 * the clock included: the footer shows the year the page was rendered in (src/views/footer.tsx).
 */
export function viewKey(build: string, url: string, origin: string, dataJson: string, year = new Date().getFullYear()): string {
  return createHash('sha256').update(`${build}\u0000${year}\u0000${url}\u0000${origin}\u0000${dataJson}`).digest('base64url');
}

/** Views are stored deflated (a page's app is mostly markup: about a fifth of its size), as base64 text for both stores. */
export function packView(html: string): string {
  return deflateRawSync(html, { level: 9 }).toString('base64');
}

export function unpackView(body: string): string {
  return inflateRawSync(Buffer.from(body, 'base64')).toString('utf8');
}

/** The stored app HTML when its key fits, else undefined (missing, stale, unreadable). */
export function viewIfFits(stored: StoredView | undefined, key: string): string | undefined {
  if (stored === undefined || stored.key !== key) return undefined;
  try {
    return unpackView(stored.body);
  } catch {
    return undefined;
  }
}

export interface PageViewsPassOptions {
  readonly store: ViewStore & SettledOrLater<Pick<ArticleStore, 'idsAfter'>>;
  readonly reader: ArticleReads;
  readonly answers: Omit<ArticleAnswerDeps, 'log'>;
  /** The server build's render function and its content hash (server-entry.ts); undefined without a build. */
  readonly build: () => Promise<{ readonly render: RenderPage; readonly id: string } | undefined>;
  /** The build's id now, synchronously (the pass's version). */
  readonly buildId: () => string | undefined;
  readonly origin: string;
  readonly languages?: readonly LanguageCode[];
  readonly log: ArticleAnswerDeps['log'];
}

/**
 * The pass that renders every article's page views ahead, in the offered languages (other languages are stored on
 * their first view). Its version is the build's: a new build renders them all again, in the background, while
 * reads render whatever is not there yet. A view whose key already fits is not rendered again.
 */
export function pageViewsPass(options: PageViewsPassOptions): BatchedPass {
  const { store, reader, answers, build, buildId, origin, languages = OFFERED_LANGUAGES, log } = options;
  return {
    name: PAGE_VIEWS_PASS,
    get version() {
      return `${buildId() || 'no-build'}/${new Date().getFullYear()}/${languages.join(',')}`;
    },
    next: async (limit, after) => ((await build()) === undefined ? [] : store.idsAfter(limit, after)),
    apply: async (ids) => {
      const current = await build();
      if (current === undefined) return 0;
      let changed = 0;
      for (const id of ids) {
        let rendered = false;
        for (const lang of languages) {
          const url = `/${lang}/articles/${encodeURIComponent(id)}`;
          const { data, missingArticle } = await readPageData(reader, resolvePage(url), '', { ...answers, log });
          if (missingArticle) continue;
          const key = viewKey(current.id, url, origin, jsonForScriptElement(data));
          const name = articleViewName(lang);
          if ((await store.renderedView(id, name))?.key === key) continue;
          const html = await current.render({ url, data, origin });
          await store.saveRenderedView(id, name, { key, body: packView(html) });
          rendered = true;
        }
        if (rendered) changed += 1;
      }
      return changed;
    },
  };
}
