// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { httpStatusError } from '../../../src/api/errors';
import type { ArticleView } from '../../../src/domain/article';
import { articleDetailMachine } from '../../../src/machines/article-detail-machine';
import { languageMachine } from '../../../src/machines/language-machine';
import { ArticleDetailActorContext } from '../../../src/views/detail/article-detail-context';
import { DetailHead } from '../../../src/views/head/detail-head';
import { HomeHead, ListHead, SearchHead } from '../../../src/views/head/page-heads';
import { SiteOriginContext } from '../../../src/views/head/site-origin';
import { LanguageActorContext } from '../../../src/views/language-context';
import { TextsContext } from '../../../src/views/texts-context';
import { allTexts } from '../../support/texts';
import { alternates, canonicalHref, metaContent, metaContents, structuredData, titles } from './head-queries';

const ORIGIN = 'https://learn.example';

function renderAt(path: string, ui: ReactNode) {
  return render(
    <SiteOriginContext.Provider value={ORIGIN}>
      <TextsContext.Provider value={allTexts()}>
        <LanguageActorContext.Provider logic={languageMachine} options={{ input: { path } }}>
          {ui}
        </LanguageActorContext.Provider>
      </TextsContext.Provider>
    </SiteOriginContext.Provider>,
  );
}

/** Says when the detail actor has failed, so a test can wait for that and not merely for a head tag. */
function FailedMark() {
  const failed = ArticleDetailActorContext.useSelector((snapshot) => snapshot.matches('error'));
  return failed ? <p>failed</p> : null;
}

const EXPECTED = {
  zh: {
    locale: 'zh_CN',
    others: ['en_US', 'es_ES'],
    homeTitle: 'NewsReader English：通过新闻学英语',
    listTitle: '全部文章 | NewsReader English',
    listKeyword: '英语文章',
  },
  es: {
    locale: 'es_ES',
    others: ['en_US', 'zh_CN'],
    homeTitle: 'NewsReader English: aprende inglés con las noticias',
    listTitle: 'Todos los artículos | NewsReader English',
    listKeyword: 'artículos en inglés',
  },
  en: {
    locale: 'en_US',
    others: ['zh_CN', 'es_ES'],
    homeTitle: 'NewsReader English: learn English with the news',
    listTitle: 'All articles | NewsReader English',
    listKeyword: 'English articles',
  },
} as const;

const LANGUAGES = ['zh', 'es', 'en'] as const;

function expectCommonTags(title: string, url: string, locale: string, others: readonly string[], ogType: string) {
  expect(titles()).toEqual([title]);
  const description = metaContent('description');
  expect(description).toBeTruthy();
  expect(metaContent('keywords')).toBeTruthy();
  expect(canonicalHref()).toBe(url);
  expect(metaContent('og:title')).toBe(title);
  expect(metaContent('og:description')).toBe(description);
  expect(metaContent('og:url')).toBe(url);
  expect(metaContent('og:type')).toBe(ogType);
  expect(metaContent('og:site_name')).toBe('NewsReader English');
  expect(metaContent('og:locale')).toBe(locale);
  expect(metaContents('og:locale:alternate').sort()).toEqual([...others].sort());
  expect(metaContent('twitter:card')).toBe('summary');
  expect(metaContent('twitter:title')).toBe(title);
  expect(metaContent('twitter:description')).toBe(description);
}

describe.each(LANGUAGES)('page head in %s', (language) => {
  const expected = EXPECTED[language];

  it('home: site title and WebSite structured data with a SearchAction at the list, /{lang}/articles?q=', () => {
    renderAt(`/${language}`, <HomeHead />);
    expectCommonTags(expected.homeTitle, `${ORIGIN}/${language}`, expected.locale, expected.others, 'website');
    expect(alternates()).toEqual({
      en: `${ORIGIN}/en`,
      zh: `${ORIGIN}/zh`,
      es: `${ORIGIN}/es`,
      'x-default': `${ORIGIN}/zh`,
    });
    const [website] = structuredData();
    expect(website).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      url: `${ORIGIN}/`,
      potentialAction: {
        '@type': 'SearchAction',
        target: { urlTemplate: `${ORIGIN}/${language}/articles?q={search_term_string}` },
        'query-input': 'required name=search_term_string',
      },
    });
    expect(metaContents('article:tag')).toEqual([]);
  });

  it('list: list title and keywords, canonical without the search term', () => {
    renderAt(`/${language}/articles`, <ListHead />);
    expectCommonTags(expected.listTitle, `${ORIGIN}/${language}/articles`, expected.locale, expected.others, 'website');
    expect(metaContent('keywords')).toContain(expected.listKeyword);
    expect(structuredData()).toEqual([]);
  });

  it('search: forwards-only page, not indexed', () => {
    renderAt('/search', <SearchHead language={language} />);
    expect(canonicalHref()).toBe(`${ORIGIN}/${language}/articles`);
    expect(metaContent('robots')).toBe('noindex, follow');
    expect(metaContent('og:locale')).toBe(expected.locale);
  });

  it('detail: article title, article tags and NewsArticle structured data once loaded', async () => {
    const article: ArticleView = {
      id: 'ferry-strike-2026',
      title: 'Ferry workers vote to strike over new rosters',
      source: 'bbc',
      date: '2026-11-20T08:30:00Z',
      categories: ['business', 'politics'],
      readingTimeMinutes: 4,
      difficulty: 'intermediate',
      body: null,
      missingHelp: [],
      summary: 'Crews say the new rosters leave too little rest between crossings.',
    };
    const logic = articleDetailMachine.provide({
      actors: {
        fetchArticle: fromPromise(async () => article),
        sanitiseBody: fromPromise(async () => ({ html: '' })),
      },
    });
    renderAt(
      `/${language}/articles/ferry-strike-2026`,
      <ArticleDetailActorContext.Provider logic={logic} options={{ input: { articleId: article.id, language } }}>
        <DetailHead articleId={article.id} />
        <p>article page</p>
      </ArticleDetailActorContext.Provider>,
    );
    await screen.findByText('article page');
    const url = `${ORIGIN}/${language}/articles/ferry-strike-2026`;
    await waitFor(() => expect(metaContent('og:type')).toBe('article'));
    expectCommonTags(
      'Ferry workers vote to strike over new rosters | NewsReader English',
      url,
      expected.locale,
      expected.others,
      'article',
    );
    expect(metaContent('description')).toBe(article.summary);
    expect(metaContent('keywords')).toMatch(/^business, politics, /);
    expect(metaContent('article:published_time')).toBe('2026-11-20T08:30:00Z');
    const sections = { zh: ['商业', '政治'], es: ['Negocios', 'Política'], en: ['Business', 'Politics'] }[language];
    expect(metaContent('article:section')).toBe(sections[0]);
    expect(metaContents('article:tag')).toEqual(sections);
    expect(alternates().es).toBe(`${ORIGIN}/es/articles/ferry-strike-2026`);
    const [news] = structuredData();
    expect(news).toMatchObject({
      '@type': 'NewsArticle',
      headline: article.title,
      datePublished: '2026-11-20T08:30:00Z',
      articleSection: 'Business',
      inLanguage: 'en',
      url,
      publisher: { '@type': 'Organization', name: 'NewsReader English' },
    });
  });
});

