/**
 * The article page names a saved-words problem once, in one alert, after a Save fails: the
 * word entry's Save here (the vocabulary list's Save sends the same event to the same machine).
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DictionaryApi } from '../../../src/api/dictionary-client';
import { savedWordsTextsFor } from '../../../src/domain/saved-words-texts';
import { WordStoreError } from '../../../src/platform/word-store';
import { LOOKUP_ENTRY, LOOKUP_WORD } from '../../model/models';
import { articleView, fakeApi } from '../../support/fake-api';
import { memoryWordStore } from '../../support/memory-word-store';
import { renderApp } from '../../support/render-app';

const BODY =
  `<div class="nr-article-body"><p><span class="nr-w">Ships</span> <button type="button" class="nr-vocab-word">${LOOKUP_WORD}</button></p></div>` +
  '<dl class="nr-vocabulary"><div class="nr-vocabulary-item"><dt><span class="nr-vocabulary-word">harbour</span></dt>' +
  '<dd class="nr-vocabulary-definition">a sheltered port</dd></div></dl>';

function vocabularyButton(): HTMLElement {
  const button = screen.getByTestId('article-body-host').shadowRoot?.querySelector<HTMLElement>('.nr-vocab-word');
  if (!button) throw new Error('the body has no vocabulary button');
  return button;
}

describe.each(['zh', 'es', 'en'] as const)('%s: a Save that fails on the article page', (language) => {
  const texts = savedWordsTextsFor(language);

  it('shows the problem in one alert after the attempt, and the word stays unsaved', async () => {
    const store = memoryWordStore();
    const full = { ...store, addIfAbsent: () => Promise.reject(new WordStoreError('quotaFull', 'QuotaExceededError')) };
    const dictionary: DictionaryApi = { lookUpWord: async () => LOOKUP_ENTRY };
    const app = renderApp(`/${language}/articles/city-bikes`, {
      fake: fakeApi({ article: async () => articleView({ body: BODY }) }),
      dictionary,
      wordStore: full,
    });
    await waitFor(() => vocabularyButton());
    await app.user.click(vocabularyButton());
    const save = await screen.findByRole('button', { name: texts.saveLabel(LOOKUP_ENTRY.lemma) });
    expect(screen.queryByRole('alert')).toBeNull();
    await app.user.click(save);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(texts.problems.quotaFull);
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    await waitFor(() => expect(screen.getByRole('button', { name: texts.saveLabel(LOOKUP_ENTRY.lemma) })).toBeInTheDocument());
    expect(store.records.size).toBe(0);
  });

  it('names the problem of a Save in the vocabulary list too, and the button says Save again', async () => {
    const store = memoryWordStore();
    const full = { ...store, addIfAbsent: () => Promise.reject(new WordStoreError('quotaFull', 'QuotaExceededError')) };
    const app = renderApp(`/${language}/articles/city-bikes`, {
      fake: fakeApi({ article: async () => articleView({ body: BODY }) }),
      wordStore: full,
    });
    const saveButton = () => screen.getByTestId('article-body-host').shadowRoot?.querySelector<HTMLElement>('.nr-save-word') ?? null;
    await waitFor(() => expect(saveButton()?.getAttribute('aria-label')).toBe(texts.saveLabel('harbour')));
    await app.user.click(saveButton()!);
    expect(await screen.findByRole('alert')).toHaveTextContent(texts.problems.quotaFull);
    await waitFor(() => expect(saveButton()?.getAttribute('aria-label')).toBe(texts.saveLabel('harbour')));
  });

  it('names a store that cannot be used once the learner tries to save, not before', async () => {
    const store = memoryWordStore();
    store.failWith = 'unavailable';
    const dictionary: DictionaryApi = { lookUpWord: async () => LOOKUP_ENTRY };
    const app = renderApp(`/${language}/articles/city-bikes`, {
      fake: fakeApi({ article: async () => articleView({ body: BODY }) }),
      dictionary,
      wordStore: store,
    });
    await waitFor(() => vocabularyButton());
    await app.user.click(vocabularyButton());
    const save = await screen.findByRole('button', { name: texts.saveLabel(LOOKUP_ENTRY.lemma) });
    expect(screen.queryByRole('alert')).toBeNull();
    await app.user.click(save);
    expect(await screen.findByRole('alert')).toHaveTextContent(texts.problems.unavailable);
  });
});
