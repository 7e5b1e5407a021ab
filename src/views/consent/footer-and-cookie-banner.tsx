/** After <main> on every page: the footer with "Cookie settings", then the cookie banner. */
import { useTextLanguage, useTexts } from '../use-texts';
import { Footer } from '../footer';
import { ConsentActorContext } from './consent-context';
import { CookieBanner } from './cookie-banner';

export function FooterAndCookieBanner() {
  const consent = ConsentActorContext.useActorRef();
  const texts = useTexts();
  const language = useTextLanguage();
  return (
    <>
      <Footer texts={texts.footer} onOpenCookieSettings={() => consent.send({ type: 'OPEN_SETTINGS' })} />
      <CookieBanner consent={consent} language={language} />
    </>
  );
}
