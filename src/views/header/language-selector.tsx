import { useCallback, useEffect, useRef, type KeyboardEvent, type MouseEvent } from 'react';
import { LANGUAGE_OPTIONS, OFFERED_LANGUAGES, isLanguageCode } from '../../../common/languages';
import { withLanguage } from '../../domain/routing';
import { LanguageActorContext } from '../language-context';
import { useTexts } from '../use-texts';

/**
 * A disclosure (<details>) of plain links to this page in each language: it opens and the links
 * work before the app has started or without JavaScript (the server renders them with the page's
 * path and query). Once the app runs, a link click loads the language's texts and changes the page
 * in place (the language machine), Escape and a click outside close it, and the arrow keys move
 * between the links. The machine follows the element's own open state (toggle events, and once at
 * start for a disclosure opened before the app took over), so a click made early is not lost.
 */
export function LanguageSelector() {
  const texts = useTexts();
  const actor = LanguageActorContext.useActorRef();
  const language = LanguageActorContext.useSelector((snapshot) => snapshot.context.language);
  const open = LanguageActorContext.useSelector((snapshot) => snapshot.matches('selectorOpen'));
  const path = LanguageActorContext.useSelector((snapshot) => snapshot.context.path);
  const search = LanguageActorContext.useSelector((snapshot) => snapshot.context.search);
  const detailsRef = useRef<HTMLDetailsElement>(null);
  const wasOpen = useRef(false);

  const currentName = isLanguageCode(language) ? LANGUAGE_OPTIONS[language].name : language.toUpperCase();

  // The machine follows the element: a toggle event, or a disclosure opened before the app started.
  const follow = useCallback(() => {
    if ((detailsRef.current?.open ?? false) !== actor.getSnapshot().matches('selectorOpen')) actor.send({ type: 'SELECTOR_TOGGLED' });
  }, [actor]);
  useEffect(follow, [follow]);

  // The element follows the machine when the machine closes it (a choice, Escape, a click outside).
  useEffect(() => {
    const details = detailsRef.current;
    if (wasOpen.current && !open && details?.open) details.open = false;
    wasOpen.current = open;
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent | globalThis.MouseEvent) => {
      if (!detailsRef.current?.contains(event.target as Node)) actor.send({ type: 'SELECTOR_CLOSED' });
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [open, actor]);

  if (OFFERED_LANGUAGES.length < 2) return null;

  const summary = () => detailsRef.current?.querySelector('summary');
  const links = () => [...(detailsRef.current?.querySelectorAll<HTMLAnchorElement>('.language-list a') ?? [])];

  const choose = (event: MouseEvent<HTMLAnchorElement>, code: string) => {
    // A new tab or window is the browser's own business.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    // The list is open when its link is clicked, whatever the machine has heard so far.
    if (!actor.getSnapshot().matches('selectorOpen')) actor.send({ type: 'SELECTOR_TOGGLED' });
    actor.send({ type: 'LANGUAGE_SELECTED', language: code });
    summary()?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDetailsElement>) => {
    const all = links();
    const at = all.indexOf(document.activeElement as HTMLAnchorElement);
    const move = (index: number) => {
      event.preventDefault();
      all[(index + all.length) % all.length]?.focus();
    };
    if (event.key === 'Escape' && detailsRef.current?.open) {
      event.preventDefault();
      // Closed here, whatever the machine has heard so far; its toggle event tells the machine.
      detailsRef.current.open = false;
      summary()?.focus();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (at === -1) {
        // On the toggle: open on the current language, so the arrows move from where the reader is.
        if (detailsRef.current) detailsRef.current.open = true;
        move(Math.max(0, OFFERED_LANGUAGES.indexOf(language as (typeof OFFERED_LANGUAGES)[number])));
      } else move(at + (event.key === 'ArrowDown' ? 1 : -1));
    } else if (at !== -1 && (event.key === 'Home' || event.key === 'End')) move(event.key === 'Home' ? 0 : -1);
  };

  return (
    <details className="language-selector" ref={detailsRef} onToggle={follow} onKeyDown={onKeyDown}>
      <summary className="language-toggle" aria-label={`${texts.languageSelector.toggleLabel}: ${currentName}`}>
        <span className="language-toggle-flag" aria-hidden="true">
          {isLanguageCode(language) ? LANGUAGE_OPTIONS[language].flag : '🌐'}
        </span>
        <span className="language-toggle-name">{currentName}</span>
        <span className="language-toggle-caret" aria-hidden="true">
          ▾
        </span>
      </summary>
      <ul className="language-list" aria-label={texts.languageSelector.listLabel}>
        {OFFERED_LANGUAGES.map((code) => (
          <li key={code}>
            <a
              className="language-option"
              href={withLanguage(path, code, search)}
              hrefLang={code}
              lang={code}
              aria-current={code === language ? 'page' : undefined}
              onClick={(event) => choose(event, code)}
            >
              <span aria-hidden="true">{LANGUAGE_OPTIONS[code].flag}</span> {LANGUAGE_OPTIONS[code].name}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
