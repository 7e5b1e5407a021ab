import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CARDS, fakeApi } from '../../support/fake-api';
import { pending, renderApp } from '../../support/render-app';

const quiet = () => fakeApi({ latestArticles: () => pending(), article: () => pending() });

describe('header', () => {
  it.each([
    ['zh', ['首页', '文章列表', '我的生词', '关于我们']],
    ['es', ['Inicio', 'Artículos', 'Mis palabras', 'Acerca de']],
    ['en', ['Home', 'Articles', 'My words', 'About']],
    ['ko', ['Home', 'Articles', 'My words', 'About']],
  ] as const)('shows the %s labels and links the logo to the language home', (language, labels) => {
    renderApp(`/${language}/articles`, { fake: quiet() });
    const nav = screen.getByRole('navigation');
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(labels);
    expect(within(nav).getByRole('link', { name: labels[1] })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: labels[0] })).not.toHaveAttribute('aria-current');
    const logo = screen.getAllByRole('link').find((link) => link.classList.contains('logo'));
    expect(logo).toHaveAttribute('href', `/${language}`);
  });

  it('marks Articles active on a detail page and Home on the home page', () => {
    const { unmount } = renderApp('/en/articles/city-bikes', { fake: quiet() });
    expect(screen.getByRole('link', { name: 'Articles' })).toHaveAttribute('aria-current', 'page');
    unmount();
    renderApp('/en', { fake: quiet() });
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Articles' })).not.toHaveAttribute('aria-current');
  });

  it('has a skip link to the main content', () => {
    renderApp('/es', { fake: quiet() });
    const skip = screen.getByRole('link', { name: 'Saltar al contenido' });
    expect(skip).toHaveAttribute('href', '#main');
    expect(document.getElementById('main')?.tagName).toBe('MAIN');
  });
});

/** The selector is a disclosure (<details>): its summary is the toggle, its list plain links. */
const selector = () => document.querySelector<HTMLDetailsElement>('details.language-selector')!;
const toggleNamed = (name: string | RegExp) => screen.getByLabelText(name, { selector: 'summary' });

describe('language selector', () => {
  it('toggles open and closed and offers zh and es only, as links to this page in each', async () => {
    const { user } = renderApp('/zh', { fake: quiet() });
    const toggle = toggleNamed('切换语言: 中文');
    expect(selector().open).toBe(false);
    await user.click(toggle);
    expect(selector().open).toBe(true);
    const list = screen.getByRole('list', { name: '语言' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((o) => [o.textContent?.trim(), o.getAttribute('href')]),
    ).toEqual([
      ['🇨🇳 中文', '/zh'],
      ['🇪🇸 Español', '/es'],
    ]);
    expect(within(list).getByRole('link', { name: /中文/ })).toHaveAttribute('aria-current', 'page');
    await user.click(toggle);
    expect(selector().open).toBe(false);
  });

  it('changes the language by click, navigates to the same page and closes', async () => {
    const { user, memory } = renderApp('/zh/articles/city-bikes', { fake: quiet() });
    await user.click(toggleNamed(/切换语言/));
    await user.click(screen.getByRole('link', { name: /Español/ }));
    expect(memory.history.at(-1)).toBe('/es/articles/city-bikes');
    await waitFor(() => expect(selector().open).toBe(false));
    expect(screen.getByRole('link', { name: 'Artículos' })).toBeInTheDocument();
    expect(toggleNamed('Cambiar idioma: Español')).toHaveFocus();
  });

  it('prepends the language on / and works fully by keyboard', async () => {
    const { user, memory } = renderApp('/', { fake: quiet() });
    // Enter on the toggle is the browser's own (jsdom does not open a <details> by key; keyboard.e2e does).
    await user.click(toggleNamed(/切换语言/));
    expect(selector().open).toBe(true);
    // A disclosure of links: Tab moves from the toggle through them.
    await user.tab();
    expect(screen.getByRole('link', { name: /中文/ })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('link', { name: /Español/ })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(memory.history.at(-1)).toBe('/es');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Aprende inglés con las noticias');
    expect(toggleNamed(/Cambiar idioma/)).toHaveFocus();
  });

  it('closes on Escape and returns focus to the toggle, without changing the language', async () => {
    const { user, memory } = renderApp('/es', { fake: quiet() });
    const toggle = toggleNamed(/Cambiar idioma/);
    await user.click(toggle);
    await user.tab();
    expect(screen.getByRole('link', { name: /中文/ })).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(selector().open).toBe(false));
    expect(toggle).toHaveFocus();
    expect(memory.history).toEqual(['/es']);
  });

  it('follows a disclosure opened before the app started', async () => {
    const { user, memory } = renderApp('/zh', { fake: quiet() });
    // What a click before hydration leaves: the element open, the machine not told.
    selector().open = true;
    await user.click(screen.getByRole('link', { name: /Español/ }));
    expect(memory.history.at(-1)).toBe('/es');
  });
});

describe('browser history (real window.history in jsdom)', () => {
  afterEach(() => {
    window.history.replaceState(null, '', '/');
  });

  it('follows back/forward for the language and restores the search term', async () => {
    const { user } = renderApp('/zh/articles?q=bank', { history: 'browser' });
    await screen.findAllByTestId('article-card');
    expect(screen.getByRole('searchbox')).toHaveValue('bank');

    await user.click(toggleNamed(/切换语言/));
    await user.click(screen.getByRole('link', { name: /Español/ }));
    expect(window.location.pathname + window.location.search).toBe('/es/articles?q=bank');
    expect(await screen.findByRole('heading', { level: 1, name: 'Todos los artículos' })).toBeInTheDocument();

    await user.click(within(screen.getAllByTestId('article-card')[0]!).getByRole('link'));
    expect(window.location.pathname).toBe('/es/articles/bank-rates');

    act(() => window.history.back());
    expect(await screen.findByRole('heading', { level: 1, name: 'Todos los artículos' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox')).toHaveValue('bank');

    act(() => window.history.back());
    expect(await screen.findByRole('heading', { level: 1, name: '全部文章' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '文章列表' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox')).toHaveValue('bank');
    await waitFor(() => expect(screen.getAllByTestId('article-card')).toHaveLength(1));
    expect(screen.getByTestId('article-card')).toHaveTextContent(CARDS[2]!.title);
  });
});
