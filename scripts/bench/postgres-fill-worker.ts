/**
 * A thread of the bench's PostgreSQL fill (postgres-fill.ts): makes synthetic articles as the store's write
 * path would store them (reading help, content hash, the rendered pages per language, the story fingerprint),
 * so the fill's main thread only sends rows. Answers `{ start, end }` with the rows of those indexes.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { articleRenderer } from '../../server/content/stored-pages';
import { withReadingHelp } from '../../server/content/vocabulary-help';
import { openDictionary } from '../../server/dictionary/open-dictionary';
import { rehashed } from '../../server/store/content-hash';
import { validateArticle } from '../../server/store/article-values';
import { textFingerprint, urlKeysOf } from '../../server/store/story-identity';
import { pageKey, RENDER_LANGUAGES } from '../../server/store/types';
import { syntheticArticle } from '../../tests/support/synthetic-articles';
import type { FillRow } from './postgres-fill';

const { dictionaryPath } = workerData as { dictionaryPath: string };
const { dictionary } = openDictionary({ path: dictionaryPath });
const renderer = articleRenderer(dictionary);

parentPort!.on('message', ({ start, end }: { start: number; end: number }) => {
  const rows: FillRow[] = [];
  for (let index = start; index < end; index++) {
    const article = rehashed(withReadingHelp(syntheticArticle(index), dictionary));
    validateArticle(article);
    const pages = renderer(article);
    const { textHash, bands } = textFingerprint(article.paragraphs);
    rows.push({
      article,
      pageKey: pageKey(article.contentHash, renderer.version),
      pages: RENDER_LANGUAGES.map((language) => pages[language]),
      urlKeys: urlKeysOf(article.url),
      textHash,
      bands,
    });
  }
  parentPort!.postMessage({ start, rows });
});
parentPort!.postMessage({ ready: true });
