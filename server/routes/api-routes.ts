/**
 * The JSON API, registered under the /api prefix: the article routes (article-routes.ts), the word
 * look-up (dictionary-routes.ts), categories, sources and the health check. Every route declares
 * its schemas (schemas.ts). An empty query value (`category=`) counts as not given: it is dropped
 * before validation, so the schema's default applies.
 */
import type { FastifyPluginAsync, preValidationHookHandler } from 'fastify';
import type { CategoriesResponse, HealthResponse, SourcesResponse } from '../../common/contract';
import { CATEGORY_IDS, SOURCES, SOURCE_IDS } from '../../common/catalog';
import { textLanguageFor } from '../../common/languages';
import { CATEGORY_LABELS } from '../../common/labels';
import { RANKED_LEVEL } from '../../common/lemma-contract';
import { FREQUENCY_BAND_SIZE, tagsOfLevel } from '../../common/placement-levels';
import type { Dictionary } from '../dictionary/dictionary-types';
import { CACHE_POLICY } from '../http/cache-policy';
import { sendJson } from '../http/json-reply';
import type { PassesStatus } from '../content/content-passes';
import type { DatabaseHealth, SchemaFill } from '../store/article-store';
import { articleRoutes, type ArticleRoutesOptions } from './article-routes';
import { dictionaryRoutes } from './dictionary-routes';
import { exerciseRoutes } from './exercise-routes';
import { exerciseLexicon } from '../exercises/lexicon';
import { ROUTE_SCHEMAS, type LanguageQuery } from './schemas';

export interface ApiOptions extends Omit<ArticleRoutesOptions, 'forms'> {
  /** A real check of the database, cheap enough for every health probe. */
  readonly health: () => DatabaseHealth | Promise<DatabaseHealth>;
  /** The bundled dictionary: GET /api/dictionary/{word}, and vocabulary in every form on pages rendered on a read. */
  readonly dictionary?: Dictionary;
  /** The background content passes (content-passes.ts): reported, never a reason to fail the probe. */
  readonly passes?: () => PassesStatus;
  /** Fills owed by schema upgrades (store seam): /api/health says `migration` while one is owed. */
  readonly schemaFills?: () => readonly SchemaFill[];
  /** The dictionary's data folder (config DICTIONARY_DATA_DIR), read by the practice sets' word index; the committed data when absent. */
  readonly dictionaryDataDir?: string;
}

const dropEmptyValues: preValidationHookHandler = (request, _reply, done) => {
  const query = request.query as Record<string, unknown>;
  for (const name in query) if (query[name] === '') delete query[name];
  done();
};

async function checkHealth(health: () => DatabaseHealth | Promise<DatabaseHealth>): Promise<DatabaseHealth> {
  try {
    return await health();
  } catch (error) {
    return { status: 'unavailable', articleCount: null, problem: error instanceof Error ? error.message : String(error) };
  }
}

function passesBody(status: PassesStatus): NonNullable<HealthResponse['content_passes']> {
  return {
    state: status.state,
    passes: status.passes.map((pass) => ({
      name: pass.name,
      state: pass.state,
      checked: pass.checked,
      changed: pass.changed,
      total: pass.total,
    })),
  };
}

/**
 * While a schema upgrade's fill is owed (docs/server.md, start-up): what is not served yet and how far the fill is, from
 * its pass's status (checked of total articles). Undefined once none is owed. Health stays 200: the server serves.
 */
function migrationBody(fills: readonly SchemaFill[], passes: PassesStatus | undefined): HealthResponse['migration'] {
  const owed = fills.filter((fill) => fill.owedSince() !== undefined);
  if (owed.length === 0) return undefined;
  const progress = owed.map((fill) => passes?.passes.find((pass) => pass.name === `schema:${fill.name}`));
  return {
    state: 'migrating',
    unavailable: [...new Set(owed.flatMap((fill) => fill.unavailable))],
    checked: progress.reduce((sum, pass) => sum + (pass?.checked ?? 0), 0),
    total: progress.every((pass) => pass?.total != null) ? progress.reduce((sum, pass) => sum + (pass?.total ?? 0), 0) : null,
  };
}

