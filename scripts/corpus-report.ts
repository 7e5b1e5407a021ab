/**
 * Prints, for each sample article, its word count, readability measures and whether
 * the computed level matches its label. Usage: npx tsx scripts/corpus-report.ts [file ...]
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { measureReadability, words } from '../server/content/readability';

const dir = join(import.meta.dirname, '../server/corpus/articles');
const files = process.argv.slice(2).length
  ? process.argv.slice(2)
  : readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => join(dir, f));

let mismatches = 0;
for (const file of files) {
  const article = JSON.parse(readFileSync(file, 'utf8')) as {
    id: string;
    difficulty: string;
    paragraphs: string[];
  };
  const text = article.paragraphs.join('\n\n');
  const report = measureReadability(text);
  const ok = report.level === article.difficulty;
  if (!ok) mismatches += 1;
  console.log(
    [
      ok ? 'ok  ' : 'MISMATCH',
      article.id.padEnd(44),
      `words=${String(words(text).length).padStart(4)}`,
      `label=${article.difficulty.padEnd(12)}`,
      `computed=${report.level.padEnd(12)}`,
      `composite=${report.compositeGrade}`,
      `fk=${report.fleschKincaidGrade}`,
      `dc=${report.daleChallScore}`,
    ].join('  '),
  );
}
console.log(`${files.length} articles, ${mismatches} mismatches`);
process.exitCode = mismatches ? 1 : 0;
