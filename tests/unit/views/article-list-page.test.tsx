import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/api/errors';
import { CARDS, fakeApi, pageOf } from '../../support/fake-api';
import { pending, renderApp } from '../../support/render-app';

const CASES = [
  {
    language: 'zh',
    title: '全部文章',
    loading: '正在加载文章…',
    fallback: '无法加载文章，请稍后再试。',
    reload: '重新加载',
    emptyTitle: '没有找到匹配的文章',
    emptyHint: '请尝试调整筛选条件或搜索词',
    search: '搜索',
    category: '类别',
    source: '来源',
    difficulty: '难度',
    allCategories: '全部类别',
    tags: ['科技', '教育'],
    sports: '体育',
    beginner: '初级',
  },
  {
    language: 'es',
    title: 'Todos los artículos',
    loading: 'Cargando artículos…',
    fallback: 'No se pudieron cargar los artículos, inténtalo de nuevo más tarde.',
    reload: 'Recargar',
    emptyTitle: 'No se encontraron artículos',
    emptyHint: 'Prueba a ajustar los filtros o los términos de búsqueda',
    search: 'Buscar',
    category: 'Categoría',
    source: 'Fuente',
    difficulty: 'Dificultad',
    allCategories: 'Todas las categorías',
    tags: ['Tecnología', 'Educación'],
    sports: 'Deportes',
    beginner: 'Principiante',
  },
  {
    language: 'en',
    title: 'All Articles',
    loading: 'Loading articles…',
    fallback: 'Unable to load articles, please try again later.',
    reload: 'Reload',
    emptyTitle: 'No matching articles found',
    emptyHint: 'Try adjusting your filters or search terms',
    search: 'Search',
    category: 'Category',
    source: 'Source',
    difficulty: 'Difficulty',
    allCategories: 'All categories',
    tags: ['Technology', 'Education'],
    sports: 'Sports',
    beginner: 'Beginner',
  },
] as const;

/** The list page's first request: page 1 of 20, no search, no filters. */
const FIRST_PAGE = (language: string) => ({
  language,
  limit: 20,
  offset: 0,
  search: '',
  category: undefined,
  source: undefined,
  difficulty: undefined,
});

const cardTitles = () => screen.queryAllByTestId('article-card').map((card) => within(card).getByRole('heading').textContent);

describe.each(CASES)('article list page in $language', (c) => {
  it('shows title, filters and a spinner while loading', () => {
    renderApp(`/${c.language}/articles`, { fake: fakeApi({ listPage: () => pending() }) });
    expect(screen.getByRole('heading', { level: 1, name: c.title })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: c.search })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: c.category })).toHaveDisplayValue(c.allCategories);
    expect(screen.getByRole('combobox', { name: c.source })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: c.difficulty })).toBeInTheDocument();
    expect(screen.getByText(c.loading)).toBeInTheDocument();
    const articlesLink = within(screen.getByRole('navigation')).getAllByRole('link')[1]!;
    expect(articlesLink).toHaveAttribute('aria-current', 'page');
  });

  it('shows the loaded cards with localized tags, unknown tags raw, asking for 20', async () => {
    const { listPage } = renderApp(`/${c.language}/articles`);
    const cards = await screen.findAllByTestId('article-card');
    expect(cards).toHaveLength(CARDS.length);
    expect(listPage).toHaveBeenCalledWith(FIRST_PAGE(c.language), expect.any(AbortSignal));
    const tags = within(cards[0]!)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(tags).toEqual(c.tags);
    expect(
      within(cards[3]!)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([c.sports, 'farming']);
    expect(cards[0]).toHaveTextContent(c.beginner);
  });

  it('filters with the search box and the selects (AND), then shows the empty state', async () => {
    const { user } = renderApp(`/${c.language}/articles`);
    await screen.findAllByTestId('article-card');

    await user.selectOptions(screen.getByRole('combobox', { name: c.difficulty }), 'beginner');
    expect(cardTitles()).toEqual([CARDS[0]!.title, CARDS[3]!.title]);
    await user.selectOptions(screen.getByRole('combobox', { name: c.category }), 'sports');
    expect(cardTitles()).toEqual([CARDS[3]!.title]);
    await user.selectOptions(screen.getByRole('combobox', { name: c.source }), 'npr');
    expect(cardTitles()).toEqual([]);

    // The empty state comes with the server's answer to the same filters.
    expect(await screen.findByRole('heading', { name: c.emptyTitle })).toBeInTheDocument();
    expect(screen.getByText(c.emptyHint)).toBeInTheDocument();
    expect(screen.queryAllByTestId('article-card')).toHaveLength(0);

    await user.selectOptions(screen.getByRole('combobox', { name: c.source }), 'all');
    await waitFor(() => expect(cardTitles()).toEqual([CARDS[3]!.title]));
  });

  it('shows the error message with Reload, and Reload refetches', async () => {
    let calls = 0;
    const fake = fakeApi({
      listPage: async (params) => {
        calls += 1;
        if (calls === 1) throw new ApiError('http', 'Request failed: 503 Service Unavailable', { status: 503 });
        return pageOf(CARDS, params);
      },
    });
    const { user, listPage } = renderApp(`/${c.language}/articles`, { fake });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Request failed: 503 Service Unavailable');
    expect(alert).toHaveTextContent(c.fallback);
    await user.click(within(alert).getByRole('button', { name: c.reload }));
    expect(await screen.findAllByTestId('article-card')).toHaveLength(CARDS.length);
    expect(listPage).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the localized fallback when the failure has no message', async () => {
    renderApp(`/${c.language}/articles`, { fake: fakeApi({ listPage: () => Promise.reject({}) }) });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(c.fallback);
    expect(within(alert).getByRole('button', { name: c.reload })).toBeInTheDocument();
  });
});

