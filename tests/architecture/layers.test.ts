// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkSource, formatViolations } from './layer-rules';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function sourceFiles(directory: string): string[] {
  return readdirSync(path.join(ROOT, directory), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((file) => !file.includes('/node_modules/'))
    .sort();
}

describe('layer rules', () => {
  const files = [...sourceFiles('src'), ...sourceFiles('server'), ...sourceFiles('common')];

  it('finds the sources to check', () => {
    expect(files).toContain('src/app/main.tsx');
    expect(files).toContain('src/machines/language-machine.ts');
    expect(files.some((file) => file.startsWith('server/'))).toBe(true);
    expect(files).toContain('common/contract.ts');
  });

  it('holds for every file under src/, server/ and common/', () => {
    const violations = files.flatMap((file) => checkSource(file, readFileSync(path.join(ROOT, file), 'utf8')));
    expect(violations, `Layer rule violations:\n${formatViolations(violations)}`).toEqual([]);
  });
});

describe('the layer checker itself', () => {
  it('flags a machine that imports React or uses window', () => {
    const violations = checkSource(
      'src/machines/bad-machine.ts',
      `import { useState } from 'react';\nexport const width = () => window.innerWidth;\n`,
    );
    expect(violations.map((v) => [v.line, v.message])).toEqual([
      [1, "machines must not import 'react' (no React or router in this layer)"],
      [2, "machines must not use the browser global 'window' (wrap it in src/platform)"],
    ]);
  });

  it('flags a view that calls fetch or imports the app or the api', () => {
    const violations = checkSource(
      'src/views/bad-view.tsx',
      [
        `import { App } from '../app/app';`,
        `import type { ArticlesApi } from '../api/client';`,
        `export const load = () => fetch('/api/articles/latest');`,
        `export const load2 = () => globalThis.fetch('/x');`,
        `export const xhr = () => new XMLHttpRequest();`,
      ].join('\n'),
    );
    expect(violations.map((v) => v.line)).toEqual([1, 2, 3, 4, 5]);
    expect(formatViolations(violations)).toContain("src/views/bad-view.tsx:1: views must not import app ('../app/app')");
  });

  it('flags lower layers importing higher ones, and server reaching into the web app', () => {
    expect(checkSource('src/domain/x.ts', `import { a } from '../api/client';`)).toHaveLength(1);
    expect(checkSource('src/api/x.ts', `export { m } from '../machines/language-machine';`)).toHaveLength(1);
    expect(checkSource('src/platform/x.ts', `const m = await import('../views/use-texts');`)).toHaveLength(1);
    expect(checkSource('src/domain/x.ts', `const d = globalThis.localStorage;`)).toHaveLength(1);
    expect(checkSource('server/x.ts', `import { App } from '../src/app/app';`)).toHaveLength(1);
    expect(checkSource('server/routes/x.ts', `import { toArticleCard } from '../../src/domain/article';`)).toHaveLength(1);
    expect(checkSource('server/routes/x.ts', `import type { ArticlesApi } from '../../src/api/client';`)).toHaveLength(1);
    expect(checkSource('src/newlayer/x.ts', ``)).toHaveLength(1);
  });

  it('flags an arrow back up between the layers of server/', () => {
    const refused: [string, string][] = [
      ['server/plugins/x.ts', `import { articleRoutes } from '../routes/article-routes';`],
      ['server/plugins/x.ts', `import { pages } from '../pages/page-plugin';`],
      ['server/store/sqlite/x.ts', `import { latestAnswer } from '../../answers/article-answers';`],
      ['server/answers/x.ts', `import { ROUTE_SCHEMAS } from '../routes/schemas';`],
      ['server/answers/x.ts', `import { readPageData } from '../pages/embedded-answers';`],
      ['server/pages/x.ts', `import { apiRoutes } from '../routes/api-routes';`],
      ['server/routes/x.ts', `import { pages } from '../pages/page-plugin';`],
      ['server/http/x.ts', `import { StoreUnavailableError } from '../store/store-errors';`],
      ['server/content/x.ts', `import { buildServer } from '../app';`],
      ['server/store/x.ts', `const app = await import('../app');`],
    ];
    for (const [file, source] of refused) expect(checkSource(file, source), `${file}: ${source}`).toHaveLength(1);
    expect(formatViolations(checkSource('server/plugins/x.ts', `import { pages } from '../pages/page-plugin';`))).toBe(
      "server/plugins/x.ts:1: server/plugins must not import server/pages ('../pages/page-plugin')",
    );
    expect(checkSource('server/newfolder/x.ts', ``)).toHaveLength(1);
  });

  it('accepts the arrows down between the layers of server/', () => {
    const clean = [
      checkSource('server/app.ts', `import { apiRoutes } from './routes/api-routes';\nimport { pages } from './pages/page-plugin';`),
      checkSource(
        'server/routes/x.ts',
        `import { latestAnswer } from '../answers/article-answers';\nimport { answerCache } from '../plugins/answer-cache';`,
      ),
      checkSource(
        'server/pages/x.ts',
        `import { articleAnswer } from '../answers/article-answers';\nimport type { ArticleReads } from '../store/article-store';`,
      ),
      checkSource(
        'server/answers/x.ts',
        `import { renderArticleHtml } from '../content/render-article';\nimport { ApiError } from '../http/api-error';`,
      ),
      checkSource(
        'server/store/postgres/x.ts',
        `import { validateArticle } from '../sqlite/article-writes';\nimport { escapeHtml } from '../../../common/escape-html';`,
      ),
      checkSource('server/ingest/x.ts', `import { configFromEnv } from '../config';\nimport { loadCorpus } from '../corpus/load-corpus';`),
    ];
    expect(clean.flat()).toEqual([]);
  });

  it('flags common/ importing anything of ours, React, Node modules or browser globals', () => {
    const violations = checkSource(
      'common/x.ts',
      [
        `import { toArticleCard } from '../src/domain/article';`,
        `import type { ServerConfig } from '../server/config';`,
        `import { createApiClient } from '../src/api/client';`,
        `import { useState } from 'react';`,
        `import { readFileSync } from 'node:fs';`,
        `import path from 'path';`,
        `export const width = () => window.innerWidth;`,
      ].join('\n'),
    );
    expect(violations.map((v) => v.line)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(formatViolations(violations)).toContain("common/x.ts:1: common must not import domain ('../src/domain/article')");
    expect(formatViolations(violations)).toContain("common/x.ts:2: common must not import server ('../server/config')");
    expect(checkSource('common/contract/x.ts', `export * from '../../src/domain/article';`)).toHaveLength(1);
  });

  it('accepts allowed edges and ignores strings, comments, property names and types', () => {
    const clean = [
      checkSource('server/x.ts', `import { ArticleDetailCodec } from '../common/contract';\nimport { t } from './content/labels';`),
      checkSource(
        'src/app/x.tsx',
        `import '../styles/app.css';\nimport { a } from '../platform/logger';\nconst r = window.location.reload;`,
      ),
      checkSource(
        'src/domain/x.ts',
        `// window and document are not used here\nconst s = 'window.fetch';\nexport interface E { document: string; window: Window }\nconst o = { window: 1 };\nexport const f = (x: { document: string }) => x.document;`,
      ),
      checkSource(
        'src/views/x.tsx',
        `import css from '../styles/article-body.css?inline';\nimport { m } from '../machines/language-machine';\nconst prefetch = { fetch: 1 }.fetch;`,
      ),
      checkSource('src/views/common/x.tsx', `import { categoryLabel } from '../../../common/labels';`),
      checkSource('src/domain/x.ts', `import { SOURCES } from '../../common/catalog';`),
      checkSource('server/routes/x.ts', `import { ArticlePageCodec } from '../../common/contract';`),
      checkSource(
        'common/x.ts',
        `import * as t from 'io-ts';\nimport { pipe } from 'fp-ts/function';\nimport { LANGUAGE_CODES } from './languages';`,
      ),
    ];
    expect(clean.flat()).toEqual([]);
  });
});