describe('page head edge cases', () => {
  it('a page language without texts (fr) gets English tags and an English canonical', () => {
    renderAt('/fr', <HomeHead />);
    expect(metaContent('og:locale')).toBe('en_US');
    expect(canonicalHref()).toBe(`${ORIGIN}/en`);
  });

  it('the detail head is generic while the article loads, with the article canonical', () => {
    const logic = articleDetailMachine.provide({
      actors: { fetchArticle: fromPromise(() => new Promise<ArticleView>(() => {})) },
    });
    renderAt(
      '/es/articles/a%2Fb',
      <ArticleDetailActorContext.Provider logic={logic} options={{ input: { articleId: 'a/b', language: 'es' } }}>
        <DetailHead articleId="a/b" />
      </ArticleDetailActorContext.Provider>,
    );
    expect(canonicalHref()).toBe(`${ORIGIN}/es/articles/a%2Fb`);
    expect(metaContent('og:type')).toBe('website');
    expect(metaContents('article:tag')).toEqual([]);
    expect(structuredData()).toEqual([]);
  });

  it('an article the API has not (404) is titled as not found and never indexed; another failure keeps the generic head', async () => {
    const failingWith = (status: number) =>
      articleDetailMachine.provide({
        actors: {
          fetchArticle: fromPromise(() =>
            Promise.reject(
              status === 404
                ? httpStatusError(404, '', { code: 'not_found', message: 'No article has the id "gone"', parameter: 'id' })
                : httpStatusError(status, ''),
            ),
          ),
        },
      });
    const missing = renderAt(
      '/es/articles/gone',
      <ArticleDetailActorContext.Provider logic={failingWith(404)} options={{ input: { articleId: 'gone', language: 'es' } }}>
        <DetailHead articleId="gone" />
      </ArticleDetailActorContext.Provider>,
    );
    await waitFor(() => expect(titles()).toEqual(['Página no encontrada | NewsReader English']));
    expect(metaContent('robots')).toBe('noindex');
    expect(canonicalHref()).toBeNull();
    missing.unmount();

    renderAt(
      '/es/articles/busy',
      <ArticleDetailActorContext.Provider logic={failingWith(503)} options={{ input: { articleId: 'busy', language: 'es' } }}>
        <DetailHead articleId="busy" />
        <FailedMark />
      </ArticleDetailActorContext.Provider>,
    );
    await screen.findByText('failed');
    expect(canonicalHref()).toBe(`${ORIGIN}/es/articles/busy`);
    expect(titles()).toEqual([EXPECTED.es.listTitle]);
    expect(metaContent('robots')).toBeNull();
  });

  it('structured data cannot break out of its script element', () => {
    const logic = articleDetailMachine.provide({
      actors: {
        fetchArticle: fromPromise(async (): Promise<ArticleView> => ({
          id: 'x',
          title: 'Evil </script><script>alert(1)</script>',
          source: 'npr',
          date: '2026-01-01',
          categories: [],
          readingTimeMinutes: 1,
          difficulty: 'beginner',
          body: null,
          missingHelp: [],
        })),
      },
    });
    renderAt(
      '/en/articles/x',
      <ArticleDetailActorContext.Provider logic={logic} options={{ input: { articleId: 'x', language: 'en' } }}>
        <DetailHead articleId="x" />
      </ArticleDetailActorContext.Provider>,
    );
    return waitFor(() => {
      const script = document.querySelector('script[type="application/ld+json"]');
      expect(script?.innerHTML).not.toContain('</script>');
      expect(structuredData()[0]?.headline).toBe('Evil </script><script>alert(1)</script>');
      expect(document.querySelectorAll('script:not([type="application/ld+json"])')).toHaveLength(0);
    });
  });

  it('unmounting a page removes its tags', () => {
    const view = renderAt('/zh', <HomeHead />);
    expect(titles()).toHaveLength(1);
    view.unmount();
    expect(titles()).toEqual([]);
    expect(canonicalHref()).toBeNull();
  });
});