describe('article list search in the URL', () => {
  it('applies ?q= from the address to the search box and the list', async () => {
    renderApp('/en/articles?q=bank');
    await screen.findAllByTestId('article-card');
    expect(screen.getByRole('searchbox')).toHaveValue('bank');
    expect(cardTitles()).toEqual([CARDS[2]!.title]);
  });

  it('writes the typed search term into ?q= (replacing the history entry)', async () => {
    const { user, memory } = renderApp('/en/articles');
    await screen.findAllByTestId('article-card');
    await user.type(screen.getByRole('searchbox'), 'clinic');
    expect(cardTitles()).toEqual([CARDS[1]!.title]);
    await waitFor(() => expect(memory.history.at(-1)).toBe('/en/articles?q=clinic'));
    expect(memory.history).toHaveLength(1);
    await user.clear(screen.getByRole('searchbox'));
    await waitFor(() => expect(memory.history.at(-1)).toBe('/en/articles'));
    expect(cardTitles()).toHaveLength(CARDS.length);
  });

  it('follows a q changed by navigation (back/forward or a shared link)', async () => {
    const { memory } = renderApp('/en/articles?q=bank');
    await screen.findAllByTestId('article-card');
    memory.navigate('/en/articles?q=soccer');
    await waitFor(() => expect(screen.getByRole('searchbox')).toHaveValue('soccer'));
    await waitFor(() => expect(cardTitles()).toEqual([CARDS[3]!.title]));
  });
});

describe('article list addresses and language', () => {
  it('redirects /articles to /zh/articles, replacing the entry, keeping the query', async () => {
    const { memory } = renderApp('/articles?q=bank');
    expect(await screen.findByRole('heading', { level: 1, name: '全部文章' })).toBeInTheDocument();
    expect(memory.history).toEqual(['/zh/articles?q=bank']);
    expect(screen.getByRole('searchbox')).toHaveValue('bank');
  });

  it('refetches in the new language when the language changes, keeping the search', async () => {
    const { user, listPage, memory } = renderApp('/zh/articles?q=bank');
    await screen.findAllByTestId('article-card');
    await user.click(screen.getByLabelText(/切换语言/, { selector: 'summary' }));
    await user.click(screen.getByRole('link', { name: /Español/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Todos los artículos' })).toBeInTheDocument();
    expect(memory.history.at(-1)).toBe('/es/articles?q=bank');
    await waitFor(() => expect(listPage).toHaveBeenCalledTimes(2));
    expect(listPage.mock.calls.map((call) => [call[0].language, call[0].search])).toEqual([
      ['zh', 'bank'],
      ['es', 'bank'],
    ]);
    expect(screen.getByRole('searchbox')).toHaveValue('bank');
    expect(listPage.mock.calls[0]?.[1]?.aborted).toBe(false);
  });

  it('accepts a trailing slash', async () => {
    renderApp('/es/articles/');
    expect(await screen.findAllByTestId('article-card')).toHaveLength(CARDS.length);
    expect(screen.getByRole('heading', { level: 1, name: 'Todos los artículos' })).toBeInTheDocument();
  });

  it('shows a not-found page, not a blank one, for an unknown path under a language', async () => {
    renderApp('/es/nothing/here');
    // The not-found page is a chunk of its own.
    expect(await screen.findByRole('heading', { level: 1, name: 'Página no encontrada' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir a la página de inicio' })).toHaveAttribute('href', '/es');
  });
});
