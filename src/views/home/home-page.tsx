import { useContext, useEffect, type ReactNode } from 'react';
import { CardFitContext } from '../common/card-fit-context';
import { Link } from 'wouter';
import { listPath } from '../../domain/routing';
import { useArticleList } from '../articles/use-article-list';
import { ArticleCard } from '../common/article-card';
import { LoadingCards } from '../common/loading-cards';
import { usePageLanguage, useTextLanguage, useTexts } from '../use-texts';

/** As many as the home page shows, so the About section below stays where it is. */
const HOME_PLACEHOLDER_CARDS = 4;

/** `levelOffer`: the placement's offer, loaded by the app apart from the first load. */
export function HomePage({ levelOffer }: { levelOffer?: ReactNode }) {
  const texts = useTexts();
  const textLanguage = useTextLanguage();
  const language = usePageLanguage();
  const { status, context } = useArticleList();
  const fit = useContext(CardFitContext);

  useEffect(() => {
    // /{lang}#about opens the page at the About section; the cards arriving above it move it
    // down, so it is scrolled to again once the list has settled.
    if (window.location.hash === '#about') document.getElementById('about')?.scrollIntoView();
  }, [status]);

  return (
    <div className="page home">
      <section className="hero" aria-labelledby="hero-title">
        <h1 id="hero-title">{texts.home.heroTitle}</h1>
        <p className="hero-subtitle">{texts.home.heroSubtitle}</p>
      </section>

      <section className="latest" aria-labelledby="latest-title">
        <h2 id="latest-title">{texts.home.latestTitle}</h2>
        {status === 'loading' ? <LoadingCards text={texts.home.loading} count={HOME_PLACEHOLDER_CARDS} compact /> : null}
        {status === 'error' ? (
          <p className="error-message" role="alert">
            {texts.home.loadError}
          </p>
        ) : null}
        {status === 'empty' ? <p className="empty-message">{texts.home.noArticles}</p> : null}
        {status === 'showing' ? (
          <div className="card-grid card-grid-compact">
            {context.cards.map((card) => (
              <ArticleCard key={card.id} card={card} language={language} textLanguage={textLanguage} texts={texts} headingLevel={3} />
            ))}
          </div>
        ) : null}
        {levelOffer}
        <p className="view-all">
          <Link href={listPath(language)} className="button button-primary">
            {texts.home.viewAll}
          </Link>
        </p>
      </section>

      {fit?.zone}

      <section id="about" className="about" aria-labelledby="about-title" tabIndex={-1}>
        <h2 id="about-title">{texts.home.aboutTitle}</h2>
        {texts.home.aboutParagraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </section>
    </div>
  );
}
