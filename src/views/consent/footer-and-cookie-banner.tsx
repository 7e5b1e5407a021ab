/** After <main> on every page: the footer with "Cookie settings", then the cookie banner's slot. */
import { useContext } from 'react';
import { useTextLanguage, useTexts } from '../use-texts';
import { Footer } from '../footer';
import { CookieConsentContext, useCookieConsentState } from './consent-context';
import { CookieBannerSlot } from './cookie-banner-slot';

export function FooterAndCookieBanner() {
  const { openSettings } = useContext(CookieConsentContext);
  const { actor, Banner } = useCookieConsentState();
  const texts = useTexts();
  const language = useTextLanguage();
  return (
    <>
      <Footer texts={texts.footer} onOpenCookieSettings={openSettings} />
      <CookieBannerSlot>{actor !== null && Banner !== null ? <Banner consent={actor} language={language} /> : null}</CookieBannerSlot>
    </>
  );
}
