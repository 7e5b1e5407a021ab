// @vitest-environment node
/**
 * The real server process (server/main.ts) on a database whose stored pages were written by another renderer:
 * it answers at once, serves those articles with freshly rendered pages while the background pass runs, reports
 * the pass in /api/health, and refreshes every page. Killed (SIGKILL) part-way, it resumes after the last
 * recorded batch instead of starting over. Its output, not a terminal here, is one JSON object a line.
 */
import { copyFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLiveServer, type LiveServer } from '../support/server-process';
import { progressName } from '../../server/content/content-passes';
import { READING_HELP_PASS } from '../../server/content/reading-help-pass';
import { pagesVersion, RENDER_PASS } from '../../server/content/stored-pages';
import { openSqliteStore } from '../../server/store/sqlite/sqlite-store';
import { RENDER_LANGUAGES, type ArticleRenderer } from '../../server/store/types';
import { syntheticArticles } from '../support/synthetic-articles';
import { makeTempDir, testDictionary, testDictionaryPath, writeDist } from './fixtures';
import { pollUntil } from '../support/poll-until';

const ARTICLES = 1500;
const OLD_PAGE = '<p>a page from the old renderer</p>';
const dir = makeTempDir('nr-passes-');
const dist = writeDist(dir);
const seeded = join(dir, 'seeded.db');
let currentVersion = '';

interface Running extends LiveServer {
  /** From spawning to the line that says it listens. */
  readonly startedInMs: number;
}

async function start(databasePath: string): Promise<Running> {
  const spawned = Date.now();
  const server = await startLiveServer({
    DATABASE_PATH: databasePath,
    DICTIONARY_PATH: testDictionaryPath(),
    DIST_DIR: dist,
    LOAD_CORPUS: 'false',
    LOG_LEVEL: 'info',
    // Small batches: many of them, so a kill lands part-way.
    CONTENT_PASS_BATCH_MS: '2',
  });
  return { ...server, startedInMs: Date.now() - spawned };
}

interface HealthPasses {
  state: string;
  passes: { name: string; state: string; checked: number; changed: number; total: number | null }[];
}

async function health(url: string): Promise<{ status: number; passes: HealthPasses; pages: HealthPasses['passes'][number] }> {
  const res = await fetch(`${url}/api/health`);
  const body = (await res.json()) as { content_passes: HealthPasses };
  return { status: res.status, passes: body.content_passes, pages: body.content_passes.passes.find((p) => p.name === RENDER_PASS)! };
}

function pageKeys(databasePath: string): string[] {
  const db = new Database(databasePath, { readonly: true });
  try {
    return db.prepare('SELECT content_hash FROM article_html').pluck().all() as string[];
  } finally {
    db.close();
  }
}

