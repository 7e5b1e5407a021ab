/**
 * The review page in en, zh and es through the real routes, with an in-memory word store: the
 * texts of every screen, the keys (Space shows the answer, 1–4 grade, nothing else), focus, and
 * axe-core (colour contrast is left to the browser tests: jsdom has no layout).
 */
import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it, vi } from 'vitest';
import type { TextLanguage } from '../../../common/languages';
import { reviewTextsFor } from '../../../src/domain/review-texts';
import type { WordStore } from '../../../src/platform/word-store';
import { controlledWordStore, memoryWordStore } from '../../support/fake-word-store';
import { renderApp } from '../../support/render-app';
import { LATER_CARD, savedWord } from '../../support/review-words';

const stores = vi.hoisted(() => ({ current: null as WordStore | null }));
vi.mock('../../../src/app/word-store-factory', () => ({
  wordStore: () => (stores.current === null ? Promise.reject(new Error('no store in this test')) : Promise.resolve(stores.current)),
}));

async function violations(): Promise<string[]> {
  const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`);
}

const LANGUAGES: TextLanguage[] = ['en', 'zh', 'es'];

describe('review page', () => {
  it.each(LANGUAGES)('%s: a card, its answer, a grade by key and the done screen, in the page language', async (language) => {
    const texts = reviewTextsFor(language);
    const store = memoryWordStore([
      savedWord('harbour', { gloss: language === 'es' ? 'puerto' : '港口', glossLanguage: language === 'es' ? 'es' : 'zh' }),
      savedWord('quay', { card: { ...LATER_CARD, due: '2099-01-01T00:00:00.000Z' } }),
    ]);
    stores.current = store;
    const app = renderApp(`/${language}/review`);

    const reveal = await screen.findByRole('button', { name: texts.reveal });
    await waitFor(() => expect(reveal).toHaveFocus());
    expect(screen.getByRole('heading', { level: 1, name: texts.heading })).toBeInTheDocument();
    expect(screen.getByText(texts.progress(1, 1))).toBeInTheDocument();
    expect(screen.getByText('harbour', { selector: 'mark' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'City bikes are back' })).toHaveAttribute('href', `/${language}/articles/city-bikes`);
    expect(await violations()).toEqual([]);

    // A grade key before the answer is shown does nothing.
    await app.user.keyboard('3');
    expect(screen.getByRole('button', { name: texts.reveal })).toBeInTheDocument();

    await app.user.keyboard(' ');
    const group = await screen.findByRole('group', { name: texts.gradesLabel });
    expect(screen.getByText(language === 'es' ? 'puerto' : '港口')).toBeInTheDocument();
    expect(screen.getByText('/ˈtest/')).toBeInTheDocument();
    expect(screen.getByText('the meaning of harbour')).toBeInTheDocument();
    expect(group).toHaveAccessibleDescription(texts.keysHint);
    const good = screen.getByRole('button', { name: new RegExp(`^${texts.grades.good}`) });
    expect(good).toHaveFocus();
    expect(good).toHaveAttribute('aria-keyshortcuts', '3');
    expect(await violations()).toEqual([]);

    await app.user.keyboard('4');
    const done = await screen.findByRole('heading', { level: 2, name: texts.doneTitle });
    await waitFor(() => expect(done).toHaveFocus());
    expect(screen.getByText(texts.reviewed(1))).toBeInTheDocument();
    expect(screen.getByText(texts.gradeCount(texts.grades.easy, 1))).toBeInTheDocument();
    expect(store.words.find((word) => word.id === 'harbour')!.card.reps).toBe(1);
    expect(within(screen.getByRole('main')).getByRole('link', { name: texts.toWords })).toHaveAttribute('href', `/${language}/words`);
    expect(await violations()).toEqual([]);
  });

  it.each(LANGUAGES)('%s: no saved words yet, with a link to the articles', async (language) => {
    const texts = reviewTextsFor(language);
    stores.current = memoryWordStore([]);
    renderApp(`/${language}/review`);
    expect(await screen.findByRole('heading', { level: 2, name: texts.noWordsTitle })).toBeInTheDocument();
    expect(screen.getByText(texts.noWordsBody)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: texts.toArticles })).toHaveAttribute('href', `/${language}/articles`);
    expect(await violations()).toEqual([]);
  });

  it('es: says the store problem in the page language, and Try again loads again', async () => {
    const texts = reviewTextsFor('es');
    const { WordStoreError } = await import('../../../src/platform/word-store');
    let attempts = 0;
    const store = memoryWordStore([savedWord('harbour')]);
    stores.current = {
      ...store,
      load: () => (++attempts === 1 ? Promise.reject(new WordStoreError('newerVersion', 'VersionError')) : store.load()),
    };
    const app = renderApp('/es/review');
    expect(await screen.findByRole('alert')).toHaveTextContent(texts.problems.newerVersion);
    expect(await violations()).toEqual([]);
    await app.user.click(screen.getByRole('button', { name: texts.tryAgain }));
    expect(await screen.findByRole('button', { name: texts.reveal })).toBeInTheDocument();
    expect(attempts).toBe(2);
  });

  it('en: a session that cannot reach the store chunk says so rather than breaking the page', async () => {
    stores.current = null;
    renderApp('/en/review');
    expect(await screen.findByRole('alert')).toHaveTextContent(reviewTextsFor('en').problems.failed);
  });

  it('zh: works in React StrictMode, saving each grade once', async () => {
    const texts = reviewTextsFor('zh');
    const store = memoryWordStore([savedWord('harbour'), savedWord('ferry')]);
    const puts: string[] = [];
    stores.current = {
      ...store,
      updateCard: (id, card, expectedLastReview) => (puts.push(id), store.updateCard(id, card, expectedLastReview)),
    };
    const app = renderApp('/zh/review', { strict: true });
    await waitFor(() => expect(screen.getByRole('button', { name: texts.reveal })).toHaveFocus());
    await app.user.keyboard(' ');
    await app.user.keyboard('3');
    await waitFor(() => expect(screen.getByText(texts.progress(2, 2))).toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: texts.reveal })).toHaveFocus());
    expect(puts).toHaveLength(1);
  });

  it.each(LANGUAGES)(
    '%s: an imported word (no article title) links to its article by a name; the grades wait while one is saved',
    async (language) => {
      const texts = reviewTextsFor(language);
      const store = controlledWordStore();
      stores.current = store;
      const app = renderApp(`/${language}/review`);
      await waitFor(() => expect(store.loads).toHaveLength(1));
      store.loads[0]!.resolve({
        words: [savedWord('within', { articleTitle: '', sentence: 'He is within reach in time.', word: 'in', lemma: 'in' })],
        setAside: 0,
      });

      expect(await screen.findByRole('link', { name: texts.anArticle })).toHaveAttribute('href', `/${language}/articles/city-bikes`);
      // The word itself is marked, not the "in" inside "within".
      expect(screen.getByText('in', { selector: 'mark' }).previousSibling?.textContent).toBe('He is within reach ');
      expect(await violations()).toEqual([]);

      await app.user.keyboard(' ');
      const again = await screen.findByRole('button', { name: new RegExp(`^${texts.grades.again}`) });
      await app.user.click(again);
      await waitFor(() => expect(store.updates).toHaveLength(1));
      for (const grade of ['again', 'hard', 'good', 'easy'] as const) {
        expect(screen.getByRole('button', { name: new RegExp(`^${texts.grades[grade]}`) })).toBeDisabled();
      }
      expect(screen.getByRole('status')).toHaveTextContent(texts.saving);
      await app.user.keyboard('3');
      expect(store.updates).toHaveLength(1);
      store.updates[0]!.answer.resolve('updated');
      expect(await screen.findByRole('button', { name: texts.reveal })).toBeInTheDocument();
    },
  );
});
