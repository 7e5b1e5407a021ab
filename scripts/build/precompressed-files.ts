/**
 * Each built script, style sheet and SVG beside its Brotli and gzip forms (name.br, name.gz), written once at build
 * time; the server sends them (server/plugins/static-files.ts, @fastify/static's preCompressed) instead of compressing
 * every request. Compressed per request (@fastify/compress), the route's ~20 files that a page prefetches held the
 * server 130–160 ms on its first page, and a tap's early look-up waited behind them (issue 33,
 * scripts/bench/first-tap.ts). Built once, they are also smaller: Brotli at its best quality, which is far too slow
 * per request.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
/** Files worth compressing; images other than SVG and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|xml|webmanifest)$/;
/** Below this a compressed form saves less than its headers cost (the same floor as @fastify/compress's). */
const MIN_BYTES = 1024;

export function precompressedFiles(): Plugin {
  let isServerBuild = false;
  return {
    name: 'precompressed-files',
    apply: 'build',
    configResolved(config) {
      isServerBuild = Boolean(config.build.ssr);
    },
    async writeBundle(options, bundle) {
      // The server-rendering module is read by the server, never sent.
      if (isServerBuild || options.dir === undefined) return;
      const dir = options.dir;
      await Promise.all(
        Object.keys(bundle)
          .filter((name) => COMPRESSIBLE.test(name))
          .map(async (name) => {
            const path = join(dir, name);
            const source = await readFile(path);
            if (source.length < MIN_BYTES) return;
            const [br, gz] = await Promise.all([
              brotli(source, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
                  [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                },
              }),
              gzipped(source, { level: 9 }),
            ]);
            await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
          }),
      );
    },
  };
}
