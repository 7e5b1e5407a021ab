/** Saved words for the tests of the store, the machine, the page and export/import. */
import { newCard, type SavedWord } from '../../src/domain/saved-words';

export function savedWord(overrides: Partial<SavedWord> & { lemma: string }): SavedWord {
  const savedAt = overrides.savedAt ?? '2026-03-01T10:00:00.000Z';
  return {
    id: overrides.lemma.toLowerCase(),
    word: overrides.lemma,
    gloss: '港口',
    glossLanguage: 'zh',
    ipa: 'ˈhɑːbə',
    definition: 'a sheltered port',
    sentence: `Ships left the ${overrides.word ?? overrides.lemma} early.`,
    articleId: 'city-bikes',
    articleTitle: 'City bikes return',
    card: newCard(new Date(savedAt)),
    ...overrides,
    savedAt,
  };
}
