/**
 * One writer process for the concurrency tests and benchmark: upserts synthetic articles
 * [from, to) one transaction each through the real store, and prints what happened as JSON.
 *
 *   tsx tests/support/concurrent-writer.ts <database> <from> <to>
 */
import { syntheticArticle } from './synthetic-articles';
import { openSqliteStore } from '../../server/store/sqlite/sqlite-store';

const [path, fromText, toText] = process.argv.slice(2);
const from = Number(fromText);
const to = Number(toText);
const counts = { imported: 0, updated: 0, unchanged: 0, failed: 0 };
const errors: string[] = [];
const store = openSqliteStore(path!);
for (let i = from; i < to; i += 1) {
  try {
    counts[store.upsert(syntheticArticle(i))] += 1;
  } catch (error) {
    counts.failed += 1;
    if (errors.length < 5) errors.push(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
  }
}
store.close();
process.stdout.write(`${JSON.stringify({ ...counts, errors })}\n`);
