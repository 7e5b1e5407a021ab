/** After <main> on every page: the footer with "Cookie settings", then the cookie banner. */
import { useContext } from 'react';
import { useTextLanguage, useTexts } from '../use-texts';
import { Footer } from '../footer';
import { CookieConsentContext } from './consent-context';
import { CookieBanner } from './cookie-banner';

export function FooterAndCookieBanner() {
  const { actor, openSettings } = useContext(CookieConsentContext);
  const texts = useTexts();
  const language = useTextLanguage();
  return (
    <>
      <Footer texts={texts.footer} onOpenCookieSettings={openSettings} />
      <CookieBanner consent={actor} language={language} />
    </>
  );
}
