import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import bodyStyles from '../../styles/article-body.css?inline';
import type { TextLanguage } from '../../../common/languages';
import { articleHelpTextsFor } from '../../domain/article-help-texts';
import { readingHelpTextsFor } from '../../domain/word-lookup-texts';
import { sentenceAround } from './word-sentence';
import { IsolatedHtml } from './isolated-html';
import { MarkingSwitch } from '../learner/marking-switch';
import { ReadAloudPlayer } from './read-aloud-player';
import { SaveProblem } from './save-problem';
import { useReadAloudBody } from './use-read-aloud-body';
import { useVocabularySave } from './use-vocabulary-save';
import { WordEntry } from './word-entry';
import { useEntryActions } from './entry-actions';
import { WordLookupActorContext } from './word-lookup-context';
import { ArticleDetailActorContext } from './article-detail-context';
import { useBodyMarks } from '../learner/use-body-marks';
import { useEntryClose } from './use-entry-close';

/**
 * Words the server marked in the body: every word (`nr-w`) and the article's vocabulary in any
 * of its forms (`nr-vocab-word`, focusable buttons). The word as written is looked up; the
 * server finds its dictionary form.
 */
export const BODY_WORD_SELECTOR = '.nr-w, .nr-vocab-word';
const LOOKUP_FIELD_CLASS = 'word-lookup-form';

function isWordOrField(target: EventTarget): boolean {
  return target instanceof Element && (target.matches(BODY_WORD_SELECTOR) || target.classList.contains(LOOKUP_FIELD_CLASS));
}

function focusedElement(): HTMLElement | null {
  let active = document.activeElement;
  // Focus inside the article body sits in its shadow root; the document only sees the host.
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : null;
}

function LookupField({ language, onLookUp }: { language: TextLanguage; onLookUp: (text: string, field: HTMLElement) => void }) {
  const texts = articleHelpTextsFor(language);
  const inputRef = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // From now on the form answers itself; a word sent before the app was there (the page's entry held it,
  // src/platform/early-taps.ts, and left it in the field) is looked up now.
  useEffect(() => {
    const form = formRef.current;
    const input = inputRef.current;
    if (form === null) return;
    form.setAttribute('data-interactive', '');
    if (!form.hasAttribute('data-pending-submit')) return;
    form.removeAttribute('data-pending-submit');
    if (input !== null && input.value.trim() !== '') onLookUp(input.value, input);
  }, [onLookUp]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = inputRef.current;
    if (input !== null && input.value.trim() !== '') onLookUp(input.value, input);
  };
  return (
    <form ref={formRef} className={LOOKUP_FIELD_CLASS} role="search" aria-label={texts.fieldLabel} onSubmit={submit}>
      <p className="word-lookup-hint">{texts.tapHint}</p>
      <div className="word-lookup-row">
        <label className="visually-hidden" htmlFor="word-lookup-input">
          {texts.fieldLabel}
        </label>
        <input
          ref={inputRef}
          id="word-lookup-input"
          className="word-lookup-input"
          type="search"
          lang="en"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={64}
          placeholder={texts.fieldPlaceholder}
        />
        <button type="submit" className="button button-primary">
          {texts.submit}
        </button>
      </div>
    </form>
  );
}

/**
 * The article body with look-up: a click or tap on any word, Enter or Space on a vocabulary
 * word, or the look-up field opens the word's entry; closing it puts focus back where it was.
 */
export function ArticleReader({ html, language }: { html: string | null; language: TextLanguage }) {
  const actor = WordLookupActorContext.useActorRef();
  const texts = readingHelpTextsFor(language);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { rememberOpener, close } = useEntryClose();

  const select = useCallback(
    (text: string, trigger: HTMLElement, place: { phrase?: string; sentence?: string; category?: string } = {}) => {
      // Replacing an open entry keeps the place focus first came from.
      rememberOpener(focusedElement() ?? trigger);
      setAnchor(trigger);
      actor.send({
        type: 'WORD_SELECTED',
        text,
        ...(place.phrase ? { phrase: place.phrase } : {}),
        ...(place.sentence ? { sentence: place.sentence } : {}),
        ...(place.category ? { category: place.category } : {}),
      });
    },
    [actor, rememberOpener],
  );

  // The server marks the words of a phrase (gave up, turned … down) with it: its entry comes first;
  // the sentence and the article's category let the server show the sense the word has there.
  const category = ArticleDetailActorContext.useSelector((snapshot) => snapshot.context.article?.categories[0] ?? null);
  const onBodyWord = useCallback(
    (element: HTMLElement) => {
      const root = element.getRootNode();
      const sentence = root instanceof ShadowRoot ? sentenceAround(root, element) : '';
      select(element.textContent ?? '', element, {
        ...(element.dataset.phrase ? { phrase: element.dataset.phrase } : {}),
        ...(sentence ? { sentence } : {}),
        ...(sentence && category ? { category } : {}),
      });
    },
    [select, category],
  );

  const isOwnTrigger = useCallback((path: readonly EventTarget[]) => path.some(isWordOrField), []);
  const entryActions = useEntryActions(language, anchor);
  // While the player reads, a click on a sentence reads from there; otherwise it passes to the look-up.
  const readAloud = useReadAloudBody();
  const vocabularySave = useVocabularySave(language);
  const articleId = ArticleDetailActorContext.useSelector((snapshot) => snapshot.context.article?.id ?? null);
  const marks = useBodyMarks(articleId);
  const onRendered = useCallback(
    (container: HTMLElement) => {
      vocabularySave.onRendered(container);
      readAloud.onRendered(container);
      marks(container);
    },
    [vocabularySave, readAloud, marks],
  );

  return (
    <>
      <LookupField language={language} onLookUp={select} />
      {html !== null ? <ReadAloudPlayer language={language} switches={<MarkingSwitch language={language} />} /> : null}
      <SaveProblem textLanguage={language} />
      {html !== null ? (
        <IsolatedHtml
          html={html}
          css={bodyStyles}
          lang="en"
          className="article-body-host"
          activations={[vocabularySave.activation, readAloud.activation, { selector: BODY_WORD_SELECTOR, onActivate: onBodyWord }]}
          onRendered={onRendered}
        />
      ) : null}
      <WordEntry texts={texts} textLanguage={language} anchor={anchor} onClose={close} isOwnTrigger={isOwnTrigger} actions={entryActions} />
    </>
  );
}
