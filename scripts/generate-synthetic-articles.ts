/**
 * Fills a database with synthetic articles (tests/support/synthetic-articles.ts), for benchmarks
 * and for trying the app at sizes the sample corpus cannot reach.
 *
 *   tsx scripts/generate-synthetic-articles.ts --count 100000 --db data/bench-100k.sqlite [--seed 7]
 */
import { generateSyntheticArticles } from '../tests/support/synthetic-articles';

function argument(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

const count = Number(argument('count') ?? '10000');
const databasePath = argument('db');
const seed = Number(argument('seed') ?? '1');
if (!databasePath || !Number.isInteger(count) || count < 1 || !Number.isInteger(seed)) {
  console.error('Usage: tsx scripts/generate-synthetic-articles.ts --count <n >= 1> --db <path> [--seed <integer>]');
  process.exit(2);
}
const started = Date.now();
const total = generateSyntheticArticles(databasePath, count, seed, (written) => {
  if (written % 20_000 === 0 || written === count) console.log(`  ${written} / ${count}`);
});
console.log(
  `Wrote ${count} synthetic articles to ${databasePath} in ${((Date.now() - started) / 1000).toFixed(1)} s (store now holds ${total}).`,
);
