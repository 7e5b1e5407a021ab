/**
 * Article pages rendered ahead (issue 31): the server-rendered app of /{lang}/articles/{id} is kept in the store
 * (ArticleStore.renderedView, one row per article and page language), so a first view reads the article's answer and
 * that row instead of running React. The row is filed under a key: a hash of what the render is a function of (the
 * server build, the address, the configured origin and the page's data as embedded), so a stored view is used only
 * when a fresh render would give the same HTML; otherwise the page is rendered as before and its view stored again.
 * The background pass (pageViewsPass) renders the views of the offered languages ahead, after every other pass.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { OFFERED_LANGUAGES, type LanguageCode } from '../../common/languages';
import { jsonForScriptElement } from '../../common/page-data';
import type { ArticleAnswerDeps } from '../answers/article-answers';
import type { ArticleReads, ArticleStore, SettledOrLater, StoredView, ViewWithHead } from '../store/article-store';
import type { BatchedPass } from '../content/content-passes';
import { readPageData } from './embedded-answers';
import { resolvePage } from './html-shell';
import type { RenderPage } from './server-entry';

export const PAGE_VIEWS_PASS = 'page-views';

/** What views need of a store. */
export type ViewStore = SettledOrLater<Pick<ArticleStore, 'renderedView' | 'saveRenderedView'>> &
  Partial<SettledOrLater<Required<Pick<ArticleStore, 'viewWithHead'>>>>;

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

const SERVER_ROOT = resolve(import.meta.dirname, '..');
const PROJECT_ROOT = resolve(SERVER_ROOT, '..');

let sources: string | undefined;

/**
 * A hash of the server's own code (the .ts files of server/ and common/; data such as the corpus and the dictionary aside): what turns an article's stored
 * rows into its page data. Read once a process (about 300 files).
 */
export function serverSourceStamp(): string {
  if (sources !== undefined) return sources;
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'data' && entry.name !== 'node_modules') walk(path);
      } else if (entry.name.endsWith('.ts')) {
        // Paths from the project's root: the same code installed elsewhere (another checkout) keeps its views.
        hash
          .update(`${relative(PROJECT_ROOT, path)}\u0000`)
          .update(readFileSync(path))
          .update('\u0000');
      }
    }
  };
  walk(SERVER_ROOT);
  walk(join(SERVER_ROOT, '..', 'common'));
  sources = hash.digest('base64url');
  return sources;
}

/**
 * What a view's data is a function of besides its article's stored rows: the server's code and the dictionary (a
 * stored page missing or stale is rendered from it). With the build, the year and the origin, and the article's
 * revision, it makes the view's inputs (viewInputs).
 */
export function viewStamp(dictionaryVersion: string | undefined): string {
  return createHash('sha256')
    .update(`${serverSourceStamp()}\u0000${dictionaryVersion ?? 'no dictionary'}`)
    .digest('base64url');
}

/**
 * The inputs a view is stored with and checked against on a first view, without reading the article's data: the
 * article's revision (moved by every write of what its answer reads, store/sqlite migration v11), the build, the
 * year, the origin and the stamp. A view made from data read after its revision was read never fits a later revision.
 */
export function viewInputs(stamp: string, build: string, origin: string, revision: number, year = new Date().getFullYear()): string {
  return `${revision}.${createHash('sha256').update(`${stamp}\u0000${build}\u0000${year}\u0000${origin}`).digest('base64url')}`;
}

/** Views are stored deflated (a page's app is mostly markup: about a fifth of its size), as base64 text for both stores. */
export function packView(html: string): string {
  return deflateRawSync(html, { level: 9 }).toString('base64');
}

export function unpackView(body: string): string {
  return inflateRawSync(Buffer.from(body, 'base64')).toString('utf8');
}

/** What a one-read look at an article page's view found when it did not fit: the view and the inputs it should have. */
export interface KnownView {
  readonly view: StoredView | undefined;
  readonly inputs: string | undefined;
}

