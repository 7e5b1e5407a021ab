import { useEffect, useId, useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import type { TextLanguage } from '../../../common/languages';
import { partOfSpeechName } from '../../../common/parts-of-speech';
import type { WordSense } from '../../../common/dictionary';
import { entryLayout, levelTagNames, type WordEntry as Entry } from '../../domain/word-lookup';
import type { ReadingHelpTexts } from '../../domain/word-lookup-texts';
import { WordLookupActorContext } from './word-lookup-context';

type EntryStatus = 'closed' | 'lookingUp' | 'shown' | 'noEntry' | 'failed';

/** The gap between the word and the entry, and the least room kept from the window's edge. */
const GAP_PX = 8;
const EDGE_PX = 8;

interface WordEntryProps {
  texts: ReadingHelpTexts;
  textLanguage: TextLanguage;
  /** The word (or the look-up field) the entry belongs to; it is placed beside it. */
  anchor: HTMLElement | null;
  /** Closes the entry; `restoreFocus` is false when the learner already moved on elsewhere. */
  onClose: (restoreFocus: boolean) => void;
  /** Elements whose clicks are not "outside": the words and the look-up field open entries themselves. */
  isOwnTrigger: (path: readonly EventTarget[]) => boolean;
  /**
   * Hear, Save and the word's status, given by the article's reader (entry-actions.tsx). Absent in the early entry (a
   * tap before the article's route has hydrated, src/app/early-lookup.tsx), which loads without their code and
   * actors; the route's entry replaces it, with them, once the route is there.
   */
  actions?: EntryActions;
}

/** What an entry offers beside what it says; each part renders nothing where it does not apply. */
export interface EntryActions {
  /** Beside the heading: hear the word and save its entry. */
  header(entry: Entry): ReactNode;
  /** Save the phrase's entry. */
  phrase(entry: Entry): ReactNode;
  /** The learner's status of a word (known, learning). */
  status(lemma: string): ReactNode;
}

/** Beside the word on wide screens; the stylesheet turns it into a bottom sheet at 600 px and below. */
function placement(anchor: HTMLElement | null, entry: HTMLElement | null): CSSProperties {
  if (anchor === null || entry === null) return {};
  const rect = anchor.getBoundingClientRect();
  const width = entry.offsetWidth;
  const height = entry.offsetHeight;
  const viewportWidth = document.documentElement.clientWidth;
  const fitsBelow = rect.bottom + GAP_PX + height <= window.innerHeight || rect.top - GAP_PX - height < 0;
  const top = (fitsBelow ? rect.bottom + GAP_PX : rect.top - GAP_PX - height) + window.scrollY;
  const left = Math.max(EDGE_PX, Math.min(rect.left, viewportWidth - width - EDGE_PX)) + window.scrollX;
  return { top, left };
}

function SenseView({ sense, texts, textLanguage }: { sense: WordSense; texts: ReadingHelpTexts; textLanguage: TextLanguage }) {
  const levels = levelTagNames(sense.tags, textLanguage);
  return (
    <li className="word-sense">
      <p className="word-sense-pos" lang={textLanguage}>
        {partOfSpeechName(sense.partOfSpeech, textLanguage)}
      </p>
      {textLanguage === 'en' ? null : sense.gloss !== undefined ? (
        <p className={sense.glossOtherSense ? 'word-sense-gloss word-sense-gloss-other' : 'word-sense-gloss'} lang={textLanguage}>
          <span className={sense.glossOtherSense ? undefined : 'visually-hidden'}>
            {sense.glossOtherSense ? texts.glossOtherSense : `${texts.glossLabel}:`}{' '}
          </span>
          {sense.gloss}
        </p>
      ) : (
        <p className="word-sense-no-gloss" lang={textLanguage}>
          {texts.noGloss}
        </p>
      )}
      {sense.definition ? (
        <p className="word-sense-definition" lang="en">
          <span className="visually-hidden" lang={textLanguage}>
            {texts.englishDefinition}:{' '}
          </span>
          {sense.definition}
        </p>
      ) : null}
      {levels.length > 0 ? (
        <ul className="word-sense-levels" aria-label={texts.levels}>
          {levels.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

function EntryBody({ entry, texts, textLanguage }: { entry: Entry; texts: ReadingHelpTexts; textLanguage: TextLanguage }) {
  const layout = entryLayout(entry);
  return (
    <>
      <p className="word-entry-meta">
        {layout.ipa ? (
          <span className="word-entry-ipa">
            <span className="visually-hidden">{texts.pronunciation}: </span>/{layout.ipa}/
          </span>
        ) : null}
        {layout.frequencyRank !== null ? <span className="word-entry-rank">{texts.frequency(layout.frequencyRank)}</span> : null}
      </p>
      {layout.isForm ? <p className="word-entry-form">{texts.formOf(entry.query, entry.lemma)}</p> : null}
      <ul className="word-senses">
        {layout.senses.map((sense, index) => (
          <SenseView key={`${sense.partOfSpeech}-${index}`} sense={sense} texts={texts} textLanguage={textLanguage} />
        ))}
      </ul>
      {layout.alsoHeadwords.map(({ headword, senses }) => (
        <section key={headword} className="word-entry-also">
          <h3>{texts.alsoHeadword(headword)}</h3>
          <ul className="word-senses">
            {senses.map((sense, index) => (
              <SenseView key={`${sense.partOfSpeech}-${index}`} sense={sense} texts={texts} textLanguage={textLanguage} />
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}

/**
 * The entry of the word the learner selected: a non-modal dialog that takes focus when it opens,
 * closes on Escape, on its close button or on a click outside it.
 */
export function WordEntry({ texts, textLanguage, anchor, onClose, isOwnTrigger, actions }: WordEntryProps) {
  const actor = WordLookupActorContext.useActorRef();
  const status = WordLookupActorContext.useSelector((snapshot): EntryStatus => {
    if (snapshot.matches('idle')) return 'closed';
    if (snapshot.matches('shown')) return 'shown';
    if (snapshot.matches('noEntry')) return 'noEntry';
    if (snapshot.matches('failed')) return 'failed';
    return 'lookingUp';
  });
  const selection = WordLookupActorContext.useSelector((snapshot) => snapshot.context.selection ?? '');
  const entry = WordLookupActorContext.useSelector((snapshot) => snapshot.context.entry);
  const word = WordLookupActorContext.useSelector((snapshot) => snapshot.context.word);
  const dialogRef = useRef<HTMLDivElement>(null);
  const headingId = useId();
  const [position, setPosition] = useState<CSSProperties>({});
  // Height of the bottom sheet when the entry is one (narrow screens), else 0.
  const [sheetHeight, setSheetHeight] = useState(0);
  const open = status !== 'closed';

  useLayoutEffect(() => {
    if (!open) return;
    const place = () => {
      const dialog = dialogRef.current;
      setPosition(placement(anchor, dialog));
      setSheetHeight(dialog !== null && getComputedStyle(dialog).position === 'fixed' ? dialog.offsetHeight : 0);
    };
    place();
    window.addEventListener('resize', place);
    return () => window.removeEventListener('resize', place);
  }, [open, anchor, status, selection]);

  // A bottom sheet must not hide the word it explains: scroll the word above it (the spacer
  // below the article makes room even for the last line).
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!open || sheetHeight === 0 || anchor === null || dialog === null) return;
    const sheetTop = dialog.getBoundingClientRect().top;
    const word = anchor.getBoundingClientRect();
    if (word.bottom > sheetTop - GAP_PX) window.scrollBy({ top: word.bottom - sheetTop + 3 * GAP_PX });
    else if (word.top < 0) window.scrollBy({ top: word.top - 3 * GAP_PX });
  }, [open, anchor, selection, sheetHeight]);

  useEffect(() => {
    if (open) dialogRef.current?.focus({ preventScroll: true });
  }, [open, selection]);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose(true);
    };
    const onPointerDown = (event: PointerEvent) => {
      const path = event.composedPath();
      if (dialogRef.current !== null && path.includes(dialogRef.current)) return;
      if (isOwnTrigger(path)) return;
      onClose(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open, onClose, isOwnTrigger]);

  if (!open) return null;
  const title = entry?.lemma ?? selection;
  const shown = status === 'shown' ? entry : null;

  return (
    <>
      <div className="word-entry-spacer" style={{ height: sheetHeight }} aria-hidden="true" />
      <div
        ref={dialogRef}
        className="word-entry"
        role="dialog"
        aria-labelledby={headingId}
        aria-busy={status === 'lookingUp'}
        tabIndex={-1}
        style={position}
        lang={textLanguage}
        data-status={status}
      >
        <div className="word-entry-header">
          <h2 id={headingId} className="word-entry-word" lang="en">
            <span className="visually-hidden" lang={textLanguage}>
              {texts.entryLabel}:{' '}
            </span>
            {title}
          </h2>
          {shown !== null ? actions?.header(shown) : null}
          <button type="button" className="word-entry-close" aria-label={texts.close} onClick={() => onClose(true)}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <div className="word-entry-content" aria-live="polite">
          {status === 'lookingUp' ? <p className="word-entry-status">{texts.lookingUp(selection)}</p> : null}
          {status === 'noEntry' ? <p className="word-entry-status">{texts.noEntry(selection)}</p> : null}
          {status === 'failed' ? (
            <div className="word-entry-failed" role="alert">
              <p className="word-entry-status">{texts.failed(selection)}</p>
              <button type="button" className="button button-primary" onClick={() => actor.send({ type: 'RETRY' })}>
                {texts.tryAgain}
              </button>
            </div>
          ) : null}
          {status === 'shown' && entry?.phrase ? (
            <section className="word-entry-phrase">
              <h3>{texts.phraseHeading(entry.phrase.lemma)}</h3>
              {actions?.phrase(entry.phrase)}
              <EntryBody entry={entry.phrase} texts={texts} textLanguage={textLanguage} />
            </section>
          ) : null}
          {status === 'shown' && entry !== null ? <EntryBody entry={entry} texts={texts} textLanguage={textLanguage} /> : null}
          {shown !== null ? actions?.status(shown.lemma) : null}
          {status === 'noEntry' && word !== null ? actions?.status(word) : null}
        </div>
      </div>
    </>
  );
}
