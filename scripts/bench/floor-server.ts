/**
 * The load-test floor: the same Fastify, answering fixed in-memory JSON bodies of the same size
 * as the real answers, with no database, validation or rendering behind them.
 *
 *   node --import tsx scripts/bench/floor-server.ts <port> <bodies.json>
 * bodies.json: { "latest": "<body>", "detail": "<body>", "search": "<body>", "byPath"?: { "<path>": "<body>" } }
 * byPath (scripts/bench/scale.ts) answers each measured path with its own body; "page"
 * (scripts/bench/uncached-scale.ts), if given, answers every other path as HTML (a server-rendered page).
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const [portText, bodiesPath] = process.argv.slice(2);
if (!portText || !bodiesPath) {
  console.error('Usage: floor-server.ts <port> <bodies.json>');
  process.exit(2);
}
const bodies = JSON.parse(readFileSync(bodiesPath, 'utf8')) as Record<'latest' | 'detail' | 'search', string> & {
  byPath?: Record<string, string>;
  page?: string;
};
const app = Fastify({ logger: false });
const json = 'application/json; charset=utf-8';
const byPath = new Map(Object.entries(bodies.byPath ?? {}));
if (byPath.size > 0) {
  app.addHook('onRequest', async (request, reply) => {
    const body = byPath.get(request.url);
    if (body !== undefined) return reply.type(json).send(body);
  });
}
app.get('/api/health', async (_request, reply) => reply.type(json).send('{"status":"ok"}'));
app.get('/api/articles/latest', async (_request, reply) => reply.type(json).send(bodies.latest));
app.get('/api/articles/search', async (_request, reply) => reply.type(json).send(bodies.search));
app.get('/api/articles/:id', async (_request, reply) => reply.type(json).send(bodies.detail));
const page = bodies.page;
if (page !== undefined) app.get('/*', async (_request, reply) => reply.type('text/html; charset=utf-8').send(page));
await app.listen({ port: Number(portText), host: '127.0.0.1' });
const shutdown = () => void app.close().then(() => process.exit(0));
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
