/**
 * Small hand-made articles and a real temporary SQLite store + server for the server tests.
 * Ordering and search assertions use these, never the sample corpus.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildServer } from '../../server/app';
import { testConfig, type ServerConfig } from '../../server/config';
import { openDictionary } from '../../server/dictionary/open-dictionary';
import type { Dictionary } from '../../server/dictionary/dictionary-types';
import type { ModuleLoader } from '../../server/pages/server-entry';
import { contentHashOf } from '../../server/store/content-hash';
import { openSqliteStore, type SqliteArticleStore } from '../../server/store/sqlite/sqlite-store';
import type { ArticleInput } from '../../server/store/types';
import { sqliteSeam } from '../../server/store/sqlite/sqlite-seam';

type Draft = Omit<
  ArticleInput,
  'contentHash' | 'url' | 'wordCount' | 'readingTimeMinutes' | 'summaryTranslations' | 'vocabulary' | 'culturalNotes'
> &
  Partial<Pick<ArticleInput, 'summaryTranslations' | 'vocabulary' | 'culturalNotes'>>;

export function article(draft: Draft): ArticleInput {
  const wordCount = draft.paragraphs.join(' ').split(/\s+/).filter(Boolean).length;
  const body: Omit<ArticleInput, 'contentHash'> = {
    url: `https://example.org/news/${draft.id}`,
    wordCount,
    readingTimeMinutes: Math.ceil(wordCount / 60),
    summaryTranslations: {},
    vocabulary: [],
    culturalNotes: [],
    ...draft,
  };
  return { ...body, contentHash: contentHashOf(body) };
}

/**
 * Six articles, newest first: f-telescope-title (Nov 10) … f-oldest (Nov 1).
 * "telescope" is in one title, one summary and one body, so ranking has a clear answer.
 */
export const FIXTURES: readonly ArticleInput[] = [
  article({
    id: 'f-telescope-title',
    source: 'bbc',
    title: 'New telescope opens on the mountain',
    publishedAt: '2026-11-10T08:00:00Z',
    summary: 'Scientists open a large instrument to look at distant stars.',
    summaryTranslations: { zh: '科学家启用了一台观测遥远恒星的大型仪器。', es: '' },
    paragraphs: [
      'A large instrument opened on Monday at the top of a dry mountain.',
      'Students from nearby schools visited on the first night and looked at the moon.',
    ],
    difficulty: 'beginner',
    categories: ['technology', 'education'],
    vocabulary: [
      {
        word: 'instrument',
        partOfSpeech: 'noun',
        definition: 'a tool used for careful scientific work',
        example: 'A large instrument opened on Monday at the top of a dry mountain.',
        translations: { zh: '仪器', es: '' },
      },
    ],
    culturalNotes: [
      {
        title: 'Public nights at observatories',
        body: 'Many observatories open to the public a few nights each year.',
        translations: { zh: { title: '天文台公众开放夜', body: '许多天文台每年有几个晚上向公众开放。' } },
      },
    ],
  }),
  article({
    id: 'f-budget-vote',
    source: 'npr',
    title: 'Council approves the city budget after a long night',
    publishedAt: '2026-11-08T20:00:00Z',
    summary: 'The council voted seven to two for a budget that adds bus routes.',
    paragraphs: ['The council met until midnight.', 'Members argued about buses, parks and roads before the vote.'],
    difficulty: 'intermediate',
    categories: ['politics', 'business'],
  }),
  article({
    id: 'f-telescope-summary',
    source: 'reuters',
    title: 'Observatory funding rises in the new plan',
    publishedAt: '2026-11-06T12:00:00Z',
    summary: 'A telescope project gets more money from the national science fund.',
    paragraphs: ['The science fund will give more money to three observatories over five years.'],
    difficulty: 'advanced',
    categories: ['business', 'technology'],
  }),
  article({
    id: 'f-flu-clinic',
    source: 'cbs',
    title: 'Drive-through flu clinic draws long lines',
    publishedAt: '2026-11-04T15:00:00Z',
    summary: 'Hundreds of people got flu shots without leaving their cars.',
    paragraphs: ['Nurses worked in a parking lot all day.', 'Some drivers waited an hour for their shot.'],
    difficulty: 'beginner',
    categories: ['health'],
  }),
  article({
    id: 'f-telescope-body',
    source: 'bbc',
    title: 'Village school starts an astronomy club',
    publishedAt: '2026-11-02T10:00:00Z',
    summary: 'Children meet after school to learn about the night sky.',
    paragraphs: ['The club meets on Thursdays.', 'A parent lent the club a small telescope for the winter.'],
    difficulty: 'beginner',
    categories: ['education'],
  }),
  article({
    id: 'f-oldest',
    source: 'reuters',
    title: 'Port workers reach a wage deal',
    publishedAt: '2026-11-01T06:00:00Z',
    summary: 'Dock workers and employers agreed on a three-year contract.',
    paragraphs: ['The agreement ends a week of talks.', 'Ships will keep moving through the port during the holidays.'],
    difficulty: 'intermediate',
    categories: ['business', 'immigration'],
  }),
];

