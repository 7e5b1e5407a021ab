/**
 * `npm run ingest`: imports the sources' feeds into the site's database.
 * See docs/content-pipeline.md; `npm run ingest -- --help` for the options.
 */
import { resolve } from 'node:path';
import { ConfigError, databaseUrlFrom, dictionaryDataDirFrom, dictionaryPathFrom, PROJECT_ROOT } from '../config';
import { openDictionary } from '../dictionary/open-dictionary';
import { DictionaryDataError } from '../dictionary/dictionary-types';
import type { ArticleStore } from '../store/article-store';
import { sqliteSeam } from '../store/sqlite/sqlite-seam';
import { openPostgresStore } from '../store/postgres/postgres-store';
import { openSqliteStore } from '../store/sqlite/sqlite-store';
import { articleRenderer } from '../content/stored-pages';
import { parseCliArgs, USAGE, UsageError } from './cli-options';
import { importFeeds, readAnything } from './importer';
import { describeStep, mergeDuplicates } from './merge-duplicates';
import { createLogger } from '../http/logging';
import { createProgressReporter } from './import-progress';
import { translationProviderFromEnv, TranslationConfigError } from './translation';
import { ChatCompletionsClient, llmConfigFromEnv, LlmConfigError } from '../llm/chat-completions';
import { explainStoredArticles } from './explanations/explain-stored';

function databasePath(env: NodeJS.ProcessEnv): string {
  return resolve(PROJECT_ROOT, env['DATABASE_PATH']?.trim() || 'data/newsreader.db');
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((done) => {
    if (signal.aborted) return done();
    const timer = setTimeout(done, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        done();
      },
      { once: true },
    );
  });
}

/** The same logger as the server's (pino; readable on a terminal, JSON lines elsewhere), named "ingest". */
const logger = createLogger(process.env['LOG_LEVEL']?.trim() || 'info', 'ingest');

async function main(): Promise<number> {
  let options;
  let translation;
  let databaseUrl;
  let llm;
  try {
    options = parseCliArgs(process.argv.slice(2));
    translation = translationProviderFromEnv(process.env);
    databaseUrl = databaseUrlFrom(process.env);
    llm = llmConfigFromEnv(process.env);
  } catch (error) {
    if (
      error instanceof UsageError ||
      error instanceof TranslationConfigError ||
      error instanceof ConfigError ||
      error instanceof LlmConfigError
    ) {
      process.stderr.write(`ingest: ${error.message}\n\n${USAGE}\n`);
      return 2;
    }
    throw error;
  }
  if (options.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (options.explain && !llm) {
    process.stderr.write('ingest: --explain needs a language model: set LLM_BASE_URL and LLM_MODEL (docs/explanations.md)\n');
    return 2;
  }
  // One client per process: LLM_MAX_REQUESTS bounds the whole run (with --every, each run gets a new one).
  const llmLog = logger.child({ component: 'explanations' });

  const stop = new AbortController();
  let signals = 0;
  const onSignal = (name: string): void => {
    signals += 1;
    // A second signal means "now": each article is its own transaction, so nothing is left half-written.
    if (signals > 1) process.exit(130);
    logger.warn(
      { signal: name },
      `ingest: ${name} received; stopping (articles already fetched are still written whole; send again to quit at once)`,
    );
    stop.abort();
  };
  process.on('SIGINT', () => onSignal('SIGINT'));
  process.on('SIGTERM', () => onSignal('SIGTERM'));

  const path = databasePath(process.env);
  let dictionary;
  try {
    dictionary = openDictionary({ path: dictionaryPathFrom(process.env, path), dataDir: dictionaryDataDirFrom(process.env) }).dictionary;
  } catch (error) {
    if (error instanceof DictionaryDataError) {
      logger.fatal(`ingest: the bundled dictionary is damaged: ${error.message}`);
      return 1;
    }
    throw error;
  }
  // DATABASE_URL: the same PostgreSQL the servers read (migrated here too, if this runs first).
  let store: ArticleStore;
  try {
    store = databaseUrl ? await openPostgresStore(databaseUrl) : sqliteSeam(openSqliteStore(path));
  } catch (error) {
    dictionary.close();
    logger.fatal({ err: error }, `ingest: the database could not be opened: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
  const target = databaseUrl ? `PostgreSQL (${databaseUrl.replace(/\/\/[^@/]*@/, '//…@')})` : path;
  // Imported articles are stored with their rendered pages, so the server never renders on a request.
  store.setRenderer(articleRenderer(dictionary));
  const reporter = createProgressReporter(process.stdout, logger);
  let exitCode = 0;
  if (options.mergeDuplicates) {
    try {
      reporter.message(`${options.dryRun ? 'Looking for' : 'Merging'} stories stored twice in ${target}`);
      const steps = await mergeDuplicates(store, {
        dryRun: options.dryRun,
        onStep: (step) => reporter.message(describeStep(step, options.dryRun)),
      });
      reporter.message(
        options.dryRun
          ? `Dry run: ${steps.length} duplicate(s) would be merged; nothing was changed`
          : `Merged ${steps.length} duplicate(s) into the older article`,
      );
      return 0;
    } finally {
      await store.close();
      dictionary.close();
    }
  }
  if (options.explain && llm) {
    try {
      const client = new ChatCompletionsClient(llm);
      reporter.message(`Explaining stored articles in ${target} with ${llm.model} (at most ${llm.maxRequests} requests)`);
      const result = await explainStoredArticles(store, client, {
        log: llmLog,
        signal: stop.signal,
        ...(options.limit !== undefined ? { limit: options.limit } : {}),
      });
      reporter.message(
        `Explained ${result.explained} article(s); ${result.unexplained} without usable answers; ${result.skipped} already had help` +
          (result.stoppedBy ? `; stopped by ${result.stoppedBy} (run again to go on)` : ''),
      );
      return 0;
    } finally {
      await store.close();
      dictionary.close();
    }
  }
  try {
    reporter.message(`Importing ${options.feeds.length} feed(s) into ${target}`);
    for (;;) {
      const summary = await importFeeds(store, options.feeds, {
        timeoutMs: options.timeoutMs,
        maxBytes: options.maxBytes,
        perHostConcurrency: options.perHostConcurrency,
        refetch: options.refetch,
        allowPrivateHosts: options.allowPrivateHosts,
        signal: stop.signal,
        reporter,
        dictionary,
        ...(translation ? { translation } : {}),
        ...(llm ? { explanations: { client: new ChatCompletionsClient(llm), log: llmLog } } : {}),
      });
      reporter.finish(summary);
      exitCode = readAnything(summary) ? 0 : 1;
      if (options.everyMinutes === undefined || stop.signal.aborted) break;
      const next = new Date(Date.now() + options.everyMinutes * 60_000);
      reporter.message(`Next run at ${next.toISOString()} (every ${options.everyMinutes} min; Ctrl-C to stop)`);
      await sleep(options.everyMinutes * 60_000, stop.signal);
      if (stop.signal.aborted) break;
    }
  } finally {
    await store.close();
    dictionary.close();
  }
  // A scheduled run that was stopped on purpose ends cleanly.
  return options.everyMinutes !== undefined && stop.signal.aborted ? 0 : exitCode;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    logger.fatal({ err: error }, `ingest: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
