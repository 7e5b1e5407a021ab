import { Link, useLocation } from 'wouter';
import { aboutHref, homePath, isArticlesPath, listPath, pageAt } from '../../domain/routing';
import { usePageLanguage, useTexts } from '../use-texts';
import { LanguageSelector } from './language-selector';
import { WordsLink, type DueCountSource } from './words-link';

function scrollToAbout(): void {
  // The router changes the path without the browser's own jump to the #about fragment.
  requestAnimationFrame(() => document.getElementById('about')?.scrollIntoView({ block: 'start' }));
}

export function SiteHeader({ dueCount }: { dueCount?: DueCountSource }) {
  const texts = useTexts();
  const language = usePageLanguage();
  const [location] = useLocation();
  const onArticles = isArticlesPath(location);
  const onHome = !onArticles && (location === '/' || location === homePath(language));

  return (
    <header className="site-header">
      <div className="site-header-inner">
        <Link href={homePath(language)} className="logo" aria-label={texts.nav.logoLabel}>
          {/* The mark is drawn by CSS (::before): as text it would be part of the link's visible
              label but not of its accessible name (WCAG 2.5.3, axe label-content-name-mismatch). */}
          <span className="logo-mark" aria-hidden="true" />
          <span className="logo-text">{texts.siteName}</span>
        </Link>
        <LanguageSelector />
        {/* On a phone the links fold behind the menu button, a disclosure that opens without the app;
            a new page closes it (a new element). On a wide screen the button is hidden and the links show. */}
        <nav className="site-nav" aria-label={texts.nav.label}>
          <details className="site-menu" key={location}>
            <summary className="site-menu-toggle" aria-label={texts.nav.label}>
              <span className="site-menu-icon" aria-hidden="true" />
            </summary>
          </details>
          <ul>
            <li>
              <Link href={homePath(language)} className="nav-link" aria-current={onHome ? 'page' : undefined}>
                {texts.nav.home}
              </Link>
            </li>
            <li>
              <Link href={listPath(language)} className="nav-link" aria-current={onArticles ? 'page' : undefined}>
                {texts.nav.articles}
              </Link>
            </li>
            {dueCount !== undefined ? (
              <li>
                <WordsLink source={dueCount} path={location} current={pageAt(location).kind === 'words'} />
              </li>
            ) : null}
            <li>
              <Link href={aboutHref(language)} className="nav-link" onClick={scrollToAbout}>
                {texts.nav.about}
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
