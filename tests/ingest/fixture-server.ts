/**
 * A local HTTP server for the importer tests, on 127.0.0.1 and a free port. It serves the
 * feeds and pages in fixtures/ with {{ORIGIN}} replaced by its own address, answers
 * conditional requests, and records what it was asked.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

export const FIXTURES = join(import.meta.dirname, 'fixtures');

export interface Route {
  /** A file under fixtures/, bytes served as stored (so legacy encodings stay legacy). */
  readonly file?: string;
  readonly body?: string | Buffer;
  readonly contentType?: string;
  readonly etag?: string;
  readonly status?: number;
  /** Accept the request and never answer. */
  readonly hang?: boolean;
  /** Answer after this many milliseconds. */
  readonly delayMs?: number;
  /** Send the body in pieces without a Content-Length, as a streaming server would. */
  readonly chunked?: boolean;
  /** Redirect here ({{ORIGIN}} replaced), with `status` (default 301). */
  readonly location?: string;
}

export interface RecordedRequest {
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
}

export interface FixtureServer {
  readonly origin: string;
  readonly routes: Map<string, Route>;
  readonly requests: RecordedRequest[];
  /** The most requests that were being answered at the same moment. */
  readonly maxConcurrent: () => number;
  url(path: string): string;
  close(): Promise<void>;
}

export async function startFixtureServer(routes: Record<string, Route>): Promise<FixtureServer> {
  const table = new Map(Object.entries(routes));
  const requests: RecordedRequest[] = [];
  const hanging = new Set<ServerResponse>();
  let origin = '';
  let active = 0;
  let maxActive = 0;

  const server: Server = createServer(async (req, res) => {
    const path = req.url ?? '/';
    requests.push({ path, headers: req.headers });
    active += 1;
    maxActive = Math.max(maxActive, active);
    res.on('close', () => {
      active -= 1;
    });
    const route = table.get(path.split('#')[0]!) ?? table.get(path.split('?')[0]!);
    if (!route) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    if (route.hang) {
      hanging.add(res);
      return;
    }
    if (route.delayMs) await new Promise((resolve) => setTimeout(resolve, route.delayMs));
    if (route.location) {
      res.writeHead(route.status ?? 301, { location: route.location.replaceAll('{{ORIGIN}}', origin) }).end();
      return;
    }
    if (route.etag && req.headers['if-none-match'] === route.etag) {
      res.writeHead(304, { etag: route.etag }).end();
      return;
    }
    const raw = route.file ? readFileSync(join(FIXTURES, route.file)) : Buffer.from(route.body ?? '');
    // latin1 maps every byte to one character and back, so replacing the ASCII placeholder keeps any encoding intact.
    const body = Buffer.from(raw.toString('latin1').replaceAll('{{ORIGIN}}', origin), 'latin1');
    res.writeHead(route.status ?? 200, {
      'content-type': route.contentType ?? 'application/octet-stream',
      ...(route.chunked ? {} : { 'content-length': body.length }),
      ...(route.etag ? { etag: route.etag } : {}),
    });
    if (!route.chunked) {
      res.end(body);
      return;
    }
    for (let offset = 0; offset < body.length && !res.destroyed; offset += 16 * 1024) {
      res.write(body.subarray(offset, offset + 16 * 1024));
      await new Promise((resolve) => setImmediate(resolve));
    }
    res.end();
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    routes: table,
    requests,
    maxConcurrent: () => maxActive,
    url: (path) => `${origin}${path}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