beforeAll(() => {
  const dictionary = testDictionary();
  currentVersion = pagesVersion(dictionary.version);
  // Pages an older renderer stored (cheap stand-ins, filed under its version); the glosses are already current.
  const oldRenderer: ArticleRenderer = Object.assign(
    () => Object.fromEntries(RENDER_LANGUAGES.map((language) => [language, OLD_PAGE])) as Record<(typeof RENDER_LANGUAGES)[number], string>,
    { version: '0/an-older-dictionary' },
  );
  const store = openSqliteStore(seeded);
  store.setRenderer(oldRenderer);
  store.upsertMany(syntheticArticles(ARTICLES, 11));
  store.recordContentPass(READING_HELP_PASS, dictionary.version);
  store.recordContentPass(RENDER_PASS, oldRenderer.version!);
  store.close();
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('start-up never waits for the passes over stored content', () => {
  it('answers at once, serves stale articles freshly rendered, then refreshes every page; every line is JSON', async () => {
    const databasePath = join(dir, 'refresh.db');
    copyFileSync(seeded, databasePath);
    const server = await start(databasePath);
    try {
      expect(server.startedInMs).toBeLessThan(15_000);
      const first = await health(server.url);
      expect(first.status).toBe(200);
      expect(['pending', 'running']).toContain(first.passes.state);
      expect(first.pages.checked).toBeLessThan(ARTICLES);

      // The last stored article is the last the pass reaches: its stored page is stale, and it is not what is served.
      const seeds = new Database(seeded, { readonly: true });
      const id = seeds.prepare('SELECT id FROM articles ORDER BY seq DESC LIMIT 1').pluck().get() as string;
      seeds.close();
      const article = await fetch(`${server.url}/api/articles/${encodeURIComponent(id)}?language=zh`);
      expect(article.status).toBe(200);
      const html = ((await article.json()) as { article: { html_content: string } }).article.html_content;
      expect(html).not.toContain(OLD_PAGE);
      expect(html).toContain('nr-article');

      const done = await pollUntil(
        () => health(server.url),
        (h) => h.passes.state === 'done',
        180_000,
        150,
      );
      expect(done.status).toBe(200);
      expect(done.pages).toMatchObject({ state: 'done', total: ARTICLES });
      // Every page now carries this renderer's version (the one read above was stored by the read itself).
      const keys = pageKeys(databasePath);
      expect(keys).toHaveLength(ARTICLES * RENDER_LANGUAGES.length);
      expect(keys.every((key) => key.endsWith(`/${currentVersion}`))).toBe(true);

      // The pass logs its end just after health says so; the line may still be in the pipe.
      const output = await pollUntil(
        async () => server.output(),
        (text) => text.includes(`content pass ${RENDER_PASS}: done`),
        10_000,
        150,
      );
      const lines = output.split('\n').filter((line) => line.trim() !== '');
      for (const line of lines) {
        const entry = JSON.parse(line) as Record<string, unknown>;
        expect(entry, line).toMatchObject({ name: 'server', level: expect.any(Number), time: expect.any(Number), msg: expect.any(String) });
      }
      expect(lines.some((line) => line.includes(`content pass ${RENDER_PASS}: done`))).toBe(true);
      // The pages were rendered on the render thread, not on the event loop.
      expect(lines.some((line) => line.includes('the render thread is not used'))).toBe(false);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }, 240_000);

  it('killed part-way, it resumes after the last recorded batch and does not redo finished ones', async () => {
    const databasePath = join(dir, 'killed.db');
    copyFileSync(seeded, databasePath);
    const first = await start(databasePath);
    await pollUntil(
      () => health(first.url),
      (h) => h.pages.checked >= 200,
      120_000,
      150,
    ).catch(async (error: unknown) => {
      first.child.kill('SIGKILL');
      throw error;
    });
    first.child.kill('SIGKILL');
    await first.exited;

    const db = new Database(databasePath);
    const progress = JSON.parse(
      db.prepare('SELECT version FROM content_passes WHERE name = ?').pluck().get(progressName(RENDER_PASS)) as string,
    ) as { version: string; checked: number; after: string };
    expect(progress.version).toBe(currentVersion);
    expect(progress.checked).toBeGreaterThanOrEqual(200);
    expect(progress.checked).toBeLessThan(ARTICLES);
    // A finished batch's page, marked: a pass that started over would render it again.
    const firstSeq = db.prepare('SELECT min(seq) FROM articles').pluck().get() as number;
    db.prepare("UPDATE article_html SET html = '<p>marked</p>' WHERE article_seq = ? AND language = 'zh'").run(firstSeq);
    db.close();

    const second = await start(databasePath);
    try {
      const resumed = await health(second.url);
      expect(resumed.pages.checked).toBeGreaterThanOrEqual(progress.checked);
      await pollUntil(
        () => health(second.url),
        (h) => h.passes.state === 'done',
        180_000,
        150,
      );
      const done = await health(second.url);
      // Counted across both runs; a batch redone would push it past the number of articles.
      expect(done.pages.checked).toBeLessThanOrEqual(ARTICLES);
      expect(second.output()).toContain(`content pass ${RENDER_PASS}: resuming after ${progress.checked} of ${ARTICLES} articles`);
      const after = new Database(databasePath, { readonly: true });
      expect(after.prepare("SELECT html FROM article_html WHERE article_seq = ? AND language = 'zh'").pluck().get(firstSeq)).toBe(
        '<p>marked</p>',
      );
      after.close();
      expect(pageKeys(databasePath).every((key) => key.endsWith(`/${currentVersion}`))).toBe(true);
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
    }
  }, 360_000);
});