/**
 * The article page's stored view read with its head in one statement (stores with revisions: SQLite). `fits` when its
 * inputs are this server's for the article's current revision; else what was read, for the view stored after the
 * render. Undefined when the store cannot (no revisions, no stamp, no build) or the address is a merged article's.
 */
export async function viewAtOneRead(
  views: ViewStore | undefined,
  stamp: string | undefined,
  build: string,
  origin: string,
  page: { readonly articleId?: string; readonly lang: string },
  log: { warn(object: unknown, message: string): void },
): Promise<{ fits?: { read: ViewWithHead; html: string; dataJson: string; key: string }; known?: KnownView } | undefined> {
  if (views?.viewWithHead === undefined || stamp === undefined || build === '' || page.articleId === undefined) return undefined;
  try {
    const read = await views.viewWithHead(page.articleId, articleViewName(page.lang));
    // No such article, or a merged one's address (redirected): the usual path says so.
    if (read === undefined || read.id !== page.articleId) return undefined;
    const inputs = viewInputs(stamp, build, origin, read.revision);
    const stored = read.view;
    if (stored?.inputs === inputs && stored.data !== undefined) {
      return { fits: { read, html: unpackView(stored.body), dataJson: unpackView(stored.data), key: stored.key } };
    }
    return { known: { view: stored, inputs } };
  } catch (error) {
    log.warn({ err: error }, 'could not read the stored view of an article page; rendering it');
    return undefined;
  }
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
  /** viewStamp() of this server: with it (and a store that reads revisions), views are stored for one-read first views. */
  readonly stamp?: string;
  readonly languages?: readonly LanguageCode[];
  readonly log: ArticleAnswerDeps['log'];
}

/**
 * The pass that renders every article's page views ahead, in the offered languages (other languages are stored on
 * their first view). Its version is the build's, the server's and the origin's: a change of any renders them all again, in the background, while
 * reads render whatever is not there yet. A view whose key already fits is not rendered again.
 */
export function pageViewsPass(options: PageViewsPassOptions): BatchedPass {
  const { store, reader, answers, build, buildId, origin, stamp, languages = OFFERED_LANGUAGES, log } = options;
  return {
    name: PAGE_VIEWS_PASS,
    // Everything a view's key holds but the article's revision: a server change that leaves the web build alone (its
    // code, the dictionary: the stamp) or a new PUBLIC_URL makes every stored view miss, so it renders them again too.
    get version() {
      const server = createHash('sha256')
        .update(`${stamp ?? 'no-stamp'}\u0000${origin}`)
        .digest('base64url')
        .slice(0, 12);
      return `${buildId() || 'no-build'}/${new Date().getFullYear()}/${languages.join(',')}/${server}`;
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
          const name = articleViewName(lang);
          // The revision first, then the data: a view is filed under a revision no newer than what it shows.
          const head = stamp !== undefined && store.viewWithHead ? await store.viewWithHead(id, name) : undefined;
          const inputs = head && viewInputs(stamp!, current.id, origin, head.revision);
          if (head?.view?.inputs !== undefined && head.view.inputs === inputs && head.view.data !== undefined) continue;
          const { data, missingArticle } = await readPageData(reader, resolvePage(url), '', { ...answers, log });
          if (missingArticle) continue;
          const dataJson = jsonForScriptElement(data);
          const key = viewKey(current.id, url, origin, dataJson);
          const stored = head ? head.view : await store.renderedView(id, name);
          if (stored?.key === key && inputs === undefined) continue;
          // A view made for the same key by an earlier server (without inputs) is kept, not rendered again.
          const body = stored?.key === key ? stored.body : packView(await current.render({ url, data, origin }));
          await store.saveRenderedView(id, name, { key, body, ...(inputs !== undefined ? { inputs, data: packView(dataJson) } : {}) });
          rendered = true;
        }
        if (rendered) changed += 1;
      }
      return changed;
    },
  };
}
