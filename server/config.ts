/**
 * Every setting the server reads, with its default. main.ts reads process.env once at
 * start; tests build a ServerConfig directly. docs/server.md lists the same table.
 */
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { readAnalyticsConfig, type AnalyticsConfig } from '../common/analytics-config';

export interface ServerConfig {
  readonly port: number;
  readonly host: string;
  /** Origin used in canonical and Open Graph URLs, without a trailing slash. */
  readonly publicUrl: string;
  readonly databasePath: string;
  /** postgres:// or postgresql:// URL: the articles live in PostgreSQL instead of the SQLite file at databasePath. */
  readonly databaseUrl: string | undefined;
  /** Connections each node keeps to PostgreSQL (DATABASE_URL only). */
  readonly databasePoolSize: number;
  /**
   * Reads each node runs on PostgreSQL at once, the rest waiting their turn (DATABASE_URL only; decision 48). Default:
   * the CPUs when PostgreSQL runs on this machine (loopback or a Unix socket), else the pool's size.
   */
  readonly databaseReadConcurrency: number;
  /** The bundled dictionary's SQLite file, built from server/dictionary/data on first start. */
  readonly dictionaryPath: string;
  /** The committed dictionary data it is built from (server/dictionary/data unless overridden). */
  readonly dictionaryDataDir: string;
  /** The built web app (index.html and assets/). */
  readonly distDir: string;
  readonly corpusDir: string;
  readonly loadCorpus: boolean;
  readonly skipWebBuild: boolean;
  readonly rateLimitMax: number;
  readonly rateLimitWindowMs: number;
  readonly trustProxy: boolean;
  readonly shutdownTimeoutMs: number;
  readonly logLevel: string;
  /** Worker threads that run API reads off the event loop; 0 reads on the event loop. */
  readonly readWorkers: number;
  /** Reads waiting for a worker beyond which the API sheds load (503 + Retry-After). */
  readonly readQueueMax: number;
  /** The longest one API read may run before it is stopped (503). */
  readonly readTimeoutMs: number;
  /** About how long one batch of a background content pass may hold the event loop (server/content/content-passes.ts). */
  readonly passBatchMs: number;
  /** Event-loop delay beyond which requests other than /api/health are shed (503); 0 is off. */
  readonly maxEventLoopDelayMs: number;
  /** Serialised API answers kept per data version (server/http/prepared-answers.ts); 0 is off. */
  readonly answerCacheEntries: number;
  readonly analytics: AnalyticsConfig;
}

export const PROJECT_ROOT = resolve(import.meta.dirname, '..');

type Env = Readonly<Record<string, string | undefined>>;

export class ConfigError extends Error {}

function text(env: Env, name: string, fallback: string): string {
  const value = env[name]?.trim();
  return value ? value : fallback;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}; got "${raw}"`);
  }
  return Number(raw);
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (!raw) return fallback;
  if (['true', '1', 'yes', 'on'].includes(raw)) return true;
  if (['false', '0', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(`${name} must be true or false; got "${raw}"`);
}

function url(env: Env, name: string, fallback: string): string {
  return httpUrl(name, text(env, name, fallback));
}

function httpUrl(name: string, value: string): string {
  try {
    const parsed = new URL(value);
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error('not http');
  } catch {
    throw new ConfigError(`${name} must be an absolute http(s) URL; got "${value}"`);
  }
  return value;
}

/**
 * The analytics settings as the web app reads them (common/analytics-config.ts), so the CSP allows
 * exactly the providers the app loads; the server also refuses an address that is not http(s).
 */
export function analyticsFromEnv(env: Env): AnalyticsConfig {
  const analytics = readAnalyticsConfig(env);
  httpUrl('VITE_GA_SCRIPT_URL', analytics.googleAnalytics.scriptUrl);
  httpUrl('VITE_BAIDU_SCRIPT_URL', analytics.baiduTongji.scriptUrl);
  httpUrl('VITE_CHINA_PROBE_URL', analytics.chinaProbeUrl);
  return analytics;
}

export function configFromEnv(env: Env = process.env): ServerConfig {
  const port = integer(env, 'PORT', 3000, 0, 65535);
  const host = text(env, 'HOST', '127.0.0.1');
  const publicUrl = url(env, 'PUBLIC_URL', `http://${host.includes(':') ? `[${host}]` : host}:${port}`).replace(/\/+$/, '');
  const databasePath = resolve(PROJECT_ROOT, text(env, 'DATABASE_PATH', 'data/newsreader.db'));
  const databasePoolSize = integer(env, 'DATABASE_POOL_SIZE', 10, 1, 1000);
  const databaseUrl = databaseUrlFrom(env);
  return {
    port,
    host,
    publicUrl,
    databasePath,
    databaseUrl,
    databasePoolSize,
    databaseReadConcurrency: integer(
      env,
      'DATABASE_READ_CONCURRENCY',
      databaseUrl !== undefined && databaseOnThisMachine(databaseUrl)
        ? Math.min(databasePoolSize, availableParallelism())
        : databasePoolSize,
      1,
      1000,
    ),
    dictionaryPath: dictionaryPathFrom(env, databasePath),
    dictionaryDataDir: dictionaryDataDirFrom(env),
    distDir: resolve(PROJECT_ROOT, text(env, 'DIST_DIR', 'dist')),
    corpusDir: resolve(PROJECT_ROOT, text(env, 'CORPUS_DIR', 'server/corpus/articles')),
    loadCorpus: flag(env, 'LOAD_CORPUS', true),
    skipWebBuild: flag(env, 'SKIP_WEB_BUILD', false),
    rateLimitMax: integer(env, 'RATE_LIMIT_MAX', 300, 0, 1_000_000_000),
    rateLimitWindowMs: integer(env, 'RATE_LIMIT_WINDOW_MS', 60_000, 1, 86_400_000),
    trustProxy: flag(env, 'TRUST_PROXY', false),
    shutdownTimeoutMs: integer(env, 'SHUTDOWN_TIMEOUT_MS', 10_000, 0, 600_000),
    logLevel: text(env, 'LOG_LEVEL', 'info'),
    readWorkers: integer(env, 'READ_WORKERS', Math.min(4, Math.max(1, availableParallelism() - 1)), 0, 64),
    readQueueMax: integer(env, 'READ_QUEUE_MAX', 64, 1, 100_000),
    readTimeoutMs: integer(env, 'READ_TIMEOUT_MS', 2000, 50, 600_000),
    passBatchMs: integer(env, 'CONTENT_PASS_BATCH_MS', 8, 1, 10_000),
    maxEventLoopDelayMs: integer(env, 'MAX_EVENT_LOOP_DELAY_MS', 1000, 0, 600_000),
    answerCacheEntries: integer(env, 'ANSWER_CACHE_ENTRIES', 2000, 0, 1_000_000),
    analytics: analyticsFromEnv(env),
  };
}

