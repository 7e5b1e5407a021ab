/**
 * The architecture's layer rules as data, and a checker that reads TypeScript sources with the
 * TypeScript parser (so strings and comments never count) and reports every broken rule.
 *
 * src/app -> src/views -> src/machines -> src/api -> src/domain ; src/machines -> src/platform.
 * common/ holds what the web app and the server both use, and imports nothing of ours: every layer
 * of src/ and server/ may import it. server/ may import common/ only, never src/.
 *
 * server/ has layers of its own (SERVER_LAYERS): its root (app.ts, main.ts, open-store.ts) composes
 * the server; routes/ (the API) and pages/ (server-rendered pages) -> answers/ -> content/, dictionary/
 * -> store/ (answers/ also -> exercises/ -> dictionary/); plugins/ (cross-cutting hooks) and http/ (helpers) import neither routes/ nor pages/.
 */
import { builtinModules } from 'node:module';
import path from 'node:path';
import ts from 'typescript';

export type Layer = 'app' | 'views' | 'machines' | 'api' | 'platform' | 'domain' | 'styles' | 'server' | 'common';

/** Which of our layers each layer may import (itself always included). */
export const ALLOWED_IMPORTS: Readonly<Record<Layer, readonly Layer[]>> = {
  app: ['app', 'views', 'machines', 'api', 'domain', 'platform', 'styles', 'common'],
  views: ['views', 'machines', 'domain', 'styles', 'common'],
  machines: ['machines', 'api', 'domain', 'platform', 'common'],
  api: ['api', 'domain', 'common'],
  platform: ['platform', 'domain', 'common'],
  domain: ['domain', 'common'],
  styles: [],
  server: ['server', 'common'],
  common: ['common'],
};

/** The server's layers: folders of server/, its root files, and config.ts (read by the root and the importer). */
export const SERVER_LAYERS = {
  server: [
    'server/routes',
    'server/pages',
    'server/answers',
    'server/plugins',
    'server/http',
    'server/content',
    'server/dictionary',
    'server/exercises',
    'server/store',
    'server/corpus',
    'server/ingest',
    'server/llm',
    'server/build',
    'server/config',
  ],
  'server/config': [],
  'server/routes': [
    'server/answers',
    'server/plugins',
    'server/http',
    'server/content',
    'server/dictionary',
    'server/exercises',
    'server/store',
  ],
  'server/pages': ['server/answers', 'server/plugins', 'server/http', 'server/content', 'server/store'],
  'server/answers': ['server/content', 'server/dictionary', 'server/exercises', 'server/http', 'server/store'],
  'server/plugins': ['server/http', 'server/store'],
  'server/http': [],
  'server/ingest': ['server/config', 'server/corpus', 'server/content', 'server/dictionary', 'server/http', 'server/llm', 'server/store'],
  'server/corpus': ['server/content', 'server/dictionary', 'server/store'],
  'server/content': ['server/dictionary', 'server/store'],
  'server/exercises': ['server/dictionary'],
  'server/dictionary': [],
  'server/store': [],
  'server/llm': [],
  'server/build': [],
} as const satisfies Record<string, readonly string[]>;

export type ServerLayer = keyof typeof SERVER_LAYERS;

/** The server layer of a repository-relative path under server/ (a file or an import target, without extension). */
export function serverLayerOf(relativePath: string): ServerLayer | 'unknown' | undefined {
  const parts = relativePath.split('/');
  if (parts[0] !== 'server') return undefined;
  if (parts.length === 2) return parts[1]!.replace(/\.tsx?$/, '') === 'config' ? 'server/config' : 'server';
  const layer = `server/${parts[1]}`;
  return layer in SERVER_LAYERS ? (layer as ServerLayer) : 'unknown';
}

const REACT_PACKAGES = /^(react|react-dom|@xstate\/react|wouter)(\/|$)/;
const NO_REACT: readonly Layer[] = ['domain', 'machines', 'api', 'platform', 'common'];

const BROWSER_GLOBALS = new Set(['window', 'document', 'localStorage', 'sessionStorage']);
const NO_BROWSER_GLOBALS: readonly Layer[] = ['domain', 'machines', 'api', 'common'];

