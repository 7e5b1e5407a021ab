// @vitest-environment node
/**
 * The background content passes on PostgreSQL with two nodes started together on one database whose pages an
 * older renderer wrote: one node runs the pass (advisory lock), the other waits and then finds it done; every
 * page is refreshed once, and each is read fresh (rendered on the fly) before the pass reaches it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderedPagesPass } from '../../server/content/batched-passes';
import { ContentPasses, type PassLogger } from '../../server/content/content-passes';
import { articleRenderer, pagesVersion, RENDER_PASS } from '../../server/content/stored-pages';
import { openPostgresStore, type PostgresArticleStore } from '../../server/store/postgres/postgres-store';
import { RENDER_LANGUAGES, type ArticleRenderer } from '../../server/store/types';
import { testDictionary } from '../server/fixtures';
import { syntheticArticles } from '../support/synthetic-articles';
import { createTestDatabase, type TestDatabase } from '../support/postgres';

const ARTICLES = 120;
const OLD_PAGE = '<p>old</p>';
let database: TestDatabase;
const stores: PostgresArticleStore[] = [];

function collectingLogger(lines: string[]): PassLogger {
  return { info: (_fields, message) => void lines.push(message), error: (_fields, message) => void lines.push(message) };
}

beforeAll(async () => {
  database = await createTestDatabase();
  const seeder = await openPostgresStore(database.url);
  const oldRenderer: ArticleRenderer = Object.assign(
    () => Object.fromEntries(RENDER_LANGUAGES.map((language) => [language, OLD_PAGE])) as Record<(typeof RENDER_LANGUAGES)[number], string>,
    { version: '0/older' },
  );
  seeder.setRenderer(oldRenderer);
  await seeder.upsertMany(syntheticArticles(ARTICLES, 5));
  await seeder.close();
}, 120_000);

afterAll(async () => {
  await Promise.all(stores.map((store) => store.close()));
  await database.drop();
});

describe('content passes on PostgreSQL', () => {
  it('of two nodes started together one runs the pass; the other waits, then finds it done', async () => {
    const renderer = articleRenderer(testDictionary());
    const nodes = await Promise.all(
      [0, 1].map(async () => {
        const store = await openPostgresStore(database.url, { versionRefreshMs: 3_600_000 });
        stores.push(store);
        store.setRenderer(renderer);
        const lines: string[] = [];
        const passes = new ContentPasses(store, [renderedPagesPass(store, renderer)], collectingLogger(lines), { lockRetryMs: 300 });
        return { store, lines, passes };
      }),
    );
    // Before any pass: a stale page is never served; the read finds no page for this renderer.
    const id = (await nodes[0]!.store.idsAfter(1))[0]!;
    expect((await nodes[0]!.store.page(id, 'zh'))?.html).toBeUndefined();

    const runs = nodes.map((node) => node.passes.start());
    await Promise.all(runs);

    const pageStatuses = nodes.map((node) => node.passes.status().passes.find((p) => p.name === RENDER_PASS)!);
    expect(nodes.map((node) => node.passes.status().state)).toEqual(['done', 'done']);
    // One node rendered every article; the other rendered none (it found the pass recorded done).
    expect(pageStatuses.map((s) => s.changed).sort((a, b) => a - b)).toEqual([0, ARTICLES]);
    expect(nodes.some((node) => node.lines.includes('content passes: another node is running them'))).toBe(true);

    expect(await nodes[1]!.store.contentPass(RENDER_PASS)).toBe(pagesVersion(testDictionary().version));
    expect(await nodes[1]!.store.idsWithoutHtml(10)).toEqual([]);
    const page = await nodes[1]!.store.page(id, 'zh');
    expect(page?.html).toContain('nr-article');
    expect(page?.html).not.toContain(OLD_PAGE);
  }, 120_000);
});
