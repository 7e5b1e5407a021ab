/**
 * The cookie banner's content: a non-modal region at the bottom of the page (it never traps
 * focus or hides the page behind an overlay). It appears inside the polite live region that
 * cookie-banner.tsx keeps on every page, so screen readers announce it without moving the
 * learner's focus; when the learner reopens it from the footer, focus moves into it and returns
 * to the footer afterwards. Loaded when the banner first opens; it stays mounted after that.
 */
import { useSelector } from '@xstate/react';
import { useId, useLayoutEffect, useRef, type KeyboardEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { TextLanguage } from '../../../common/languages';
import { CONSENT_TEXTS } from '../../domain/consent-texts';
import type { ConsentMachine } from '../../machines/consent-machine';

export interface CookieBannerPanelProps {
  readonly consent: ActorRefFrom<ConsentMachine>;
  /** The page's text language: the banner's texts come with this chunk. */
  readonly language: TextLanguage;
}

type BannerView = 'hidden' | 'summary' | 'customizing';

export function CookieBannerPanel({ consent, language }: CookieBannerPanelProps) {
  const texts = CONSENT_TEXTS[language];
  const view = useSelector(consent, (snapshot): BannerView =>
    snapshot.hasTag('customizing') ? 'customizing' : snapshot.hasTag('banner') ? 'summary' : 'hidden',
  );
  const reviewing = useSelector(consent, (snapshot) => snapshot.hasTag('reviewing'));
  const analyticsDraft = useSelector(consent, (snapshot) => snapshot.context.analyticsDraft);

  const ids = useId();
  const titleId = `${ids}-title`;
  const messageId = `${ids}-message`;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const customizeButtonRef = useRef<HTMLButtonElement>(null);
  const returnFocusTo = useRef<HTMLElement | null>(null);
  const previousView = useRef<BannerView>('hidden');

  useLayoutEffect(() => {
    const before = previousView.current;
    previousView.current = view;
    if (before === view) return;
    const doc = document;
    if (before === 'hidden' && reviewing) {
      // Opened on request (footer link): take the learner there, and remember the way back.
      returnFocusTo.current = doc.activeElement instanceof HTMLElement ? doc.activeElement : null;
      headingRef.current?.focus();
    } else if (before === 'summary' && view === 'customizing') {
      headingRef.current?.focus();
    } else if (before === 'customizing' && view === 'summary') {
      customizeButtonRef.current?.focus();
    } else if (view === 'hidden') {
      // The choice was made and the focused button is gone: put focus back where it came
      // from (the footer link) or on the page, never on nothing.
      const target = returnFocusTo.current;
      returnFocusTo.current = null;
      const active = doc.activeElement;
      if (active !== null && active !== doc.body) return;
      if (target?.isConnected) target.focus();
      else doc.getElementById('main')?.focus({ preventScroll: true });
    }
  }, [view, reviewing]);

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key === 'Escape' && reviewing) {
      event.stopPropagation();
      consent.send({ type: 'CLOSE' });
    }
  }

  return view === 'hidden' ? null : (
    <section className={`cookie-banner cookie-banner-${view}`} aria-labelledby={titleId} aria-describedby={messageId} onKeyDown={onKeyDown}>
      {view === 'summary' ? (
        <>
          <h2 id={titleId} ref={headingRef} tabIndex={-1} className="cookie-banner-title">
            {texts.title}
          </h2>
          <p id={messageId} className="cookie-banner-message">
            {texts.message}
          </p>
          <div className="cookie-banner-actions">
            <button type="button" className="button button-primary" onClick={() => consent.send({ type: 'ACCEPT_ALL' })}>
              {texts.acceptAll}
            </button>
            <button type="button" className="button button-primary" onClick={() => consent.send({ type: 'REJECT_ALL' })}>
              {texts.rejectAll}
            </button>
            <button type="button" ref={customizeButtonRef} className="button" onClick={() => consent.send({ type: 'CUSTOMIZE' })}>
              {texts.customize}
            </button>
          </div>
        </>
      ) : (
        <>
          <h2 id={titleId} ref={headingRef} tabIndex={-1} className="cookie-banner-title">
            {texts.customizeTitle}
          </h2>
          <p id={messageId} className="cookie-banner-message">
            {texts.customizeIntro}
          </p>
          <ul className="cookie-options">
            <li className="cookie-option">
              <input type="checkbox" id={`${ids}-essential`} checked disabled readOnly aria-describedby={`${ids}-essential-description`} />
              <label htmlFor={`${ids}-essential`}>{texts.essentialLabel}</label>
              <p id={`${ids}-essential-description`} className="cookie-option-description">
                {texts.essentialDescription}
              </p>
            </li>
            <li className="cookie-option">
              <input
                type="checkbox"
                id={`${ids}-analytics`}
                checked={analyticsDraft}
                onChange={(event) => consent.send({ type: 'SET_ANALYTICS', enabled: event.target.checked })}
                aria-describedby={`${ids}-analytics-description`}
              />
              <label htmlFor={`${ids}-analytics`}>{texts.analyticsLabel}</label>
              <p id={`${ids}-analytics-description`} className="cookie-option-description">
                {texts.analyticsDescription}
              </p>
            </li>
          </ul>
          <div className="cookie-banner-actions">
            <button type="button" className="button button-primary" onClick={() => consent.send({ type: 'SAVE_PREFERENCES' })}>
              {texts.savePreferences}
            </button>
            <button type="button" className="button" onClick={() => consent.send({ type: 'BACK' })}>
              {texts.back}
            </button>
          </div>
        </>
      )}
      {reviewing ? (
        <button type="button" className="cookie-banner-close" aria-label={texts.close} onClick={() => consent.send({ type: 'CLOSE' })}>
          <span aria-hidden="true">×</span>
        </button>
      ) : null}
    </section>
  );
}
