import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { savedWordsTextsFor } from '../../domain/saved-words-texts';
import { reviewPath } from '../../domain/routing';
import { dueCount, lastDeleted, shownWords } from '../../machines/saved-words-selectors';
import { usePageLanguage, useTextLanguage } from '../use-texts';
import { SavedWordItem } from './saved-word-item';
import { SavedWordsActorContext } from './saved-words-context';
import { StoreProblems } from './store-problems';
import { WordsTransfer } from './words-transfer';

export interface WordsPageProps {
  /** How many words the browser had saved when it last read the store: shown until the store answers. */
  readonly savedHint?: number | null;
}

/**
 * The learner's saved words: newest first, a search that filters them (kept in the machine, never
 * in the address, so no page view carries a word), Delete with Undo, export and import. The header
 * and the help are the page's structure, shown by the server at once (issue 33); the count line
 * keeps its place from the first paint on, so nothing below it moves when the store answers.
 */
export function WordsPage({ savedHint = null }: WordsPageProps) {
  const textLanguage = useTextLanguage();
  const language = usePageLanguage();
  const texts = savedWordsTextsFor(textLanguage);
  const actor = SavedWordsActorContext.useActorRef();
  const status = SavedWordsActorContext.useSelector((snapshot) =>
    snapshot.matches('loading') ? 'loading' : snapshot.matches('failed') ? 'failed' : 'ready',
  );
  const words = SavedWordsActorContext.useSelector((snapshot) => snapshot.context.words);
  const query = SavedWordsActorContext.useSelector((snapshot) => snapshot.context.query);
  const deletedWord = SavedWordsActorContext.useSelector((snapshot) => lastDeleted(snapshot.context));
  const shown = SavedWordsActorContext.useSelector((snapshot) => shownWords(snapshot.context));
  // The machine's clock, so a test's fixed now holds for the whole page.
  const now = SavedWordsActorContext.useSelector((snapshot) => snapshot.context.now)();
  const due = SavedWordsActorContext.useSelector((snapshot) => dueCount(snapshot.context, now));
  const undoRef = useRef<HTMLButtonElement>(null);
  const listTitleRef = useRef<HTMLHeadingElement>(null);
  const deletedId = deletedWord?.id ?? null;
  const undone = useRef(false);

  // A deleted word's button is gone: focus moves to Undo, and after Undo back to the list.
  useEffect(() => {
    if (deletedId !== null) undoRef.current?.focus();
    else if (undone.current) {
      undone.current = false;
      listTitleRef.current?.focus();
    }
  }, [deletedId]);

  return (
    <div className="page words-page">
      <header className="page-header">
        <h1>{texts.title}</h1>
        <p className="page-subtitle">{texts.intro}</p>
        <p className="words-privacy">{texts.privacy}</p>
        <p className="words-help">{texts.emptyHelp}</p>
      </header>

      <StoreProblems texts={texts} />

      {status === 'loading' ? (
        <div className="words-summary">
          <p className="result-count" role="status">
            {savedHint === null ? texts.loading : texts.count(savedHint)}
          </p>
        </div>
      ) : null}

      {status === 'ready' ? (
        <>
          <div className="words-summary">
            <p className="result-count">{query.trim() === '' ? texts.count(words.length) : texts.matching(shown.length, words.length)}</p>
            {due > 0 ? (
              <Link href={reviewPath(language)} className="button button-primary">
                {texts.review(due)}
              </Link>
            ) : null}
          </div>

          <div role="status" className="words-undo">
            {deletedWord !== null ? (
              <p>
                {texts.deleted(deletedWord.word)}{' '}
                <button
                  ref={undoRef}
                  type="button"
                  className="button"
                  onClick={() => {
                    undone.current = true;
                    actor.send({ type: 'UNDO' });
                  }}
                >
                  {texts.undo}
                </button>
              </p>
            ) : null}
          </div>

          {words.length === 0 ? (
            <div className="empty-state">
              <h2>{texts.emptyTitle}</h2>
            </div>
          ) : (
            <section className="words-list" aria-labelledby="words-list-title">
              <h2 id="words-list-title" ref={listTitleRef} tabIndex={-1} className="visually-hidden">
                {texts.count(shown.length)}
              </h2>
              <div className="words-search" role="search">
                <label htmlFor="words-search-input">{texts.searchLabel}</label>
                <input
                  id="words-search-input"
                  type="search"
                  autoComplete="off"
                  value={query}
                  placeholder={texts.searchPlaceholder}
                  onChange={(event) => actor.send({ type: 'SEARCH', query: event.currentTarget.value })}
                />
              </div>
              {shown.length === 0 ? <p className="words-no-match">{texts.noMatch(query)}</p> : null}
              <ul className="saved-words">
                {shown.map((word) => (
                  <SavedWordItem
                    key={word.id}
                    word={word}
                    texts={texts}
                    textLanguage={textLanguage}
                    language={language}
                    now={now}
                    onDelete={(id) => actor.send({ type: 'DELETE', id })}
                  />
                ))}
              </ul>
            </section>
          )}

          <WordsTransfer texts={texts} hasWords={words.length > 0} />
        </>
      ) : null}
    </div>
  );
}
