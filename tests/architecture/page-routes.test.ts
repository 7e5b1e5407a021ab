// @vitest-environment node
/**
 * The route tree and the page table agree: every page the browser's route tree shows is a row of
 * common/page-routes.ts (else the server would answer its address with 404 and the not-found page), and every
 * row has its Route. A Route written with a literal path instead of routePattern(...) is named here with the
 * row it needs.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAGE_ROUTES, routePattern } from '../../common/page-routes';

const ROUTES_FILE = join(import.meta.dirname, '../../src/app/routes.tsx');

describe('the route tree and the page table', () => {
  const source = readFileSync(ROUTES_FILE, 'utf8');
  const literalPaths = [...source.matchAll(/<Route\s+path="([^"]+)"/g)].map((match) => match[1]!);
  const tableKinds = [...source.matchAll(/<Route\s+path=\{routePattern\('([a-z-]+)'\)\}/g)].map((match) => match[1]!);

  it('every Route with a literal path is "/" or a pattern of the table', () => {
    const patterns = PAGE_ROUTES.map((route) => routePattern(route.kind));
    const unknown = literalPaths.filter((path) => path !== '/' && !patterns.includes(path));
    expect(unknown, 'add these to PAGE_ROUTES in common/page-routes.ts and write them as routePattern(...)').toEqual([]);
  });

  it('every row of the table has its Route', () => {
    const shown = new Set([...tableKinds, ...PAGE_ROUTES.filter((r) => literalPaths.includes(routePattern(r.kind))).map((r) => r.kind)]);
    expect(PAGE_ROUTES.map((route) => route.kind).filter((kind) => !shown.has(kind))).toEqual([]);
  });
});
