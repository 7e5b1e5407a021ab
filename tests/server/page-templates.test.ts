// @vitest-environment node
/**
 * Decision 59: article pages answer with the build's article.html (an app without the home and list routes' code), every
 * other page with index.html; article.html is never sent as a file, and a build without it still serves article pages.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTICLE_TEMPLATE as BUILT_ARTICLE_TEMPLATE } from '../../scripts/build/article-pages-app';
import { ARTICLE_TEMPLATE } from '../../server/http/paths';
import { TEMPLATE_HTML, startTestServer, type TestContext } from './fixtures';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await startTestServer();
  writeFileSync(join(ctx.config.distDir, ARTICLE_TEMPLATE), TEMPLATE_HTML.replace('/assets/app-a1.js', '/assets/app-article-b1.js'));
});
afterAll(async () => {
  await ctx.close();
});

async function appEntry(url: string): Promise<string | undefined> {
  const res = await ctx.app.inject(url);
  return /<meta name="app-module" content="([^"]+)" data-app-entry>/.exec(res.body)?.[1];
}

describe('the page each address answers with', () => {
  it("article pages get the article pages' app, with their head and route modules", async () => {
    expect(await appEntry('/zh/articles/f-telescope-title')).toBe('/assets/app-article-b1.js');
    expect(await appEntry('/en/articles/f-budget-vote')).toBe('/assets/app-article-b1.js');
    // An article that does not exist is an article page too (its app shows the not-found state, as the server did).
    expect(await appEntry('/en/articles/no-such-article')).toBe('/assets/app-article-b1.js');
    const page = await ctx.app.inject('/zh/articles/f-telescope-title');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('/assets/article-detail-route-d1.js');
    expect(page.body).not.toContain('/assets/words-route-w1.js');
  });

  it('home, the list, the practice page and the learner pages keep index.html', async () => {
    for (const url of [
      '/',
      '/zh',
      '/en/articles',
      '/en/articles?q=bank',
      '/en/articles/f-budget-vote/practice',
      '/en/words',
      '/en/no/such/page',
    ])
      expect(await appEntry(url), url).toBe('/assets/app-a1.js');
  });

  it('article.html is not a public file', async () => {
    const res = await ctx.app.inject('/article.html');
    expect(res.body).not.toContain('app-article-b1');
  });

  it('a build without article.html serves article pages with index.html', async () => {
    rmSync(join(ctx.config.distDir, ARTICLE_TEMPLATE));
    expect(await appEntry('/zh/articles/f-telescope-title')).toBe('/assets/app-a1.js');
  });
});

it("the build writes the article pages' page under the name the server reads", () => {
  expect(BUILT_ARTICLE_TEMPLATE).toBe(ARTICLE_TEMPLATE);
});