/** common/ runs in the browser too, so Node's own modules are out of reach there. */
const NODE_BUILTINS = new Set(builtinModules);
const NO_NODE_BUILTINS: readonly Layer[] = ['common'];

const NETWORK_CALLS = new Set(['fetch', 'XMLHttpRequest', 'WebSocket', 'EventSource']);
const NO_NETWORK: readonly Layer[] = ['views'];

export interface Violation {
  file: string;
  line: number;
  message: string;
}

/** The layer of a repository-relative path, or undefined for a file outside src/, server/ and common/. */
export function layerOf(relativePath: string): Layer | 'unknown' | undefined {
  const parts = relativePath.split('/');
  if (parts[0] === 'server') return 'server';
  if (parts[0] === 'common') return 'common';
  if (parts[0] !== 'src') return undefined;
  if (parts.length === 2) return 'unknown';
  const layer = parts[1] as Layer;
  return layer in ALLOWED_IMPORTS && layer !== 'server' && layer !== 'common' ? layer : 'unknown';
}

export interface ImportSite {
  specifier: string;
  line: number;
  /** `import('...')`: loaded on demand, so the target lands in its own chunk. */
  dynamic: boolean;
  /** `import type` / `export type` / `import('x').T` in a type: erased, never loaded. */
  typeOnly: boolean;
}

function isTypeOnly(node: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isExportDeclaration(node)) return node.isTypeOnly;
  const clause = node.importClause;
  if (clause === undefined) return false;
  if (clause.isTypeOnly) return true;
  // `import { type A, type B } from 'x'` is erased too (no default import, every name typed).
  const bindings = clause.namedBindings;
  return (
    clause.name === undefined &&
    bindings !== undefined &&
    ts.isNamedImports(bindings) &&
    bindings.elements.length > 0 &&
    bindings.elements.every((element) => element.isTypeOnly)
  );
}

/** Every module specifier a source file names, with how it is imported. */
export function importsOf(relativePath: string, sourceText: string): ImportSite[] {
  const kind = relativePath.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  return importSites(ts.createSourceFile(relativePath, sourceText, ts.ScriptTarget.Latest, true, kind));
}

/** The repository-relative file a relative specifier points at (without extension or query). */
export function resolveSpecifier(fromFile: string, specifier: string): string {
  return path.posix.normalize(path.posix.join(path.posix.dirname(fromFile), specifier.split('?')[0]!));
}