export interface TestContext {
  readonly dir: string;
  readonly store: SqliteArticleStore;
  readonly app: FastifyInstance;
  readonly config: ServerConfig;
  close(): Promise<void>;
}

export const TEMPLATE_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Placeholder title</title>
    <meta name="description" content="Placeholder description" />
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
    <meta name="app-module" content="/assets/app-a1.js" data-app-entry>
    <meta name="app-module" content="/assets/en-e1.js" data-text-language="en">
    <meta name="app-module" content="/assets/shared-s1.js" data-text-language="en">
    <meta name="app-module" content="/assets/es-s1.js" data-text-language="es">
    <meta name="app-module" content="/assets/shared-s1.js" data-text-language="es">
    <meta name="app-module" content="/assets/zh-z1.js" data-text-language="zh">
    <meta name="app-module" content="/assets/shared-s1.js" data-text-language="zh">
    <meta name="route-module" content="/assets/article-detail-route-d1.js" data-page="detail">
    <meta name="route-module" content="/assets/speech-engine-d2.js" data-page="detail">
    <meta name="route-module" content="/assets/words-route-w1.js" data-page="words" data-at-start>
  </head>
  <body><div id="root"></div></body>
</html>
`;

export function makeTempDir(prefix = 'nr-server-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** A fake built app in a temp dir: index.html, one hashed asset and a root file. */
export function writeDist(dir: string): string {
  const dist = join(dir, 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), TEMPLATE_HTML);
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), `console.log(${JSON.stringify('x'.repeat(3000))});\n`);
  writeFileSync(join(dist, 'robots.txt'), 'User-agent: *\nAllow: /\n');
  return dist;
}

let dictionary: Dictionary | undefined;

/**
 * The bundled dictionary, built once into the system's temp folder and shared by every test file
 * (building it takes a second or two; a later open finds it current and only checks the data).
 */
export function testDictionary(): Dictionary {
  dictionary ??= openDictionary({ path: testDictionaryPath() }).dictionary;
  return dictionary;
}

/** Where testDictionary keeps its file; a spawned server or importer can point DICTIONARY_PATH at it. */
export function testDictionaryPath(): string {
  return join(tmpdir(), `newsreader-test-dictionary-${process.getuid?.() ?? 0}.db`);
}

export async function startTestServer(
  options: {
    articles?: readonly ArticleInput[];
    config?: Partial<ServerConfig>;
    withDist?: boolean;
    withDictionary?: boolean;
    /** Stands in for importing dist/server/entry-server.js (vitest's module runner cannot import it by URL). */
    loadServerEntry?: ModuleLoader;
  } = {},
): Promise<TestContext> {
  const dir = makeTempDir();
  const store = openSqliteStore(join(dir, 'test.db'));
  store.upsertMany(options.articles ?? FIXTURES);
  const distDir = options.withDist === false ? join(dir, 'no-dist') : writeDist(dir);
  const config = testConfig({
    publicUrl: 'https://reader.test',
    distDir,
    databasePath: join(dir, 'test.db'),
    rateLimitMax: 0,
    ...options.config,
  });
  const app = await buildServer({
    store: sqliteSeam(store),
    config,
    ...(options.withDictionary ? { dictionary: testDictionary() } : {}),
    ...(options.loadServerEntry ? { loadServerEntry: options.loadServerEntry } : {}),
  });
  await app.ready();
  return {
    dir,
    store,
    app,
    config,
    async close() {
      await app.close();
      store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
