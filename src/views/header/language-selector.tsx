import { useRef, type KeyboardEvent, type MouseEvent } from 'react';
import { LANGUAGE_OPTIONS, OFFERED_LANGUAGES, isLanguageCode } from '../../../common/languages';
import { withLanguage } from '../../domain/routing';
import { LanguageActorContext } from '../language-context';
import { useTexts } from '../use-texts';

/**
 * A disclosure (<details>) of plain links to this page in each language: it opens and the links
 * work before the app has started or without JavaScript (the server renders them with the page's
 * path and query). Once the app runs, a link click loads the language's texts and changes the page
 * in place (the language machine), and Escape closes it; Tab moves between the links, as in any
 * disclosure, and a click on the toggle closes it again. The machine follows the element's own open state (its toggle
 * events), so a click made before the app took over is not lost.
 */
export function LanguageSelector() {
  const texts = useTexts();
  const actor = LanguageActorContext.useActorRef();
  const language = LanguageActorContext.useSelector((snapshot) => snapshot.context.language);
  const path = LanguageActorContext.useSelector((snapshot) => snapshot.context.path);
  const search = LanguageActorContext.useSelector((snapshot) => snapshot.context.search);
  const detailsRef = useRef<HTMLDetailsElement>(null);

  const currentName = isLanguageCode(language) ? LANGUAGE_OPTIONS[language].name : language.toUpperCase();

  // The machine follows the element's toggle events; a disclosure opened before the app started is
  // caught up with when one of its links is chosen.
  const follow = () => {
    if (detailsRef.current!.open !== actor.getSnapshot().matches('selectorOpen')) actor.send({ type: 'SELECTOR_TOGGLED' });
  };

  if (OFFERED_LANGUAGES.length < 2) return null;

  const choose = (event: MouseEvent<HTMLAnchorElement>, code: string) => {
    // A new tab or window is the browser's own business.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button) return;
    event.preventDefault();
    // The list is open when its link is clicked, whatever the machine has heard so far.
    follow();
    actor.send({ type: 'LANGUAGE_SELECTED', language: code });
    const details = detailsRef.current!;
    details.open = false;
    (details.firstElementChild as HTMLElement).focus();
  };

  // Escape closes the list, focus back on its toggle; Tab moves between the links (a disclosure, not a listbox).
  const onKeyDown = (event: KeyboardEvent<HTMLDetailsElement>) => {
    if (event.key === 'Escape' && event.currentTarget.open) {
      event.currentTarget.open = false;
      (event.currentTarget.firstElementChild as HTMLElement).focus();
    }
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
