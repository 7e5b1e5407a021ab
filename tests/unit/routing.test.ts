// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  detailPath,
  isArticlesPath,
  languageFromPath,
  listPath,
  resolvePath,
  withLanguage,
} from '../../src/domain/routing';

describe('resolvePath (first-segment rule)', () => {
  it.each([
    ['/', { kind: 'page', language: 'zh', path: '/' }],
    ['/es', { kind: 'page', language: 'es', path: '/es' }],
    ['/zh/articles', { kind: 'page', language: 'zh', path: '/zh/articles' }],
    ['/zh/articles/', { kind: 'page', language: 'zh', path: '/zh/articles' }],
    ['/fr/articles/abc', { kind: 'page', language: 'fr', path: '/fr/articles/abc' }],
  ])('treats %s as a page', (path, expected) => {
    expect(resolvePath(path)).toEqual(expected);
  });

  it.each([
    ['/articles', '/zh/articles'],
    ['/articles/abc', '/zh/articles/abc'],
    ['/foo/bar', '/zh/foo/bar'],
    ['/zh-CN/articles', '/zh/zh-CN/articles'],
    ['/ES/articles', '/es/articles'],
    ['//zh//articles', '/zh/articles'],
    ['//', '/'],
  ])('redirects %s to %s', (path, to) => {
    expect(resolvePath(path)).toEqual({ kind: 'redirect', to });
  });
});

describe('path helpers', () => {
  it('reads the page language, defaulting to zh', () => {
    expect(languageFromPath('/es/articles')).toBe('es');
    expect(languageFromPath('/')).toBe('zh');
    expect(languageFromPath('/articles')).toBe('zh');
  });

  it('replaces or prepends the language segment and keeps the query', () => {
    expect(withLanguage('/zh/articles/x', 'es')).toBe('/es/articles/x');
    expect(withLanguage('/', 'es')).toBe('/es');
    expect(withLanguage('/articles', 'es', 'q=a')).toBe('/es/articles?q=a');
    expect(withLanguage('/zh/articles', 'es', '?q=a')).toBe('/es/articles?q=a');
  });

  it('builds list and detail paths with the id encoded', () => {
    expect(listPath('zh')).toBe('/zh/articles');
    expect(listPath('zh', 'bike lanes')).toBe('/zh/articles?q=bike%20lanes');
    expect(detailPath('es', 'a b/c')).toBe('/es/articles/a%20b%2Fc');
  });

  it('marks every path with an articles segment as an articles path', () => {
    expect(isArticlesPath('/zh/articles')).toBe(true);
    expect(isArticlesPath('/zh/articles/abc')).toBe(true);
    expect(isArticlesPath('/zh')).toBe(false);
  });
});
