import { useMemo } from 'react';
import type { TextLanguage } from '../../../common/languages';
import type { WordEntry } from '../../domain/word-lookup';
import { WordStatusButtons } from '../learner/word-status-buttons';
import { HearWordButton } from './read-aloud-player';
import { SaveWordButton } from './save-word-button';
import type { EntryActions } from './word-entry';

/**
 * The entry's actions on the article page: hear the word, save it (or its phrase), the learner's status of it. Apart
 * from the entry's view, so the early entry (src/app/early-lookup.tsx) loads without them and their actors.
 */
export function useEntryActions(textLanguage: TextLanguage, anchor: HTMLElement | null): EntryActions {
  return useMemo(
    () => ({
      header: (entry: WordEntry) => (
        <>
          <HearWordButton word={entry.lemma} language={textLanguage} />
          <SaveWordButton entry={entry} anchor={anchor} textLanguage={textLanguage} />
        </>
      ),
      phrase: (entry: WordEntry) => <SaveWordButton entry={entry} anchor={anchor} textLanguage={textLanguage} />,
      status: (lemma: string) => <WordStatusButtons lemma={lemma} language={textLanguage} />,
    }),
    [textLanguage, anchor],
  );
}
