import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { LANGUAGE_OPTIONS, OFFERED_LANGUAGES, isLanguageCode } from '../../../common/languages';
import { withLanguage } from '../../domain/routing';
import { LanguageActorContext } from '../language-context';
import { useTexts } from '../use-texts';

/**
 * A listbox dropdown: the toggle has aria-expanded/aria-haspopup; when open, focus moves to the
 * current language's option, arrows/Home/End move, Enter/Space choose, Escape closes and focus
 * returns to the toggle; Tab or a click outside closes.
 */
export function LanguageSelector() {
  const texts = useTexts();
  const actor = LanguageActorContext.useActorRef();
  const language = LanguageActorContext.useSelector((snapshot) => snapshot.context.language);
  const open = LanguageActorContext.useSelector((snapshot) => snapshot.matches('selectorOpen'));
  const path = LanguageActorContext.useSelector((snapshot) => snapshot.context.path);
  const search = LanguageActorContext.useSelector((snapshot) => snapshot.context.search);
  const [activeIndex, setActiveIndex] = useState(0);
  const containerRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const optionRefs = useRef<(HTMLLIElement | null)[]>([]);
  const listId = useId();

  const currentName = isLanguageCode(language) ? LANGUAGE_OPTIONS[language].name : language.toUpperCase();

  useEffect(() => {
    if (open) optionRefs.current[activeIndex]?.focus();
  }, [open, activeIndex]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent | MouseEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) actor.send({ type: 'SELECTOR_CLOSED' });
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [open, actor]);

  if (OFFERED_LANGUAGES.length < 2) return null;

  const toggle = () => {
    if (!open) {
      // Open on the current language, so arrows move from where the reader already is.
      const selected = OFFERED_LANGUAGES.indexOf(language as (typeof OFFERED_LANGUAGES)[number]);
      setActiveIndex(selected === -1 ? 0 : selected);
    }
    actor.send({ type: 'SELECTOR_TOGGLED' });
  };

  const close = (returnFocus: boolean) => {
    actor.send({ type: 'SELECTOR_CLOSED' });
    if (returnFocus) toggleRef.current?.focus();
  };

  const choose = (code: string) => {
    actor.send({ type: 'LANGUAGE_SELECTED', language: code });
    toggleRef.current?.focus();
  };

  const onToggleKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!open && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
      event.preventDefault();
      toggle();
    } else if (open && event.key === 'Escape') {
      event.preventDefault();
      close(true);
    }
  };

  const onListKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const last = OFFERED_LANGUAGES.length - 1;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setActiveIndex((index) => (index >= last ? 0 : index + 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        setActiveIndex((index) => (index <= 0 ? last : index - 1));
        break;
      case 'Home':
        event.preventDefault();
        setActiveIndex(0);
        break;
      case 'End':
        event.preventDefault();
        setActiveIndex(last);
        break;
      case 'Enter':
      case ' ': {
        event.preventDefault();
        const code = OFFERED_LANGUAGES[activeIndex];
        if (code !== undefined) choose(code);
        break;
      }
      case 'Escape':
        event.preventDefault();
        close(true);
        break;
      case 'Tab':
        close(false);
        break;
    }
  };

  return (
    <div className="language-selector" ref={containerRef}>
      <button
        ref={toggleRef}
        type="button"
        className="language-toggle"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-label={`${texts.languageSelector.toggleLabel}: ${currentName}`}
        onClick={toggle}
        onKeyDown={onToggleKeyDown}
      >
        <span className="language-toggle-flag" aria-hidden="true">
          {isLanguageCode(language) ? LANGUAGE_OPTIONS[language].flag : '🌐'}
        </span>
        <span>{currentName}</span>
        <span className="language-toggle-caret" aria-hidden="true">
          ▾
        </span>
      </button>
      {open ? (
        <ul id={listId} role="listbox" className="language-list" aria-label={texts.languageSelector.listLabel} onKeyDown={onListKeyDown}>
          {OFFERED_LANGUAGES.map((code, index) => {
            const option = LANGUAGE_OPTIONS[code];
            return (
              <li
                key={code}
                ref={(element) => {
                  optionRefs.current[index] = element;
                }}
                role="option"
                tabIndex={index === activeIndex ? 0 : -1}
                aria-selected={code === language}
                lang={code}
                className="language-option"
                onClick={() => choose(code)}
                onFocus={() => setActiveIndex(index)}
              >
                <span aria-hidden="true">{option.flag}</span> {option.name}
              </li>
            );
          })}
        </ul>
      ) : null}
      {/* Without JavaScript the toggle does nothing: the same choice as plain links to the page in each language. */}
      <noscript>
        <ul className="language-links" aria-label={texts.languageSelector.listLabel}>
          {OFFERED_LANGUAGES.map((code) => (
            <li key={code}>
              <a href={withLanguage(path, code, search)} hrefLang={code} lang={code} aria-current={code === language ? 'page' : undefined}>
                {LANGUAGE_OPTIONS[code].name}
              </a>
            </li>
          ))}
        </ul>
      </noscript>
    </div>
  );
}
