import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import ts from 'typescript';

// The API server (`npm start`) listens on 3000 by default; the dev server forwards /api there
// so the browser sees one origin, as it does in production where the API server also serves dist/.
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:3000';

/** `source` with every `description: <string>` property (and its comma) blanked out. */
export function blankMachineDescriptions(source: string, fileName = 'machine.ts'): string {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const spans: Array<[number, number]> = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isPropertyAssignment(node) &&
      ts.isIdentifier(node.name) &&
      node.name.text === 'description' &&
      (ts.isStringLiteral(node.initializer) || ts.isNoSubstitutionTemplateLiteral(node.initializer))
    ) {
      const end = source[node.getEnd()] === ',' ? node.getEnd() + 1 : node.getEnd();
      spans.push([node.getStart(file), end]);
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  let result = source;
  for (const [start, end] of spans.reverse()) {
    result = result.slice(0, start) + result.slice(start, end).replace(/[^\n]/g, ' ') + result.slice(end);
  }
  return result;
}

/**
 * State descriptions are documentation: docs/machines.md, the QA test paths (npm run test:paths)
 * and the Stately inspector in the dev server read them from the machine definitions. The
 * production bundle has no use for them, so the build blanks them out of src/machines/*.ts. Each
 * `description: '…',` becomes spaces (newlines kept): every other character stays where it was,
 * so the source maps need no change.
 */
function stripMachineDescriptions(): Plugin {
  return {
    name: 'strip-machine-descriptions',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]src[\\/]machines[\\/][^\\/]+\.ts$/.test(id)) return null;
      return { code: blankMachineDescriptions(code, id), map: null };
    },
  };
}

export default defineConfig({
  plugins: [react(), stripMachineDescriptions()],
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    sourcemap: true,
  },
});