function healthBody(checked: DatabaseHealth): HealthResponse {
  if (checked.status === 'ok') return { status: 'ok', database: 'reachable', article_count: checked.articleCount };
  if (checked.status === 'unavailable') return { status: 'unavailable', database: 'unreachable', article_count: null };
  return {
    status: 'degraded',
    database: checked.articleCount === null ? 'unreachable' : 'reachable',
    article_count: checked.articleCount,
    ...(checked.problem ? { problem: checked.problem } : {}),
  };
}

/** The cards' frequency list, read once: the same words GET /api/level-words?level=RANKED_LEVEL answers. */
function rankedWordsOf(dictionary: Dictionary): () => readonly string[] {
  let words: readonly string[] | undefined;
  return () => (words ??= dictionary.wordsOfLevel?.(tagsOfLevel(RANKED_LEVEL), FREQUENCY_BAND_SIZE[RANKED_LEVEL]) ?? []);
}

export const apiRoutes: FastifyPluginAsync<ApiOptions> = async (app, options) => {
  const { health, dictionary, reader, dataVersion, saveRendered, answerCacheEntries, passes, dictionaryDataDir, schemaFills } = options;
  app.addHook('preValidation', dropEmptyValues);

  await app.register(articleRoutes, {
    reader,
    ...(dictionary ? { forms: dictionary } : {}),
    ...(dictionary?.wordsOfLevel ? { rankedWords: rankedWordsOf(dictionary) } : {}),
    ...(dataVersion ? { dataVersion } : {}),
    ...(saveRendered ? { saveRendered } : {}),
    ...(answerCacheEntries !== undefined ? { answerCacheEntries } : {}),
  });
  if (dictionary) await app.register(dictionaryRoutes, { dictionary });
  // Practice sets need the dictionary's data files (loaded by the generator's own index on first use).
  if (dictionary) {
    await app.register(exerciseRoutes, {
      reader,
      lexicon: () => exerciseLexicon(dictionaryDataDir),
      ...(dataVersion ? { dataVersion } : {}),
      ...(answerCacheEntries !== undefined ? { answerCacheEntries } : {}),
    });
  }

  app.get<{ Querystring: LanguageQuery }>('/categories', { schema: ROUTE_SCHEMAS.categories }, async (request, reply) => {
    const names = CATEGORY_LABELS[textLanguageFor(request.query.language)];
    const body: CategoriesResponse = { categories: CATEGORY_IDS.map((id) => ({ id, name: names[id] })) };
    return sendJson(request, reply, body, CACHE_POLICY.catalog);
  });

  app.get('/sources', { schema: ROUTE_SCHEMAS.sources }, async (request, reply) => {
    const body: SourcesResponse = {
      sources: SOURCE_IDS.map((id) => ({ id, name: SOURCES[id].name, home_page: SOURCES[id].homePage })),
    };
    return sendJson(request, reply, body, CACHE_POLICY.catalog);
  });

  // Never rate limited (plugins/rate-limit.ts exempts it too) nor shed: probes must see what is going on.
  app.get('/health', { schema: ROUTE_SCHEMAS.health, config: { rateLimit: false } }, async (request, reply) => {
    const checked = await checkHealth(health);
    if (checked.status !== 'ok') request.log.error({ problem: checked.problem }, `health check: database ${checked.status}`);
    const status = passes?.();
    let migration: HealthResponse['migration'];
    try {
      migration = schemaFills && checked.status === 'ok' ? migrationBody(schemaFills(), status) : undefined;
    } catch {
      migration = undefined;
    }
    const body: HealthResponse = {
      ...healthBody(checked),
      ...(migration ? { migration } : {}),
      ...(status ? { content_passes: passesBody(status) } : {}),
    };
    return reply
      .code(body.status === 'ok' ? 200 : 503)
      .header('cache-control', CACHE_POLICY.private)
      .send(body);
  });
};
