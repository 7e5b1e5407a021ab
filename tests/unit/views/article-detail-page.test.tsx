import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/api/errors';
import { articleView, fakeApi } from '../../support/fake-api';
import { pending, renderApp } from '../../support/render-app';

const CASES = [
  {
    language: 'zh',
    back: '返回文章列表',
    loading: '正在加载文章…',
    error: '无法加载文章',
    tryAgain: '重试',
    unavailable: '文章内容暂时无法显示',
    lookupField: '查单词',
    missing: ['中文摘要', '文化背景注释'],
    longDate: '2026年11月18日',
    readingTime: '8 分钟阅读',
    difficulty: '中级',
    tags: ['科技', '移民', 'farming'],
  },
  {
    language: 'es',
    back: 'Volver a los artículos',
    loading: 'Cargando artículo…',
    error: 'No se pudo cargar el artículo',
    tryAgain: 'Intentar de nuevo',
    unavailable: 'El contenido del artículo no está disponible temporalmente',
    lookupField: 'Buscar una palabra',
    missing: ['un resumen en español', 'notas culturales'],
    longDate: '18 de noviembre de 2026',
    readingTime: '8 min de lectura',
    difficulty: 'Intermedio',
    tags: ['Tecnología', 'Inmigración', 'farming'],
  },
  {
    language: 'en',
    back: 'Back to articles',
    loading: 'Loading article…',
    error: 'Unable to load article',
    tryAgain: 'Try Again',
    unavailable: 'Article content temporarily unavailable',
    lookupField: 'Look up a word',
    missing: ['a summary', 'cultural notes'],
    longDate: 'November 18, 2026',
    readingTime: '8 min read',
    difficulty: 'Intermediate',
    tags: ['Technology', 'Immigration', 'farming'],
  },
] as const;

function bodyRoot(): ShadowRoot {
  const host = screen.getByTestId('article-body-host');
  if (host.shadowRoot === null) throw new Error('the body host has no shadow root');
  return host.shadowRoot;
}

