import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/api/errors';
import { CARDS, fakeApi } from '../../support/fake-api';
import { pending, renderApp } from '../../support/render-app';

const CASES = [
  {
    language: 'zh',
    hero: '通过新闻学英语',
    latest: '最新文章',
    viewAll: '查看全部文章',
    loading: '正在加载文章…',
    error: '无法加载文章，请稍后再试。',
    empty: '暂时还没有文章，请稍后再来。',
    nav: ['首页', '文章列表', '关于我们'],
    date: '2026年11月18日',
    words: '412 词',
    minutes: '7 分钟阅读',
  },
  {
    language: 'es',
    hero: 'Aprende inglés con las noticias',
    latest: 'Últimos artículos',
    viewAll: 'Ver todos los artículos',
    loading: 'Cargando artículos…',
    error: 'No se pudieron cargar los artículos. Inténtalo de nuevo más tarde.',
    empty: 'Todavía no hay artículos. Vuelve pronto.',
    nav: ['Inicio', 'Artículos', 'Acerca de'],
    date: '18 nov 2026',
    words: '412 palabras',
    minutes: '7 min de lectura',
  },
  {
    language: 'en',
    hero: 'Learn English with the news',
    latest: 'Latest Articles',
    viewAll: 'View All Articles',
    loading: 'Loading articles…',
    error: 'Unable to load articles. Please try again later.',
    empty: 'There are no articles yet. Please come back soon.',
    nav: ['Home', 'Articles', 'About'],
    date: 'Nov 18, 2026',
    words: '412 words',
    minutes: '7 min read',
  },
] as const;

describe.each(CASES)('home page in $language', (c) => {
  it('shows the hero, the header and a spinner with text while loading', async () => {
    renderApp(`/${c.language}`, { fake: fakeApi({ latestArticles: () => pending() }) });
    expect(screen.getByRole('heading', { level: 1, name: c.hero })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(c.loading);
    const nav = screen.getByRole('navigation');
    for (const label of c.nav) expect(within(nav).getByRole('link', { name: label })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: c.nav[0] })).toHaveAttribute('href', `/${c.language}`);
    expect(within(nav).getByRole('link', { name: c.nav[1] })).toHaveAttribute('href', `/${c.language}/articles`);
    expect(within(nav).getByRole('link', { name: c.nav[2] })).toHaveAttribute('href', `/${c.language}#about`);
  });

  it('shows up to four latest cards with source, date, words, reading time and a link', async () => {
    const { latestArticles } = renderApp(`/${c.language}`);
    const cards = await screen.findAllByTestId('article-card');
    expect(cards).toHaveLength(4);
    expect(latestArticles).toHaveBeenCalledWith({ language: c.language, limit: 4 }, expect.any(AbortSignal));
    const first = cards[0]!;
    expect(first).toHaveTextContent('NPR');
    expect(first).toHaveTextContent(c.date);
    expect(first).toHaveTextContent(c.words);
    expect(first).toHaveTextContent(c.minutes);
    expect(within(first).getByRole('link', { name: CARDS[0]!.title })).toHaveAttribute('href', `/${c.language}/articles/city-bikes`);
    expect(screen.getByRole('heading', { level: 2, name: c.latest })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: c.viewAll })).toHaveAttribute('href', `/${c.language}/articles`);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows the localized error when the articles cannot be loaded', async () => {
    renderApp(`/${c.language}`, {
      fake: fakeApi({ latestArticles: () => Promise.reject(new ApiError('network', 'Failed to fetch')) }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(c.error);
    expect(screen.queryAllByTestId('article-card')).toHaveLength(0);
  });

  it('says so when there are no articles', async () => {
    renderApp(`/${c.language}`, { fake: fakeApi({ latestArticles: async () => [] }) });
    expect(await screen.findByText(c.empty)).toBeInTheDocument();
  });

  it('has the About section saying the articles are original samples', () => {
    const { container } = renderApp(`/${c.language}`, { fake: fakeApi({ latestArticles: () => pending() }) });
    const about = container.querySelector('section#about');
    expect(about).not.toBeNull();
    expect(about?.textContent).toMatch(/NewsReader English/);
  });
});

describe('home page languages and addresses', () => {
  it('serves / in Chinese and asks the API in zh', async () => {
    const { latestArticles, memory } = renderApp('/');
    expect(await screen.findAllByTestId('article-card')).toHaveLength(4);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('通过新闻学英语');
    expect(latestArticles.mock.calls[0]?.[0]).toEqual({ language: 'zh', limit: 4 });
    expect(memory.history).toEqual(['/']);
  });

  it('shows /fr with English texts and real articles asked for in English', async () => {
    const { latestArticles } = renderApp('/fr');
    expect(await screen.findAllByTestId('article-card')).toHaveLength(4);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Learn English with the news');
    expect(latestArticles.mock.calls[0]?.[0]).toEqual({ language: 'en', limit: 4 });
    expect(screen.getAllByTestId('article-card')[0]).toHaveTextContent('Nov 18, 2026');
  });

  it('goes to the list page with View All Articles', async () => {
    const { user, listPage } = renderApp('/es');
    await screen.findAllByTestId('article-card');
    await user.click(screen.getByRole('link', { name: 'Ver todos los artículos' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Todos los artículos' })).toBeInTheDocument();
    // The list asks for its first page of 20.
    await waitFor(() =>
      expect(listPage).toHaveBeenLastCalledWith(expect.objectContaining({ language: 'es', limit: 20, offset: 0 }), expect.any(AbortSignal)),
    );
  });
});
