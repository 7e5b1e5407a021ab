/**
 * Time and size of machine-written reading help per article, against the stand-in OpenAI-compatible
 * server of the tests (tests/support/fake-chat-completions.ts) with a fixed answer latency: what the
 * pipeline adds (prompt, HTTP, decoding, checks, one write that re-renders three pages) and how the
 * concurrency limit overlaps the model's time. Also the bytes sent and received per article, from
 * which tokens (about 4 characters of English a token) and a cost at a given price follow.
 *
 *   npx tsx scripts/bench/explanations.ts [--articles 20] [--latency 0,2000] [--concurrency 1,2,4]
 *
 * A real model's time per answer (its latency) is what decides the real figure: see docs/explanations.md.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { articleRenderer } from '../../server/content/stored-pages';
import { explainStoredArticles } from '../../server/ingest/explanations/explain-stored';
import { explanationPrompt, EXPLAINED_LANGUAGES } from '../../server/ingest/explanations/explain-article';
import { ChatCompletionsClient } from '../../server/llm/chat-completions';
import { openSqliteStore } from '../../server/store/sqlite/sqlite-store';
import { contentHashOf } from '../../server/store/content-hash';
import { readCorpus } from '../../server/corpus/load-corpus';
import { PROJECT_ROOT } from '../../server/config';
import { goodAnswer, startFakeChatServer } from '../../tests/support/fake-chat-completions';

const { values } = parseArgs({
  options: {
    articles: { type: 'string', default: '20' },
    latency: { type: 'string', default: '0,2000' },
    concurrency: { type: 'string', default: '1,2,4' },
  },
});
const articleCount = Number(values.articles);
const latencies = values.latency.split(',').map(Number);
const concurrencies = values.concurrency.split(',').map(Number);

const fake = await startFakeChatServer();
const dir = mkdtempSync(join(tmpdir(), 'bench-explanations-'));
const noLog = { info: () => {}, warn: () => {} };
try {
  // The sample articles as if imported: without their hand-written help, so both languages are asked for.
  const sources = readCorpus(join(PROJECT_ROOT, 'server/corpus/articles')).articles;
  const articles = Array.from({ length: articleCount }, (_, i) => {
    const base = sources[i % sources.length]!;
    const { contentHash: _hash, ...content } = base;
    const copy = { ...content, id: `${base.id}-bench-${i}`, culturalNotes: [], summaryTranslations: {} };
    return { ...copy, contentHash: contentHashOf(copy) };
  });

  // Bytes per article: the two requests' messages and the two answers (as the fake model writes them).
  let sent = 0;
  let received = 0;
  for (const article of articles) {
    for (const language of EXPLAINED_LANGUAGES) {
      const prompt = explanationPrompt(article, language);
      sent += Buffer.byteLength(prompt.system) + Buffer.byteLength(prompt.user);
      received += Buffer.byteLength(JSON.stringify(goodAnswer({ article: article.paragraphs.join('\n\n'), language })));
    }
  }
  console.log(`Articles: ${articleCount} (from the sample corpus, ${sources.length} distinct texts)`);
  console.log(
    `Per article (2 requests): ${Math.round(sent / articleCount)} bytes of prompt sent, ${Math.round(received / articleCount)} bytes of answer`,
  );
  console.log('');
  console.log('| Model latency per answer | LLM_CONCURRENCY | Articles | Wall time | Per article | Requests |');
  console.log('|---|---|---|---|---|---|');
  for (const latency of latencies) {
    for (const concurrency of concurrencies) {
      fake.latencyMs = latency;
      const path = join(dir, `l${latency}-c${concurrency}.db`);
      const store = openSqliteStore(path);
      store.setRenderer(articleRenderer());
      for (const article of articles) store.upsert(article);
      const client = new ChatCompletionsClient({
        baseUrl: fake.baseUrl,
        model: 'bench',
        concurrency,
        timeoutMs: 60_000,
        maxRequests: 10_000,
      });
      const started = performance.now();
      // The command runs articles one after another and the two languages of each at once.
      const result = await explainStoredArticles(store, client, { log: noLog });
      const ms = performance.now() - started;
      store.close();
      if (result.explained !== articleCount) throw new Error(`only ${result.explained} of ${articleCount} explained`);
      console.log(
        `| ${latency} ms | ${concurrency} | ${articleCount} | ${(ms / 1000).toFixed(2)} s | ${(ms / articleCount).toFixed(0)} ms | ${client.requestsSent} |`,
      );
    }
  }
} finally {
  await fake.close();
  rmSync(dir, { recursive: true, force: true });
}
