// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  articleIdFromHref,
  decodePathSegment,
  detailPath,
  isArticlesPath,
  languageFromPath,
  listPath,
  pageAt,
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

describe('pageAt (the page a path shows)', () => {
  it.each([
    ['/', { kind: 'home', language: 'zh' }],
    ['/es', { kind: 'home', language: 'es' }],
    ['/fr/', { kind: 'home', language: 'fr' }],
    ['/es/articles', { kind: 'list', language: 'es' }],
    ['/zh/articles/', { kind: 'list', language: 'zh' }],
    ['/zh/articles/a%2Fb', { kind: 'article', language: 'zh', articleId: 'a/b' }],
    ['/zh/articles/%E0%A4%A', { kind: 'article', language: 'zh', articleId: '%E0%A4%A' }],
    ['/zh/about', { kind: 'other', language: 'zh' }],
    ['/zh/articles/a/b', { kind: 'other', language: 'zh' }],
    ['/articles', { kind: 'other', language: 'zh' }],
    ['/ES/articles', { kind: 'other', language: 'es' }],
  ])('%s', (path, page) => {
    expect(pageAt(path)).toEqual(page);
  });

  it('decodes a path segment, keeping one that is not valid percent-encoding', () => {
    expect(decodePathSegment('a%20b')).toBe('a b');
    expect(decodePathSegment('100%')).toBe('100%');
  });
});

describe('articleIdFromHref', () => {
  it.each([
    ['/zh/articles/a%2Fb', 'a/b'],
    ['https://learn.example/es/articles/x1?ref=home', 'x1'],
    ['/zh/articles', null],
    ['/zh', null],
    [null, null],
  ])('reads the article id of %s', (href, id) => {
    expect(articleIdFromHref(href)).toBe(id);
  });
});
