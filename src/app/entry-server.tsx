/**
 * Server rendering: the same App the browser hydrates, rendered for one address from the answers
 * the server read for it (common/page-data.ts). Vite builds this file in SSR mode into
 * dist/server/entry-server.js (vite.config.ts); the server loads that file at start by path and
 * never imports src/. Nothing here runs in the browser.
 */
import { renderToPipeableStream } from 'react-dom/server';
import { Writable } from 'node:stream';
import type { ArticlesApi } from '../api/client';
import { firstAnswersFrom } from '../api/first-answers';
import type { PageData } from '../../common/page-data';
import type { Logger } from '../platform/logger';
import { TEXTS } from '../domain/all-texts';
import { App } from './app';
import { buildEnv, readSiteOrigin } from './build-env';
import { createTextsSource, TEXT_CHUNKS } from './text-chunks';

export interface RenderRequest {
  /** The path and query being rendered, e.g. `/zh/articles?q=harbour`. */
  readonly url: string;
  /** What the server read for the page: the API answers its screens ask for first. */
  readonly data: PageData;
  /** The origin the request came to (head tags use VITE_SITE_ORIGIN when set, as the browser does). */
  readonly origin: string;
  /** Longest a render may take before it is abandoned. */
  readonly timeoutMs?: number;
}

/** Machines are never started on the server, so nothing asks these; a call would be a wiring mistake. */
const NO_API = new Proxy({} as ArticlesApi, {
  get: (_, name) => () => Promise.reject(new Error(`The server render asked the API for ${String(name)}`)),
});

const quietLogger: Logger = { warn: () => {} };

/** Every language's texts, loaded from the start: the server renders any page language. */
const ALL_TEXTS = createTextsSource(TEXT_CHUNKS, TEXTS);

function splitUrl(url: string): { path: string; search: string } {
  const at = url.indexOf('?');
  return at === -1 ? { path: url, search: '' } : { path: url.slice(0, at), search: url.slice(at + 1) };
}

/** The app's HTML for one address (the inside of `<div id="root">`), once every lazy route has loaded. */
export function renderPage({ url, data, origin, timeoutMs = 5000 }: RenderRequest): Promise<string> {
  const services = {
    api: NO_API,
    reload: () => {},
    logger: quietLogger,
    // The bodies the API serves are already sanitised by the server (server/content/strict-markup.ts).
    sanitiser: { sanitise: (html: string) => ({ html }) },
    firstAnswers: firstAnswersFrom(data),
  };
  const consentAnalytics = {
    // No choice is known on the server: the banner starts hidden, and the browser reads the saved choice.
    consentStore: { load: () => null, save: () => false },
    logger: quietLogger,
    siteOrigin: readSiteOrigin(buildEnv(), origin),
  };
  return new Promise((resolve, reject) => {
    let html = '';
    const timer = setTimeout(() => {
      stream.abort(new Error(`The server render of ${url} took over ${timeoutMs} ms`));
      reject(new Error(`The server render of ${url} took over ${timeoutMs} ms`));
    }, timeoutMs).unref();
    const sink = new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        html += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
        done();
      },
      final(done) {
        clearTimeout(timer);
        resolve(html);
        done();
      },
    });
    const stream = renderToPipeableStream(
      <App services={services} texts={ALL_TEXTS} consentAnalytics={consentAnalytics} ssr={splitUrl(url)} />,
      {
        // Bots and link previews read the whole page, and the detail route is lazy: wait for all of it.
        onAllReady: () => stream.pipe(sink),
        // Never split a large boundary out to be swapped in by an inline script: the CSP blocks inline scripts.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onShellError: reject,
        onError: (error) => {
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      },
    );
  });
}
