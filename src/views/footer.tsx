/**
 * The site footer, on every page. Its "Cookie settings" control reopens the cookie choice,
 * so withdrawing consent is as easy as giving it. It is a button, not a link: it changes
 * no page, it opens the banner.
 */
import type { FooterTexts } from '../domain/consent-texts';

export interface FooterProps {
  /** The page language's footer texts. */
  readonly texts: FooterTexts;
  readonly onOpenCookieSettings: () => void;
  /** Defaults to the current year; fixed in tests. */
  readonly year?: number;
}

export function Footer({ texts, onOpenCookieSettings, year = new Date().getFullYear() }: FooterProps) {
  return (
    <footer className="site-footer" aria-label={texts.footerLabel}>
      <div className="site-footer-inner">
        <p>{texts.tagline}</p>
        <p>
          <button type="button" className="footer-link-button" onClick={onOpenCookieSettings}>
            {texts.cookieSettings}
          </button>
        </p>
        {/* A page rendered on 31 December and hydrated on 1 January keeps the server's year: not an error. */}
        <p suppressHydrationWarning>{texts.copyright(year)}</p>
      </div>
    </footer>
  );
}
