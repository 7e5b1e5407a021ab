/** The dictionary bench's first-load JavaScript per route, and the look-up code in it, on this tree and on other commits. */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';
import { launchChrome } from '../../tests/e2e/support/chrome';
import { REPO_ROOT, startServer } from '../../tests/support/server-process';
import { UNLIMITED, type DictionaryBench, type FirstLoad } from './dictionary-figures';
import { measureRoutes, type RouteSizes } from './sizes';

/** The web app's look-up code, added with the dictionary. */
const LOOKUP_SOURCE =
  /(?:^|\/)(?:src\/(?:api\/dictionary-client|domain\/(?:word-lookup|word-lookup-texts)|machines\/word-lookup-machine|views\/detail\/(?:word-entry|article-reader|word-lookup-context|missing-help-notice))|common\/(?:dictionary|parts-of-speech))\.tsx?$/;
/** The generated code of a .js file attributed to source files through its source map. */
export function codeBySource(jsPath: string): Map<string, string> {
  const code = readFileSync(jsPath, 'utf8');
  const out = new Map<string, string>();
  const mapPath = `${jsPath}.map`;
  if (!existsSync(mapPath)) return out;
  const lines = code.split('\n');
  const mappings: Array<{ line: number; column: number; source: string | null }> = [];
  new SourceMapConsumer(JSON.parse(readFileSync(mapPath, 'utf8')) as RawSourceMap).eachMapping((m) =>
    mappings.push({ line: m.generatedLine, column: m.generatedColumn, source: m.source ?? null }),
  );
  mappings.sort((a, b) => a.line - b.line || a.column - b.column);
  const add = (source: string | null, text: string) => {
    if (source !== null && text !== '') out.set(source, (out.get(source) ?? '') + text);
  };
  for (let i = 0; i < mappings.length; i++) {
    const m = mappings[i]!;
    const end = mappings[i + 1];
    if (end && end.line === m.line) add(m.source, (lines[m.line - 1] ?? '').slice(m.column, end.column));
    else add(m.source, (lines[m.line - 1] ?? '').slice(m.column));
  }
  return out;
}

export async function measureFirstLoad(distDir: string, tree: string): Promise<FirstLoad> {
  const server = await startServer({ distDir, env: UNLIMITED });
  let routeSizes: RouteSizes[];
  try {
    const latest = (await (await fetch(`${server.origin}/api/articles/latest?language=zh&limit=1`)).json()) as {
      articles: Array<{ article_id: string }>;
    };
    const id = latest.articles[0]!.article_id;
    const browser = await launchChrome();
    try {
      routeSizes = await measureRoutes(browser, server.origin, distDir, [
        { route: 'home', path: '/zh' },
        { route: 'list', path: '/zh/articles' },
        { route: 'detail', path: `/zh/articles/${encodeURIComponent(id)}` },
      ]);
    } finally {
      await browser.close();
    }
  } finally {
    await server.dispose();
  }
  const jsOf = (r: RouteSizes) => r.files.filter((f) => f.file.endsWith('.js'));
  const routes = routeSizes.map((r) => {
    let lookupText = '';
    const lookupFiles = new Set<string>();
    const sources: Record<string, number> = {};
    let containsDictionaryCodec = false;
    for (const f of jsOf(r)) {
      const jsPath = join(distDir, decodeURIComponent(f.file));
      if (readFileSync(jsPath, 'utf8').includes('`DictionaryResponse`') || readFileSync(jsPath, 'utf8').includes('"DictionaryResponse"'))
        containsDictionaryCodec = true;
      for (const [source, text] of codeBySource(jsPath)) {
        const name = source.replace(/^.*node_modules\//, '').replace(/^.*?\/?(src\/)/, '$1');
        sources[name] = (sources[name] ?? 0) + Buffer.byteLength(text);
        if (LOOKUP_SOURCE.test(source)) {
          lookupText += text;
          lookupFiles.add(f.file);
        }
      }
    }
    return {
      route: r.route,
      jsGzip: r.js.gzip,
      jsRaw: r.js.raw,
      cssGzip: r.css.gzip,
      files: r.files.map((f) => f.file),
      lookupMinified: Buffer.byteLength(lookupText),
      lookupGzipAlone: lookupText === '' ? 0 : gzipSync(Buffer.from(lookupText), { level: 9 }).length,
      lookupFiles: [...lookupFiles],
      containsDictionaryCodec,
      ...(r.route === 'home' ? { sources } : {}),
    };
  });
  const home = routeSizes.find((r) => r.route === 'home')!;
  const detail = routeSizes.find((r) => r.route === 'detail')!;
  const homeFiles = new Set(home.files.map((f) => f.file));
  const detailOnly = jsOf(detail).filter((f) => !homeFiles.has(f.file));
  return {
    tree,
    routes,
    detailOnly: {
      files: detailOnly.map((f) => f.file),
      jsGzip: detailOnly.reduce((n, f) => n + f.gzip, 0),
      jsRaw: detailOnly.reduce((n, f) => n + f.raw, 0),
    },
  };
}

export /** Builds `commit` in a temporary git worktree (node_modules linked from here) and measures it with today's server. */
async function measureFirstLoadAt(commit: string, workDir: string, label: string): Promise<FirstLoad> {
  const tree = join(workDir, `tree-${commit}`);
  const outDir = join(workDir, `dist-${commit}`);
  execFileSync('git', ['worktree', 'add', '--detach', tree, commit], { cwd: REPO_ROOT, stdio: 'ignore' });
  try {
    symlinkSync(join(REPO_ROOT, 'node_modules'), join(tree, 'node_modules'), 'dir');
    execFileSync(
      process.execPath,
      [join(tree, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
      {
        cwd: tree,
        env: { ...process.env, NODE_ENV: 'production' },
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
  } finally {
    execFileSync('git', ['worktree', 'remove', '--force', tree], { cwd: REPO_ROOT, stdio: 'ignore' });
  }
  const full = execFileSync('git', ['rev-parse', '--short', commit], { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
  return measureFirstLoad(outDir, `${full} (${label})`);
}

export function currentTree(): string {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--', 'src', 'common', 'index.html', 'vite.config.ts'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
    }).trim();
    return `${head}${dirty ? ' + uncommitted src changes' : ''} (current tree)`;
  } catch {
    return 'current tree';
  }
}

export function recorded(key: 'before' | 'commit'): FirstLoad | undefined {
  try {
    const json = JSON.parse(readFileSync(join(REPO_ROOT, 'docs/benchmarks.json'), 'utf8')) as { dictionary?: DictionaryBench };
    return json.dictionary?.firstLoad?.[key];
  } catch {
    return undefined;
  }
}