/** DATABASE_URL when set (shared by the server and the importer): only a PostgreSQL URL is accepted. */
export function databaseUrlFrom(env: Env): string | undefined {
  const value = env['DATABASE_URL']?.trim();
  if (!value) return undefined;
  let protocol: string | undefined;
  try {
    protocol = new URL(value).protocol;
  } catch {
    protocol = undefined;
  }
  if (protocol !== 'postgres:' && protocol !== 'postgresql:') {
    // The value may hold a password: name the scheme, never echo the URL.
    throw new ConfigError(
      `DATABASE_URL must be a PostgreSQL URL (postgres://user:password@host:5432/database or postgresql://...); got ${
        protocol ? `a ${protocol}// URL` : 'something that is not a URL'
      }. Leave it unset to use the SQLite file at DATABASE_PATH.`,
    );
  }
  return value;
}

/**
 * True when PostgreSQL's backends share this machine's cores: a loopback host, or a Unix socket (no host, or a `host`
 * parameter that is a path). More searches at once than cores there only queue in the kernel, health and the event
 * loop behind them (decision 48: health p99 8.5–10.3 ms with two reads at once, 28–36 ms with ten).
 */
export function databaseOnThisMachine(databaseUrl: string): boolean {
  const url = new URL(databaseUrl);
  // A `host` parameter wins over the URL's host (libpq's rule): a socket's folder, or a name.
  const host = (url.searchParams.get('host') ?? url.hostname).replace(/^\[|\]$/g, '').toLowerCase();
  return host === '' || host.startsWith('/') || host.startsWith('%2f') || host === 'localhost' || host === '::1' || host.startsWith('127.');
}

/** DICTIONARY_PATH, else dictionary.db beside the article database (shared by the server and the importer). */
export function dictionaryPathFrom(env: Env, databasePath: string): string {
  const configured = env['DICTIONARY_PATH']?.trim();
  if (configured) return resolve(PROJECT_ROOT, configured);
  return databasePath === ':memory:' ? ':memory:' : join(dirname(databasePath), 'dictionary.db');
}

/** DICTIONARY_DATA_DIR, else the committed data (shared by the server and the importer). */
export function dictionaryDataDirFrom(env: Env): string {
  return resolve(PROJECT_ROOT, text(env, 'DICTIONARY_DATA_DIR', 'server/dictionary/data'));
}

/**
 * A complete configuration for tests and tools, overriding only what they care about. Load
 * shedding is off: an in-process server shares the test runner's event loop, whose lag on a busy
 * machine says nothing about the server (under @fastify/under-pressure, a runner starved of CPU
 * for a second had every request shed with 503). Servers started as processes keep it on.
 */
export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return { ...configFromEnv({}), logLevel: 'silent', maxEventLoopDelayMs: 0, ...overrides };
}
