/**
 * A reverse proxy in front of the real server that answers a few article ids itself, with
 * detail responses whose html_content is exactly the text given (raw, unsanitised). Everything
 * else (the page, its assets, every other API call) passes through to the real server untouched.
 * This reaches the web app's own decoding and sanitising path, which the real server never
 * exercises because it renders and sanitises bodies before they leave it.
 *
 * The real server knows nothing of those ids, so it renders their pages as "not found", with its 404 in
 * the page's embedded answers (common/page-data.ts), which the app would show without asking. The
 * proxy sends those pages with 200 and without the embedded answers, as a page of an article the
 * server knows but did not embed: the app then asks the API, that is, the proxy.
 *
 * It also drops the Content-Security-Policy header, so the sanitisers are tested on their own:
 * the server's CSP (no inline script) would otherwise stop most vectors even if a sanitiser let
 * them through, and each layer has to hold by itself.
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ArticleResponse } from '../../../common/contract';

export interface RawBodyProxy {
  readonly origin: string;
  close(): Promise<void>;
}

export async function startRawBodyProxy(upstreamOrigin: string, bodies: Readonly<Record<string, string>>): Promise<RawBodyProxy> {
  const upstream = new URL(upstreamOrigin);
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://proxy.local');
    const match = /^\/api\/articles\/([^/]+)$/.exec(url.pathname);
    const id = match ? decodeURIComponent(match[1]!) : undefined;
    if (req.method === 'GET' && id !== undefined && id in bodies) {
      const answer: ArticleResponse = {
        article: {
          article_id: id,
          title: `Raw body test ${id}`,
          source: 'npr',
          date: '2026-11-01T10:00:00Z',
          categories: ['technology'],
          learning_metadata: { estimated_reading_time: 3, difficulty_level: 'beginner' },
          html_content: bodies[id]!,
        },
      };
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
      res.end(JSON.stringify(answer));
      return;
    }
    const page = /^\/[a-z]{2}\/articles\/([^/]+)$/.exec(url.pathname);
    const ownPage = page !== null && decodeURIComponent(page[1]!) in bodies;
    const forward = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        // An own page is rewritten below, so it is asked for uncompressed.
        headers: { ...req.headers, host: upstream.host, ...(ownPage ? { 'accept-encoding': 'identity' } : {}) },
      },
      (upstreamResponse) => {
        const headers = { ...upstreamResponse.headers };
        delete headers['content-security-policy'];
        if (!ownPage) {
          res.writeHead(upstreamResponse.statusCode ?? 502, headers);
          upstreamResponse.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        upstreamResponse.on('data', (chunk: Buffer) => chunks.push(chunk));
        upstreamResponse.on('end', () => {
          const html = Buffer.concat(chunks)
            .toString('utf8')
            .replace(/<script type="application\/json" id="page-data">[\s\S]*?<\/script>/, '');
          delete headers['content-length'];
          delete headers.etag;
          res.writeHead(200, { ...headers, 'content-length': Buffer.byteLength(html) });
          res.end(html);
        });
      },
    );
    forward.on('error', (error) => {
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`proxy: ${error.message}`);
    });
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
