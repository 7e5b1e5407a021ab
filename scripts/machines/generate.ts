/**
 * npm run test:paths (also npm run docs:machines): regenerates the test paths of every
 * production machine (docs/test-paths/<machine>.md and .json), the machine catalogue with
 * Mermaid diagrams (docs/machines.md) and the JSON definitions (docs/machines/<machine>.json).
 * With --check it writes nothing and exits 1 when a committed file is stale. The machine models
 * and the path walker live with the model-based tests that share them, in tests/model/models/
 * and tests/model/paths/.
 */
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MACHINE_MODELS } from '../../tests/model/models';
import { generatePaths, pathCounts, REFRESH_COMMAND } from '../../tests/model/paths/paths';
import { renderAll } from '../../tests/model/paths/render-machines';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const check = process.argv.includes('--check');

const started = Date.now();
const all = MACHINE_MODELS.map(generatePaths);
const files = renderAll(all);
const stale: string[] = [];
for (const [relative, content] of files) {
  const target = resolve(root, relative);
  const current = existsSync(target) ? readFileSync(target, 'utf8') : null;
  if (current === content) continue;
  stale.push(relative);
  if (!check) {
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, content);
  }
}

for (const paths of all) {
  const { model } = paths;
  const { shortest, simple } = pathCounts(paths);
  const size = Buffer.byteLength(files.get(`docs/test-paths/${model.name}.md`) ?? '');
  console.log(`${model.name}: ${shortest} shortest paths, ${simple} simple paths (${Math.round(size / 1024)} KB of Markdown)`);
}

if (check) {
  if (stale.length > 0) {
    console.error(`Stale generated files (run ${REFRESH_COMMAND}):\n  ${stale.join('\n  ')}`);
    process.exit(1);
  }
  console.log('All generated machine docs are fresh.');
} else {
  console.log(stale.length === 0 ? 'Nothing changed.' : `Wrote ${stale.length} file(s):\n  ${stale.join('\n  ')}`);
}
console.log(`Done in ${Date.now() - started} ms.`);
