/**
 * Each language's texts are a chunk the app loads when it needs them (src/app/text-chunks.ts). A
 * page in a language whose texts have not arrived is never shown half translated: the page stays
 * as it was until they are there, then changes at once.
 */
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../support/fake-api';
import { pending, renderApp } from '../../support/render-app';
import { controlledTexts } from '../../support/texts';

const quiet = () => fakeApi({ latestArticles: () => pending() });

describe('page texts that load on demand', () => {
  it('keeps the page until the texts of the language that back/forward went to have arrived', async () => {
    const texts = controlledTexts('zh');
    const app = renderApp('/zh/articles', { fake: quiet(), texts: texts.source });
    expect(screen.getByRole('heading', { level: 1, name: '全部文章' })).toBeInTheDocument();

    act(() => app.memory.navigate('/es'));
    expect(screen.getByRole('heading', { level: 1, name: '全部文章' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '文章列表' })).toBeInTheDocument();

    act(() => texts.arrive('es'));
    expect(screen.getByRole('heading', { level: 1, name: 'Aprende inglés con las noticias' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Artículos' })).toBeInTheDocument();
    // Home's head tags load once the page has settled (a second after its load; docs/decisions.md, 28).
    await waitFor(() => expect(document.title).not.toBe(''), { timeout: 3000 });
  });

  it('reloads the page when those texts cannot be loaded, so the server answers for the new address', async () => {
    const texts = controlledTexts('zh');
    const app = renderApp('/zh', { fake: quiet(), texts: texts.source });
    act(() => app.memory.navigate('/es/articles'));
    await act(async () => texts.fail('es'));
    expect(app.reload).toHaveBeenCalledTimes(1);
  });

  it('switches with the selector only once the chosen language has arrived, and stays when it cannot', async () => {
    const texts = controlledTexts('zh');
    const app = renderApp('/zh/articles', { fake: quiet(), texts: texts.source });
    const choose = async () => {
      await app.user.click(screen.getByLabelText(/切换语言/, { selector: 'summary' }));
      await app.user.click(screen.getByRole('link', { name: /Español/ }));
    };

    await choose();
    await act(async () => texts.fail('es'));
    expect(screen.getByRole('heading', { level: 1, name: '全部文章' })).toBeInTheDocument();
    expect(app.memory.history?.at(-1)).toBe('/zh/articles');

    await choose();
    expect(screen.getByRole('heading', { level: 1, name: '全部文章' })).toBeInTheDocument();
    expect(document.querySelector('details.language-selector[open]')).toBeNull();
    await act(async () => texts.arrive('es'));
    expect(screen.getByRole('heading', { level: 1, name: 'Todos los artículos' })).toBeInTheDocument();
    expect(app.memory.history?.at(-1)).toBe('/es/articles');
  });
});