function importSites(sourceFile: ts.SourceFile): ImportSite[] {
  const sites: ImportSite[] = [];
  const lineOf = (node: ts.Node) => sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line + 1;
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier !== undefined &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      sites.push({ specifier: node.moduleSpecifier.text, line: lineOf(node), dynamic: false, typeOnly: isTypeOnly(node) });
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      const expression = node.moduleReference.expression;
      if (ts.isStringLiteral(expression)) {
        sites.push({ specifier: expression.text, line: lineOf(node), dynamic: false, typeOnly: node.isTypeOnly });
      }
    } else if (ts.isCallExpression(node)) {
      const [first] = node.arguments;
      const isDynamicImport = node.expression.kind === ts.SyntaxKind.ImportKeyword;
      const isRequire = ts.isIdentifier(node.expression) && node.expression.text === 'require';
      if ((isDynamicImport || isRequire) && first !== undefined && ts.isStringLiteralLike(first)) {
        sites.push({ specifier: first.text, line: lineOf(node), dynamic: isDynamicImport, typeOnly: false });
      }
    } else if (ts.isImportTypeNode(node)) {
      const argument = node.argument;
      if (ts.isLiteralTypeNode(argument) && ts.isStringLiteral(argument.literal)) {
        sites.push({ specifier: argument.literal.text, line: lineOf(node), dynamic: false, typeOnly: true });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return sites;
}

/** A use of a global as a value: `window.x`, `document`, `globalThis.localStorage`; never a property name or a type. */
function globalUses(sourceFile: ts.SourceFile, names: ReadonlySet<string>): { name: string; line: number; called: boolean }[] {
  const uses: { name: string; line: number; called: boolean }[] = [];
  const lineOf = (node: ts.Node) => sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line + 1;
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && names.has(node.text)) {
      const parent = node.parent;
      const isPropertyName =
        (ts.isPropertyAccessExpression(parent) && parent.name === node) ||
        (ts.isPropertyAssignment(parent) && parent.name === node) ||
        (ts.isPropertySignature(parent) && parent.name === node) ||
        (ts.isPropertyDeclaration(parent) && parent.name === node) ||
        (ts.isMethodDeclaration(parent) && parent.name === node) ||
        (ts.isBindingElement(parent) && parent.propertyName === node) ||
        ts.isImportSpecifier(parent) ||
        ts.isExportSpecifier(parent);
      const isTypePosition = ts.isTypeReferenceNode(parent) || ts.isTypeQueryNode(parent) || ts.isQualifiedName(parent);
      const isOwnDeclaration =
        (ts.isParameter(parent) || ts.isVariableDeclaration(parent) || ts.isFunctionDeclaration(parent)) && parent.name === node;
      if (!isPropertyName && !isTypePosition && !isOwnDeclaration) {
        uses.push({ name: node.text, line: lineOf(node), called: ts.isCallExpression(parent) && parent.expression === node });
      }
    }
    // globalThis.window / globalThis.fetch reach the same globals.
    if (
      ts.isPropertyAccessExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'globalThis' &&
      names.has(node.name.text)
    ) {
      uses.push({ name: node.name.text, line: lineOf(node), called: ts.isCallExpression(node.parent) });
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return uses;
}

/** Checks one file's source text; `relativePath` is relative to the repository root, with '/' separators. */
export function checkSource(relativePath: string, sourceText: string): Violation[] {
  const layer = layerOf(relativePath);
  if (layer === undefined) return [];
  const violations: Violation[] = [];
  const report = (line: number, message: string) => violations.push({ file: relativePath, line, message });
  if (layer === 'unknown') {
    report(1, 'is outside every known layer (src/{app,views,machines,api,platform,domain}); add the layer to the rules first');
    return violations;
  }
  if (serverLayerOf(relativePath) === 'unknown') {
    report(1, `is outside every known layer of server/ (${Object.keys(SERVER_LAYERS).join(', ')}); add the layer to the rules first`);
    return violations;
  }

  const kind = relativePath.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const sourceFile = ts.createSourceFile(relativePath, sourceText, ts.ScriptTarget.Latest, true, kind);

  for (const { specifier, line } of importSites(sourceFile)) {
    if (specifier.startsWith('.')) {
      const target = resolveSpecifier(relativePath, specifier);
      const targetLayer = layerOf(target);
      if (targetLayer === undefined || targetLayer === 'unknown' || !ALLOWED_IMPORTS[layer].includes(targetLayer)) {
        report(line, `${layer} must not import ${targetLayer ?? 'files outside src, common and server'} ('${specifier}')`);
      } else if (layer === 'server' && targetLayer === 'server') {
        const from = serverLayerOf(relativePath);
        const to = serverLayerOf(target);
        if (
          from !== undefined &&
          from !== 'unknown' &&
          to !== from &&
          (to === undefined || to === 'unknown' || !(SERVER_LAYERS[from] as readonly string[]).includes(to))
        ) {
          report(line, `${from} must not import ${to === 'unknown' ? target : to} ('${specifier}')`);
        }
      }
    } else if (NO_REACT.includes(layer) && REACT_PACKAGES.test(specifier)) {
      report(line, `${layer} must not import '${specifier}' (no React or router in this layer)`);
    } else if (NO_NODE_BUILTINS.includes(layer) && (specifier.startsWith('node:') || NODE_BUILTINS.has(specifier.split('/')[0]!))) {
      report(line, `${layer} must not import '${specifier}' (the browser has no Node modules)`);
    }
  }

  if (NO_BROWSER_GLOBALS.includes(layer)) {
    for (const use of globalUses(sourceFile, BROWSER_GLOBALS)) {
      report(use.line, `${layer} must not use the browser global '${use.name}' (wrap it in src/platform)`);
    }
  }
  if (NO_NETWORK.includes(layer)) {
    for (const use of globalUses(sourceFile, NETWORK_CALLS)) {
      report(use.line, `${layer} must not make network calls ('${use.name}'); go through a machine and src/api`);
    }
  }
  return violations;
}

export function formatViolations(violations: readonly Violation[]): string {
  return violations.map((v) => `${v.file}:${v.line}: ${v.message}`).join('\n');
}
