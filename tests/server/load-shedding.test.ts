/**
 * Load shedding as a client meets it: while the event loop lags, an API read is refused with 503
 * `overloaded` and Retry-After, and nothing is half-answered; the health probe and the build's hashed
 * files are still served (a refused route module would leave the page broken until a reload).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestContext } from './fixtures';

/** Holds the event loop as a long synchronous task would. */
function stallEventLoop(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // busy: this is the lag being measured
  }
}

/** under-pressure averages the lag once a second: asks until the server says it is overloaded. */
async function firstShedAnswer(ctx: TestContext) {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const answer = await ctx.app.inject({ method: 'GET', url: '/api/articles/latest' });
    if (answer.statusCode !== 200 || Date.now() > deadline) return answer;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('load shedding', () => {
  let ctx: TestContext;
  beforeEach(async () => {
    ctx = await startTestServer({ config: { maxEventLoopDelayMs: 5 } });
  });
  afterEach(() => ctx.close());

  it('refuses API reads while the event loop lags, but answers health and the hashed files', async () => {
    const before = await ctx.app.inject({ method: 'GET', url: '/api/articles/latest' });
    expect(before.statusCode).toBe(200);

    stallEventLoop(1_500);
    const api = await firstShedAnswer(ctx);
    const [health, asset] = await Promise.all([
      ctx.app.inject({ method: 'GET', url: '/api/health' }),
      ctx.app.inject({ method: 'GET', url: '/assets/index-abc123.js' }),
    ]);
    expect(api.statusCode).toBe(503);
    expect(api.headers['retry-after']).toBe('2');
    expect(api.json()).toMatchObject({ error: { code: 'overloaded' } });
    expect(health.statusCode).not.toBe(503);
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toContain('console.log');
  });
});
