// ESLint flat config: `npm run lint`. Formatting is Prettier's job (`npm run format:check`), so no
// rule here is about layout. The layer rules below mirror tests/architecture/layer-rules.ts (which
// still runs as a test and also catches dynamic imports and browser globals reached in other ways).
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * Who may import whom, as repository-relative folders. Each folder may always import itself.
 * src/app -> src/views -> src/machines -> src/api -> src/domain; src/machines -> src/platform.
 * server/ imports nothing of src/; common/ (code shared by src/ and server/) imports nothing of
 * either, and everyone may import it.
 */
const LAYERS = {
  'src/app': ['src/views', 'src/machines', 'src/api', 'src/domain', 'src/platform', 'src/styles', 'common'],
  'src/views': ['src/machines', 'src/domain', 'src/styles', 'common'],
  'src/machines': ['src/api', 'src/domain', 'src/platform', 'common'],
  'src/api': ['src/domain', 'common'],
  'src/platform': ['src/domain', 'common'],
  'src/domain': ['common'],
  server: ['common'],
  common: [],
};

/**
 * server/'s own layers (tests/architecture/layer-rules.ts SERVER_LAYERS): each folder may import itself,
 * these and common/. The root (app.ts, main.ts, open-store.ts) composes everything; the `server` entry
 * above keeps every file of server/ away from src/.
 */
export const SERVER_LAYERS = {
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
};

/** These layers hold no React and no router (they are tested and run without a DOM). */
const NO_REACT = ['src/domain', 'src/machines', 'src/api', 'src/platform', 'common'];
/** Browser globals go through src/platform; network calls go through a machine and src/api. */
const NO_BROWSER_GLOBALS = ['src/domain', 'src/machines', 'src/api', 'common'];
const NO_NETWORK = ['src/views'];

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * `no-restricted-imports` works on the specifier as written, so each folder depth gets its own
 * patterns: from src/views/home/card.tsx, `../../machines/x` is src/machines but `../common/x` is
 * src/views/common. A specifier that climbs k folders out of the layer lands in a known ancestor,
 * and what follows must start with an allowed folder; climbing above the repository is never allowed.
 */
function boundaryBlocks(layer, allowed, maxDepth = 5) {
  const layerParts = layer.split('/');
  const message = `${layer} may import only ${[layer, ...allowed].join(', ')} (layer rule, docs/architecture.md)`;
  const blocks = [];
  for (let depth = 0; depth <= maxDepth; depth++) {
    const patterns = [];
    for (let climb = depth + 1; climb <= depth + layerParts.length; climb++) {
      const base = layerParts.slice(0, layerParts.length - (climb - depth)).join('/');
      // The allowed targets (and this layer itself) as seen from `base`, a folder above this one.
      const reachable = [...allowed, layer]
        .filter((target) => base === '' || target.startsWith(`${base}/`))
        .map((target) => escape(base === '' ? target : target.slice(base.length + 1)));
      const allowedHere = reachable.length > 0 ? `(?!(?:${reachable.join('|')})(?:/|\\.tsx?$|$))` : '';
      patterns.push({ regex: `^(?:\\.\\./){${climb}}(?!\\.\\./)${allowedHere}`, message });
    }
    patterns.push({ regex: `^(?:\\.\\./){${depth + layerParts.length + 1}}`, message: `${message}; this climbs above the repository` });
    if (NO_REACT.includes(layer)) {
      patterns.push({
        regex: '^(?:react|react-dom|@xstate/react|wouter)(?:/|$)',
        message: `${layer} holds no React and no router (layer rule, docs/architecture.md)`,
      });
    }
    blocks.push({
      name: `layers/${layer}/depth-${depth}`,
      files: [`${layer}/${'*/'.repeat(depth)}*.{ts,tsx}`],
      rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns }] },
    });
  }
  return blocks;
}

const BROWSER_GLOBALS = ['window', 'document', 'localStorage', 'sessionStorage'];
const BROWSER_GLOBALS_MESSAGE = 'Browser globals are reached through src/platform (layer rule, docs/architecture.md).';
const NETWORK_CALLS = ['fetch', 'XMLHttpRequest', 'WebSocket', 'EventSource'];
const NETWORK_CALLS_MESSAGE = 'Views make no network calls: a machine does, through src/api (layer rule, docs/architecture.md).';

/** `window` and `globalThis.window` alike. */
function restrictedGlobals(names, message) {
  return {
    'no-restricted-globals': ['error', ...names.map((name) => ({ name, message }))],
    'no-restricted-properties': ['error', ...names.map((property) => ({ object: 'globalThis', property, message }))],
  };
}

export default defineConfig(
  {
    name: 'ignored',
    ignores: ['dist/', 'coverage/', 'data/', 'test-results/', 'screenshots/', 'docs/', '**/*.d.ts'],
  },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    // Hooks live where React does: the app and view layers, and the tests that render them.
    name: 'react-hooks',
    files: ['src/app/**/*.{ts,tsx}', 'src/views/**/*.{ts,tsx}', 'tests/**/*.tsx'],
    ...reactHooks.configs.flat['recommended-latest'],
    rules: { ...reactHooks.configs.flat['recommended-latest'].rules, 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    name: 'project',
    rules: {
      // `_` marks a parameter or element a signature needs but the body does not use.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
  ...Object.entries(LAYERS).flatMap(([layer, allowed]) => boundaryBlocks(layer, allowed)),
  // After the `server` blocks, so these take their place for files in server/'s folders.
  ...Object.entries(SERVER_LAYERS).flatMap(([layer, allowed]) => boundaryBlocks(layer, [...allowed, 'common'])),
  {
    name: 'layers/no-browser-globals',
    files: NO_BROWSER_GLOBALS.map((layer) => `${layer}/**/*.{ts,tsx}`),
    rules: restrictedGlobals(BROWSER_GLOBALS, BROWSER_GLOBALS_MESSAGE),
  },
  {
    name: 'layers/no-network',
    files: NO_NETWORK.map((layer) => `${layer}/**/*.{ts,tsx}`),
    rules: restrictedGlobals(NETWORK_CALLS, NETWORK_CALLS_MESSAGE),
  },
);
