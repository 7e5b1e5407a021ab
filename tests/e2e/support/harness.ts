/**
 * The browser-test harness: for each test file, the real server (on the web app global-setup.ts
 * built, with analytics pointed at the local stand-in) and one Chromium, started once before the
 * file's tests and stopped after them; and pages with or without a saved cookie choice.
 *
 *   const harness = useHarness();                                        // sample corpus
 *   const harness = useHarness({ env: { RATE_LIMIT_MAX: '2' } });         // other settings
 *   const harness = useHarness({ seed: (databasePath) => ..., env: { LOAD_CORPUS: 'false' } });
 *   const harness = useHarness({ postgres: true });                       // the server on PostgreSQL
 *
 *   const { context, page } = await newPage(harness, SAVED_REJECTION);
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { startThrowawayCluster, type ThrowawayCluster } from '../../../scripts/postgres/throwaway-cluster';
import { startServer, temporaryDirectory, type RunningServer, type ServerOptions } from '../../support/server-process';
import { launchChrome } from './chrome';

export interface Harness {
  readonly server: RunningServer;
  readonly browser: Browser;
  readonly distDir: string;
  readonly analyticsOrigin: string;
  /** The server's DATABASE_URL when it runs on PostgreSQL (useHarness({ postgres: true })), else undefined. */
  readonly postgresUrl: string | undefined;
  close(): Promise<void>;
}

async function startHarness(options: Partial<ServerOptions> = {}, postgresUrl?: string): Promise<Harness> {
  const distDir = inject('distDir');
  const analyticsOrigin = inject('analyticsOrigin');
  const server = await startServer({
    distDir,
    ...options,
    env: {
      VITE_GA_MEASUREMENT_ID: 'G-E2ESTANDIN',
      VITE_GA_SCRIPT_URL: `${analyticsOrigin}/gtag/js`,
      VITE_BAIDU_SITE_ID: 'e2estandinsiteid',
      VITE_BAIDU_SCRIPT_URL: `${analyticsOrigin}/hm.js`,
      VITE_CHINA_PROBE_URL: `${analyticsOrigin}/favicon.ico`,
      ...options.env,
    },
  });
  let browser: Browser;
  try {
    browser = await launchChrome();
  } catch (error) {
    await server.dispose();
    throw error;
  }
  return {
    server,
    browser,
    distDir,
    analyticsOrigin,
    postgresUrl,
    close: async () => {
      await browser.close();
      await server.dispose();
    },
  };
}

export interface HarnessOptions {
  /** Extra server environment, e.g. LOAD_CORPUS=false or RATE_LIMIT_MAX. */
  readonly env?: Record<string, string>;
  /**
   * Writes articles into a fresh database before the server opens it (the sample corpus is still
   * loaded on start unless env says LOAD_CORPUS=false); a promise it returns is awaited. The
   * database is removed after the file.
   */
  readonly seed?: (databasePath: string) => unknown;
  /**
   * Runs the server on PostgreSQL: a throwaway cluster (scripts/postgres/throwaway-cluster.ts) for
   * this file, its URL as DATABASE_URL, stopped and deleted after the file. PostgreSQL missing fails
   * the file, never skips it. Only for files that need it: the cluster costs a few seconds.
   */
  readonly postgres?: boolean;
}

/**
 * Starts the harness in a beforeAll and closes it in an afterAll of the enclosing file or
 * describe block. The harness it returns can be used from the tests and later hooks on.
 */
export function useHarness(options: HarnessOptions = {}): Harness {
  let started: Harness | undefined;
  let databaseDir: string | undefined;
  let cluster: ThrowawayCluster | undefined;
  beforeAll(async () => {
    if (options.postgres && options.seed)
      throw new Error('useHarness: seed writes a SQLite file; with postgres, write through the store instead.');
    if (options.postgres) {
      cluster = await startThrowawayCluster().catch((error: unknown) => {
        throw new Error(`This browser test runs the server on PostgreSQL: ${error instanceof Error ? error.message : String(error)}`, {
          cause: error,
        });
      });
    }
    let databasePath: string | undefined;
    if (options.seed) {
      databaseDir = temporaryDirectory('seeded-db');
      databasePath = join(databaseDir, 'articles.sqlite');
      await options.seed(databasePath);
    }
    const env = { ...(cluster ? { DATABASE_URL: cluster.url } : {}), ...options.env };
    started = await startHarness({ ...(databasePath ? { databasePath } : {}), env }, cluster?.url);
  });
  afterAll(async () => {
    try {
      await started?.close();
    } finally {
      await cluster?.stop();
    }
    if (databaseDir) rmSync(databaseDir, { recursive: true, force: true });
  });
  const current = (): Harness => {
    if (!started) throw new Error('The browser-test harness is not started yet: use it in tests or in hooks after useHarness().');
    return started;
  };
  return {
    get server() {
      return current().server;
    },
    get browser() {
      return current().browser;
    },
    get distDir() {
      return current().distDir;
    },
    get analyticsOrigin() {
      return current().analyticsOrigin;
    },
    get postgresUrl() {
      return current().postgresUrl;
    },
    close: () => current().close(),
  };
}

export interface PageOptions {
  /** A saved cookie choice, so the banner stays away; `undefined` means no saved choice. */
  readonly consent?: { analytics: boolean } | undefined;
  readonly viewport?: { width: number; height: number };
  readonly timezoneId?: string;
  readonly locale?: string;
  /** A phone's touch screen (page.tap). */
  readonly hasTouch?: boolean;
}

export const SAVED_REJECTION = { consent: { analytics: false } } as const;

export async function newPage(harness: Harness, options: PageOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await harness.browser.newContext({
    baseURL: harness.server.origin,
    viewport: options.viewport ?? { width: 1280, height: 800 },
    timezoneId: options.timezoneId ?? 'UTC',
    locale: options.locale ?? 'en-US',
    ...(options.hasTouch ? { hasTouch: true } : {}),
  });
  if (options.consent) {
    const record = JSON.stringify({ essential: true, analytics: options.consent.analytics });
    await context.addInitScript((value) => {
      if (window.localStorage.getItem('cookie-consent') === null) window.localStorage.setItem('cookie-consent', value);
    }, record);
  }
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  // The page is readable at once, but the app starts only after its first paint (src/app/boot.ts):
  // a test acts on the page once the app has loaded and the network is quiet, as a reader's second look would.
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = (url, gotoOptions) => goto(url, { waitUntil: 'networkidle', ...gotoOptions });
  page.reload = (reloadOptions) => reload({ waitUntil: 'networkidle', ...reloadOptions });
  return { context, page };
}
