/**
 * The list page beyond its first 20 cards, through the real routes: "Load more", a failed page
 * with Try again, server search results with marked snippets, the count, and filters in the URL.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ListPageParams } from '../../../src/api/client';
import { card, fakeApi, pageOf } from '../../support/fake-api';
import { renderApp } from '../../support/render-app';

const MANY = Array.from({ length: 25 }, (_, index) => card({ id: `a${index}`, title: `Story number ${index}` }));
const cardCount = () => screen.queryAllByTestId('article-card').length;

describe('list page paging', () => {
  it('shows 20 with the count, and "Load more" appends the next page of the same question until the end', async () => {
    const { user, listPage } = renderApp('/en/articles', { fake: fakeApi({ listPage: async (params) => pageOf(MANY, params) }) });
    await screen.findAllByTestId('article-card');
    expect(cardCount()).toBe(20);
    expect(screen.getByRole('status')).toHaveTextContent('Showing 20 of 25 articles');
    await user.click(screen.getByRole('link', { name: 'Load more' }));
    await waitFor(() => expect(cardCount()).toBe(25));
    expect(listPage.mock.calls[1]?.[0]).toMatchObject({ offset: 20, limit: 20, search: '' });
    expect(screen.getByText('You have reached the end of the list.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Load more' })).toBeNull();
  });

  it('keeps the cards when the next page fails, and Try again loads it', async () => {
    let failures = 1;
    const listPage = async (params: ListPageParams) => {
      if (params.offset > 0 && failures-- > 0) throw new Error('Request failed: 502 Bad Gateway');
      return pageOf(MANY, params);
    };
    const { user } = renderApp('/zh/articles', { fake: fakeApi({ listPage }) });
    await screen.findAllByTestId('article-card');
    await user.click(screen.getByRole('link', { name: '加载更多' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('无法加载更多文章。');
    expect(cardCount()).toBe(20);
    await user.click(within(alert).getByRole('button', { name: '重试' }));
    await waitFor(() => expect(cardCount()).toBe(25));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('caps a very large count as "10,000+"', async () => {
    renderApp('/es/articles', { fake: fakeApi({ listPage: async (params) => ({ ...pageOf(MANY, params), total: 123_456 }) }) });
    await screen.findAllByTestId('article-card');
    expect(screen.getByRole('status')).toHaveTextContent('Mostrando 20 de 10.000+ artículos');
  });

  it('says "1,000+" when the server ranked only the newest 1,000 matches of a very common word', async () => {
    renderApp('/en/articles?q=story', {
      fake: fakeApi({ listPage: async (params) => ({ ...pageOf(MANY, params), total: 1000, totalCapped: true }) }),
    });
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Showing 20 of 1,000+ articles'));
  });
});

describe('list page server search', () => {
  const hit = card({
    id: 'old-story',
    title: 'Ferry Timetable Changes',
    snippet: 'Readers wrote &lt;script&gt;alert(1)&lt;/script&gt; about the <mark>harbour</mark> &amp; the ferry.',
  });

  it('shows the server results with the matched words marked, and markup in the text stays text', async () => {
    const { listPage } = renderApp('/en/articles?q=harbour', {
      fake: fakeApi({ listPage: async (params) => (params.search === 'harbour' ? { cards: [hit], total: 1 } : pageOf(MANY, params)) }),
    });
    const [shown] = await screen.findAllByTestId('article-card');
    expect(listPage.mock.calls[0]?.[0]).toMatchObject({ search: 'harbour', offset: 0 });
    const snippet = shown!.querySelector('.card-snippet')!;
    expect(snippet.querySelector('mark')?.textContent).toBe('harbour');
    expect(snippet.textContent).toBe('Readers wrote <script>alert(1)</script> about the harbour & the ferry.');
    expect(snippet.querySelector('script')).toBeNull();
  });

  it('filters the loaded cards at once while typing, then shows what the server found', async () => {
    const { user } = renderApp('/en/articles', {
      fake: fakeApi({ listPage: async (params) => (params.search === 'harbour' ? { cards: [hit], total: 1 } : pageOf(MANY, params)) }),
    });
    await screen.findAllByTestId('article-card');
    await user.type(screen.getByRole('searchbox'), 'harbour');
    // None of the loaded 20 mentions the word in its title or summary; the server finds an older one.
    expect(screen.getByRole('status')).toHaveTextContent('Searching all articles…');
    await screen.findByText('Ferry Timetable Changes');
    expect(screen.getByRole('status')).toHaveTextContent('Showing 1 of 1 articles');
  });

  it('lands /search?q= on the same results', async () => {
    const { memory, listPage } = renderApp('/search?q=harbour&lang=es', {
      fake: fakeApi({ listPage: async () => ({ cards: [hit], total: 1 }) }),
    });
    await screen.findByText('Ferry Timetable Changes');
    expect(memory.history.at(-1)).toBe('/es/articles?q=harbour');
    expect(listPage.mock.calls[0]?.[0]).toMatchObject({ language: 'es', search: 'harbour' });
  });
});

describe('list filters in the URL', () => {
  it('reads every filter from the address and asks the server with them', async () => {
    const { listPage } = renderApp('/en/articles?q=bank&category=business&source=reuters&difficulty=advanced');
    await screen.findAllByTestId('article-card');
    expect(listPage.mock.calls[0]?.[0]).toMatchObject({ search: 'bank', category: 'business', source: 'reuters', difficulty: 'advanced' });
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue('business');
    expect(screen.getByRole('combobox', { name: 'Source' })).toHaveValue('reuters');
    expect(screen.getByRole('combobox', { name: 'Difficulty' })).toHaveValue('advanced');
  });

  it('adds a history entry for a select choice (Back undoes it) and follows filters changed by navigation', async () => {
    const { user, memory } = renderApp('/en/articles?q=bank');
    await screen.findAllByTestId('article-card');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'health');
    await waitFor(() => expect(memory.history.at(-1)).toBe('/en/articles?q=bank&category=health'));
    expect(memory.history).toEqual(['/en/articles?q=bank', '/en/articles?q=bank&category=health']);
    // As Back would: the address goes back, and the page follows it.
    memory.navigate('/en/articles?q=bank', { replace: true });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue('all'));
    await waitFor(() => expect(screen.queryAllByTestId('article-card')).toHaveLength(1));
  });
});

describe('list requests', () => {
  it('sends none when a filter is changed and changed back before the pause', async () => {
    const { user, listPage } = renderApp('/en/articles');
    await screen.findAllByTestId('article-card');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'health');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'all');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Showing 4 of 4 articles'));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(listPage).toHaveBeenCalledTimes(1);
  });
});