describe.each(CASES)('article detail page in $language', (c) => {
  it('shows a back link and a spinner while loading', async () => {
    renderApp(`/${c.language}/articles/city-bikes`, { fake: fakeApi({ article: () => pending() }) });
    expect(await screen.findByText(c.loading)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: c.back })).toHaveAttribute('href', `/${c.language}/articles`);
    expect(screen.getByRole('status')).toHaveTextContent(c.loading);
  });

  it('renders the sanitised body inside a shadow root, with its own stylesheet', async () => {
    const { article } = renderApp(`/${c.language}/articles/city-bikes`, {
      fake: fakeApi({
        article: async () =>
          articleView({
            body: '<h1>City Adds Bikes</h1><p onclick="alert(1)">Riders <b>welcome</b> it.</p><script>alert(2)</script>',
          }),
      }),
    });
    expect(await screen.findByRole('search', { name: c.lookupField })).toBeInTheDocument();
    expect(article).toHaveBeenCalledWith('city-bikes', c.language, expect.any(AbortSignal));
    const root = bodyRoot();
    expect(root.querySelector('h1')?.textContent).toBe('City Adds Bikes');
    expect(root.querySelector('p')?.textContent).toBe('Riders welcome it.');
    expect(root.innerHTML).not.toContain('script');
    expect(root.innerHTML).not.toContain('onclick');
    // The body's stylesheet lives in the shadow root, not in the page.
    const styled = root.querySelector('style')?.textContent ?? '';
    expect(styled).toContain('.article-body');
    // Both parts of it (src/styles/article-body.css @imports them), the second one too.
    expect(styled).toContain('.nr-vocab-word');
    expect(styled).not.toMatch(/@import ['"]/);
    expect(document.head.innerHTML).not.toContain('.article-body h1');
    // The page header is not repeated above a rendered body.
    expect(screen.queryByText(c.unavailable)).not.toBeInTheDocument();
  });

  it('shows the header with defaults and the unavailable notice when there is no body', async () => {
    renderApp(`/${c.language}/articles/city-bikes`, {
      fake: fakeApi({
        article: async () => articleView({ body: null, readingTimeMinutes: 8, difficulty: 'intermediate' }),
      }),
    });
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading).toHaveTextContent('City Adds Three Hundred Bikes to Its Sharing Program');
    const header = heading.closest('header')!;
    expect(header).toHaveTextContent('NPR');
    expect(header).toHaveTextContent(c.longDate);
    expect(header).toHaveTextContent(c.readingTime);
    expect(header).toHaveTextContent(c.difficulty);
    expect(
      within(header)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(c.tags);
    expect(screen.getByText(c.unavailable)).toBeInTheDocument();
    expect(screen.getByRole('search', { name: c.lookupField })).toBeInTheDocument();
    // Nothing is missing in this article, so no notice names anything.
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
    expect(screen.queryByTestId('article-body-host')).not.toBeInTheDocument();
  });

  it('names only what the article still lacks in the learner language', async () => {
    renderApp(`/${c.language}/articles/city-bikes`, {
      fake: fakeApi({ article: async () => articleView({ missingHelp: ['summary', 'cultural_notes'] }) }),
    });
    const notice = await screen.findByRole('complementary');
    expect(
      within(notice)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(c.missing);
  });

  it('shows the error with Try Again, which reloads the page', async () => {
    const { user, reload } = renderApp(`/${c.language}/articles/missing`, {
      fake: fakeApi({ article: () => Promise.reject(new ApiError('http', 'Request failed: 404 Not Found', { status: 404 })) }),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(c.error);
    expect(reload).not.toHaveBeenCalled();
    await user.click(within(alert).getByRole('button', { name: c.tryAgain }));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe('article detail navigation', () => {
  it('refetches when the article id changes in the address', async () => {
    const { memory, article } = renderApp('/en/articles/city-bikes', {
      fake: fakeApi({ article: async (id) => articleView({ id: id!, title: `Story ${id}`, body: null }) }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Story city-bikes' })).toBeInTheDocument();
    memory.navigate('/en/articles/bank-rates');
    expect(await screen.findByRole('heading', { level: 1, name: 'Story bank-rates' })).toBeInTheDocument();
    expect(article.mock.calls.map((call) => call[0])).toEqual(['city-bikes', 'bank-rates']);
  });

  it('refetches in the new language when the language is switched on the detail page', async () => {
    const { user, article, memory } = renderApp('/zh/articles/city-bikes', {
      fake: fakeApi({ article: async () => articleView({ body: null }) }),
    });
    expect(await screen.findByText('文章内容暂时无法显示')).toBeInTheDocument();
    await user.click(screen.getByLabelText(/切换语言/, { selector: 'summary' }));
    await user.click(screen.getByRole('link', { name: /Español/ }));
    expect(await screen.findByText('El contenido del artículo no está disponible temporalmente')).toBeInTheDocument();
    expect(memory.history.at(-1)).toBe('/es/articles/city-bikes');
    expect(screen.getByRole('heading', { level: 1 }).closest('header')).toHaveTextContent('18 de noviembre de 2026');
    expect(article.mock.calls.map((call) => call.slice(0, 2))).toEqual([
      ['city-bikes', 'zh'],
      ['city-bikes', 'es'],
    ]);
  });

  it('asks in English for /fr and decodes the id from the path', async () => {
    const { article } = renderApp('/fr/articles/a%20b', {
      fake: fakeApi({ article: async () => articleView({ body: null }) }),
    });
    expect(await screen.findByText('Article content temporarily unavailable')).toBeInTheDocument();
    expect(article).toHaveBeenCalledWith('a b', 'en', expect.any(AbortSignal));
  });

  it('goes back to the list with the back link', async () => {
    const { user } = renderApp('/es/articles/city-bikes');
    await user.click(await screen.findByRole('link', { name: 'Volver a los artículos' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Todos los artículos' })).toBeInTheDocument();
  });

  it('opens the detail page from a list card', async () => {
    const { user, article } = renderApp('/zh/articles');
    const cards = await screen.findAllByTestId('article-card');
    await user.click(within(cards[1]!).getByRole('link'));
    await waitFor(() => expect(article).toHaveBeenCalledWith('clinic-hours', 'zh', expect.any(AbortSignal)));
    // As after a page load, focus leaves the clicked link for the new page's main content.
    expect(document.getElementById('main')).toHaveFocus();
    expect(await screen.findByRole('search', { name: '查单词' })).toBeInTheDocument();
  });
});
