import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SAVED_WORDS_TEXTS } from '../../../src/domain/saved-words-texts';
import { memoryWordStore } from '../../support/memory-word-store';
import { renderApp } from '../../support/render-app';
import { savedWord } from '../../support/saved-word-fixtures';
import { SAVED_WORDS_SUMMARY_KEY } from '../../../src/platform/saved-words-summary';

const HARBOUR = savedWord({ lemma: 'harbour', word: 'harbours', sentence: 'Two harbours closed.', savedAt: '2026-03-01T10:00:00.000Z' });
const TIDE = savedWord({ lemma: 'tide', gloss: 'marea', glossLanguage: 'es', savedAt: '2026-03-02T10:00:00.000Z' });

// jsdom's File has no text(); the browser's does.
if (typeof Blob.prototype.text !== 'function') {
  Blob.prototype.text = function text(this: Blob) {
    return new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(this);
    });
  };
}

describe('words page', () => {
  it.each(['zh', 'es', 'en'] as const)(
    'lists the saved words newest first in %s, with the word marked in its sentence',
    async (language) => {
      const t = SAVED_WORDS_TEXTS[language];
      renderApp(`/${language}/words`, { wordStore: memoryWordStore([HARBOUR, TIDE]) });
      expect(await screen.findByRole('heading', { level: 1, name: t.title })).toBeInTheDocument();
      expect(screen.getByText(t.privacy)).toBeInTheDocument();
      const items = await screen.findAllByRole('listitem', { name: /harbours|tide/ });
      expect(items.map((item) => within(item).getByRole('heading', { level: 3 }).textContent)).toEqual(['tide', 'harbours']);
      expect(within(items[1]!).getByText('harbours', { selector: 'mark' })).toBeInTheDocument();
      expect(within(items[1]!).getByRole('link', { name: 'City bikes return' })).toHaveAttribute(
        'href',
        `/${language}/articles/city-bikes`,
      );
      expect(screen.getByRole('link', { name: t.review(2) })).toHaveAttribute('href', `/${language}/review`);
    },
  );

  it('filters by the search without touching the address, deletes with Undo', async () => {
    const t = SAVED_WORDS_TEXTS.zh;
    const store = memoryWordStore([HARBOUR, TIDE]);
    const { user, memory } = renderApp('/zh/words', { wordStore: store });
    await screen.findByRole('heading', { level: 3, name: 'tide' });
    await user.type(screen.getByRole('searchbox', { name: t.searchLabel }), '港');
    expect(screen.queryByRole('heading', { level: 3, name: 'tide' })).toBeNull();
    expect(screen.getByRole('heading', { level: 3, name: 'harbours' })).toBeInTheDocument();
    expect(memory.history.at(-1)).toBe('/zh/words');
    // The count says how many of all the words the search shows.
    expect(screen.getByText(t.matching(1, 2))).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: t.delete('harbours') }));
    await waitFor(() => expect(store.records.has('harbour')).toBe(false));
    expect(screen.getByText(t.deleted('harbours'))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: t.undo }));
    await waitFor(() => expect(store.records.get('harbour')).toEqual(HARBOUR));
    expect(await screen.findByRole('heading', { level: 3, name: 'harbours' })).toBeInTheDocument();
  });

  it('finds a word typed with a typographic apostrophe', async () => {
    const t = SAVED_WORDS_TEXTS.en;
    const dont = savedWord({ lemma: "don't", sentence: "We don't know yet.", savedAt: '2026-03-03T10:00:00.000Z' });
    const { user } = renderApp('/en/words', { wordStore: memoryWordStore([HARBOUR, dont]) });
    await screen.findByRole('heading', { level: 3, name: "don't" });
    await user.type(screen.getByRole('searchbox', { name: t.searchLabel }), 'don’t');
    expect(screen.getByRole('heading', { level: 3, name: "don't" })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 3, name: 'harbours' })).toBeNull();
  });

  it('shows the count the browser last read at once, before the store answers, and the help with the heading', async () => {
    const t = SAVED_WORDS_TEXTS.en;
    localStorage.setItem(SAVED_WORDS_SUMMARY_KEY, '7');
    try {
      const slow = { ...memoryWordStore([HARBOUR]), load: () => new Promise<never>(() => {}) };
      renderApp('/en/words', { wordStore: slow });
      expect(await screen.findByText(t.count(7))).toBeInTheDocument();
      expect(screen.getByText(t.emptyHelp)).toBeInTheDocument();
      expect(screen.queryByText(t.loading)).toBeNull();
    } finally {
      localStorage.removeItem(SAVED_WORDS_SUMMARY_KEY);
    }
  });

  it('explains how to save words when there are none, and names a refused import', async () => {
    const t = SAVED_WORDS_TEXTS.es;
    const { user } = renderApp('/es/words', { wordStore: memoryWordStore() });
    expect(await screen.findByRole('heading', { level: 2, name: t.emptyTitle })).toBeInTheDocument();
    expect(screen.getByText(t.emptyHelp)).toBeInTheDocument();
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File(['name,email\nAnn,a@example.com\n'], 'contacts.csv', { type: 'text/csv' }));
    expect(await screen.findByText(/línea 1/)).toHaveTextContent(t.importRefused(1, t.importReasons.header));
  });

  it('zh: refuses a file with a malformed article link, naming its line and the reason in Chinese, and the page keeps working', async () => {
    const t = SAVED_WORDS_TEXTS.zh;
    const store = memoryWordStore([HARBOUR]);
    const { user } = renderApp('/zh/words', { wordStore: store });
    await screen.findByRole('heading', { level: 3, name: 'harbours' });
    const csv =
      'word,lemma,gloss,sentence,article_link,saved_at,due_at\r\nrun,run,跑,,https://x/en/articles/%E0%A4,2026-03-01T10:00:00.000Z,\r\n';
    await user.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, new File([csv], 'words.csv', { type: 'text/csv' }));
    const refusal = await screen.findByText(t.importRefused(2, t.importReasons.link));
    expect(refusal.textContent).not.toMatch(/article_link|address/);
    expect(store.records.size).toBe(1);
    await user.click(screen.getByRole('button', { name: t.delete('harbours') }));
    await waitFor(() => expect(store.records.size).toBe(0));
  });

  it('marks the word only where it stands as a word, names an untitled article, and gives similar words their own headings', async () => {
    const t = SAVED_WORDS_TEXTS.en;
    const IN = savedWord({ lemma: 'in', sentence: 'He is within reach in time.', articleTitle: '' });
    const WELL_BEING = savedWord({ lemma: 'well-being', savedAt: '2026-03-03T10:00:00.000Z' });
    const WELL_BEING_2 = savedWord({ lemma: 'well being', savedAt: '2026-03-04T10:00:00.000Z' });
    renderApp('/en/words', { wordStore: memoryWordStore([IN, WELL_BEING, WELL_BEING_2]) });
    const inItem = await screen.findByRole('listitem', { name: 'in' });
    expect(within(inItem).getByText('in', { selector: 'mark' }).previousSibling?.textContent).toBe('He is within reach ');
    expect(within(inItem).getByRole('link', { name: t.anArticle })).toHaveAttribute('href', '/en/articles/city-bikes');
    expect(screen.getByRole('listitem', { name: 'well-being' })).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'well being' })).toBeInTheDocument();
    const ids = [...document.querySelectorAll('[id]')].map((element) => element.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('names a store written by a newer version and a record set aside, and the header still works', async () => {
    const t = SAVED_WORDS_TEXTS.en;
    const newer = memoryWordStore();
    newer.failWith = 'newerVersion';
    const { unmount } = renderApp('/en/words', { wordStore: newer });
    expect(await screen.findByRole('alert')).toHaveTextContent(t.problems.newerVersion);
    expect(screen.getByRole('link', { name: 'Articles' })).toHaveAttribute('href', '/en/articles');
    unmount();

    const damaged = memoryWordStore([HARBOUR]);
    damaged.setAside = 2;
    renderApp('/en/words', { wordStore: damaged });
    expect(await screen.findByRole('alert')).toHaveTextContent(t.setAside(2));
    expect(screen.getByRole('heading', { level: 3, name: 'harbours' })).toBeInTheDocument();
  });
});
