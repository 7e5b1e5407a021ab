// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildServer } from '../../server/app';
import { testConfig } from '../../server/config';
import { openSqliteStore } from '../../server/store/sqlite/sqlite-store';
import { unavailableStore } from '../../server/store/unavailable-store';
import { makeTempDir, startTestServer } from './fixtures';

describe('rate limit', () => {
  it('answers 429 with Retry-After once a client passes the limit, per client IP', async () => {
    const ctx = await startTestServer({ config: { rateLimitMax: 3, rateLimitWindowMs: 60_000 } });
    try {
      const from = (ip: string) => ctx.app.inject({ url: '/api/sources', remoteAddress: ip });
      for (let i = 0; i < 3; i++) {
        const ok = await from('10.0.0.1');
        expect(ok.statusCode).toBe(200);
        expect(ok.headers['x-ratelimit-remaining']).toBe(String(2 - i));
      }
      const limited = await from('10.0.0.1');
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect(limited.json()).toEqual({
        error: { code: 'rate_limited', message: 'Too many requests. Please wait a moment and try again.' },
      });
      // Another client is unaffected; pages and health checks never count.
      expect((await from('10.0.0.2')).statusCode).toBe(200);
      expect((await ctx.app.inject({ url: '/api/health', remoteAddress: '10.0.0.1' })).statusCode).toBe(200);
      expect((await ctx.app.inject({ url: '/zh/articles', remoteAddress: '10.0.0.1' })).statusCode).toBe(200);
    } finally {
      await ctx.close();
    }
  });

  it('opens a new window once the old one has passed', async () => {
    const ctx = await startTestServer({ config: { rateLimitMax: 1, rateLimitWindowMs: 200 } });
    try {
      expect((await ctx.app.inject('/api/sources')).statusCode).toBe(200);
      expect((await ctx.app.inject('/api/sources')).statusCode).toBe(429);
      await new Promise((resolve) => setTimeout(resolve, 250));
      expect((await ctx.app.inject('/api/sources')).statusCode).toBe(200);
    } finally {
      await ctx.close();
    }
  });

  it('is off when RATE_LIMIT_MAX is 0', async () => {
    const ctx = await startTestServer({ config: { rateLimitMax: 0 } });
    try {
      for (let i = 0; i < 50; i++) expect((await ctx.app.inject('/api/sources')).statusCode).toBe(200);
    } finally {
      await ctx.close();
    }
  });
});

describe('GET /api/health', () => {
  it('reports a reachable database and its article count', async () => {
    const ctx = await startTestServer();
    try {
      const res = await ctx.app.inject('/api/health');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json()).toEqual({ status: 'ok', database: 'reachable', article_count: 6 });
    } finally {
      await ctx.close();
    }
  });

  it('answers 503 when the database connection is gone, and the API says so instead of a 500', async () => {
    const ctx = await startTestServer();
    try {
      ctx.store.close();
      const res = await ctx.app.inject('/api/health');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable', database: 'unreachable', article_count: null });
      const list = await ctx.app.inject('/api/articles/latest');
      expect(list.statusCode).toBe(503);
      expect(list.json()).toMatchObject({ error: { code: 'database_unavailable' } });
      // Pages still come back; the head just lacks the article's tags.
      expect((await ctx.app.inject('/zh/articles/f-oldest')).statusCode).toBe(200);
    } finally {
      await ctx.close();
    }
  });

  it('answers 503 when the database file is not a database (the server still starts)', async () => {
    const dir = makeTempDir();
    const path = join(dir, 'garbage.db');
    writeFileSync(path, Buffer.alloc(8192, 0x5a));
    let openError: unknown;
    try {
      openSqliteStore(path);
    } catch (error) {
      openError = error;
    }
    expect(openError).toBeInstanceOf(Error);
    // What main.ts does when opening fails: serve with a store that reports the failure.
    const app = await buildServer({ store: unavailableStore(openError), config: testConfig({ distDir: join(dir, 'dist') }) });
    try {
      const health = await app.inject('/api/health');
      expect(health.statusCode).toBe(503);
      expect(health.json()).toEqual({ status: 'unavailable', database: 'unreachable', article_count: null });
      const article = await app.inject('/api/articles/anything');
      expect(article.statusCode).toBe(503);
      expect(article.json()).toMatchObject({ error: { code: 'database_unavailable' } });
    } finally {
      await app.close();
    }
  });
});

describe('security headers', () => {
  it('are on API, page, asset and error responses', async () => {
    const ctx = await startTestServer();
    try {
      for (const url of ['/api/sources', '/zh', '/assets/index-abc123.js', '/api/articles/nope', '/api/articles/latest?limit=0']) {
        const res = await ctx.app.inject(url);
        const csp = res.headers['content-security-policy'] as string;
        expect(csp, url).toContain("frame-ancestors 'none'");
        expect(csp, url).toMatch(/script-src 'self'(;| )/);
        expect(
          csp.split(';').find((d) => d.trim().startsWith('script-src')),
          url,
        ).not.toContain('unsafe-inline');
        expect(res.headers['x-content-type-options'], url).toBe('nosniff');
        expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      }
    } finally {
      await ctx.close();
    }
  });

  it('allow exactly the analytics hosts the configuration enables', async () => {
    const { analyticsFromEnv } = await import('../../server/config');
    const cases = [
      { env: {}, scripts: [] as string[], probe: false },
      {
        env: { VITE_GA_MEASUREMENT_ID: 'G-TEST' },
        scripts: ['https://www.googletagmanager.com', 'https://*.google-analytics.com'],
        probe: true,
      },
      { env: { VITE_GA_MEASUREMENT_ID: 'G-TEST', VITE_GA_ENABLED: 'false' }, scripts: [], probe: false },
      { env: { VITE_BAIDU_SITE_ID: 'abc' }, scripts: ['https://hm.baidu.com'], probe: true },
    ];
    for (const { env, scripts, probe } of cases) {
      const ctx = await startTestServer({ config: { analytics: analyticsFromEnv(env) } });
      try {
        const csp = (await ctx.app.inject('/api/sources')).headers['content-security-policy'] as string;
        const directive = (name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `)) ?? '';
        for (const host of scripts) {
          expect(directive('script-src'), JSON.stringify(env)).toContain(host);
          expect(directive('connect-src'), JSON.stringify(env)).toContain(host);
          expect(directive('img-src'), JSON.stringify(env)).toContain(host);
        }
        if (scripts.length === 0) expect(directive('script-src')).toBe("script-src 'self'");
        expect(directive('connect-src').includes('https://www.baidu.com'), JSON.stringify(env)).toBe(probe);
        if (!('VITE_BAIDU_SITE_ID' in env)) expect(csp).not.toContain('baidu.com/hm');
      } finally {
        await ctx.close();
      }
    }
  });
});
