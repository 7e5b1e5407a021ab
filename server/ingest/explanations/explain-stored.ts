/**
 * `npm run ingest -- --explain`: machine-written help for articles already stored. Resumable: an
 * article that has help in both languages is skipped, so a run stopped (Ctrl-C, the request budget,
 * --limit) goes on where it stopped next time. Each article is written by one upsert: one
 * transaction that also re-renders its stored pages, so its help is all there or not at all.
 */
import type { ArticleStore, SettledOrLater } from '../../store/article-store';
import { LlmBudgetExhausted, type ChatCompletionsClient } from '../../llm/chat-completions';
import { EXPLAINED_LANGUAGES, explainArticle, type ExplainLog } from './explain-article';

export type ExplainStore = SettledOrLater<Pick<ArticleStore, 'articleIds' | 'byId' | 'upsert'>>;

export interface ExplainRunOptions {
  /** Articles to ask about at most in this run. */
  readonly limit?: number;
  readonly signal?: AbortSignal;
  readonly log: ExplainLog;
}

export interface ExplainRunSummary {
  /** Articles that already had help in both languages. */
  skipped: number;
  /** Articles given help in at least one language. */
  explained: number;
  /** Articles asked about that got nothing stored (rejected or failed answers; logged). */
  unexplained: number;
  /** Why the run stopped before the last article, if it did. */
  stoppedBy?: 'limit' | 'budget' | 'signal';
}

export async function explainStoredArticles(
  store: ExplainStore,
  client: ChatCompletionsClient,
  options: ExplainRunOptions,
): Promise<ExplainRunSummary> {
  const { log } = options;
  const summary: ExplainRunSummary = { skipped: 0, explained: 0, unexplained: 0 };
  const ids = await store.articleIds();
  let asked = 0;
  let next = 0;
  const stop = (why: NonNullable<ExplainRunSummary['stoppedBy']>) => (summary.stoppedBy ??= why);
  // Enough articles at once to keep LLM_CONCURRENCY busy: each article asks its languages at once.
  const workers = Math.max(1, Math.ceil(client.config.concurrency / EXPLAINED_LANGUAGES.length));
  async function work(): Promise<void> {
    while (next < ids.length && summary.stoppedBy === undefined) {
      if (options.signal?.aborted) {
        stop('signal');
        return;
      }
      const index = next++;
      const id = ids[index]!;
      const article = await store.byId(id);
      if (!article) continue;
      if (EXPLAINED_LANGUAGES.every((language) => article.machineHelp?.[language])) {
        summary.skipped += 1;
        continue;
      }
      if (options.limit !== undefined && asked >= options.limit) {
        stop('limit');
        return;
      }
      if (client.budgetLeft === 0) {
        stop('budget');
        return;
      }
      asked += 1;
      const { importedAt: _imported, updatedAt: _updated, html: _html, ...input } = article;
      const result = await explainArticle(input, client, log);
      if (result.article !== input) {
        await store.upsert(result.article);
        summary.explained += 1;
      } else {
        summary.unexplained += 1;
      }
      log.info(
        { articleId: id, outcomes: result.outcomes, position: index + 1, of: ids.length, requests: client.requestsSent },
        `explain: ${index + 1}/${ids.length} ${id}: ${EXPLAINED_LANGUAGES.map((l) => `${l} ${result.outcomes[l] ?? '-'}`).join(', ')}`,
      );
      if (Object.values(result.outcomes).includes('budget')) stop('budget');
    }
  }
  await Promise.all(Array.from({ length: workers }, work));
  if (summary.stoppedBy === 'budget') {
    log.warn({ requests: client.requestsSent }, new LlmBudgetExhausted('LLM_MAX_REQUESTS reached; run again to go on').message);
  }
  return summary;
}
