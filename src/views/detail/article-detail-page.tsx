import { Link } from 'wouter';
import { sourceLabel, type ArticleView } from '../../domain/article';
import { formatLongDate, isoDateTime } from '../../domain/dates';
import type { TextLanguage } from '../../../common/languages';
import { PRACTICE_LINK_TEXTS } from '../../domain/practice-link-texts';
import { detailPath, listPath } from '../../domain/routing';
import type { Texts } from '../../domain/texts';
import { CategoryTags } from '../common/category-tags';
import { LoadingIndicator } from '../common/loading-indicator';
import { usePageLanguage, useTextLanguage, useTexts } from '../use-texts';
import { ArticleDetailActorContext } from './article-detail-context';
import { ArticleReader } from './article-reader';
import { MissingHelpNotice } from './missing-help-notice';
import { ArticleCoverage } from '../learner/article-coverage';
import { KnowTheRest } from '../learner/know-the-rest';

type DetailStatus = 'loading' | 'error' | 'withBody' | 'withoutBody';

function ArticleHeader({ article, texts, textLanguage }: { article: ArticleView; texts: Texts; textLanguage: TextLanguage }) {
  return (
    <header className="article-header">
      <h1 lang="en">{article.title}</h1>
      <p className="article-meta">
        <span className="card-source">{sourceLabel(article.source)}</span>
        <time dateTime={isoDateTime(article.date)}>{formatLongDate(article.date, textLanguage)}</time>
        <span>{texts.detail.readingTime(article.readingTimeMinutes)}</span>
        <span className={`badge badge-${article.difficulty}`}>
          <span className="visually-hidden">{texts.detail.difficultyLabel}: </span>
          {texts.shared.difficulties[article.difficulty]}
        </span>
      </p>
      <CategoryTags categories={article.categories} names={texts.shared.categories} label={texts.card.categoriesLabel} />
    </header>
  );
}

export function ArticleDetailPage() {
  const texts = useTexts();
  const textLanguage = useTextLanguage();
  const language = usePageLanguage();
  const actor = ArticleDetailActorContext.useActorRef();
  const status = ArticleDetailActorContext.useSelector((snapshot): DetailStatus => {
    if (snapshot.matches({ loaded: 'withBody' })) return 'withBody';
    if (snapshot.matches({ loaded: 'withoutBody' })) return 'withoutBody';
    if (snapshot.matches('error')) return 'error';
    return 'loading';
  });
  const article = ArticleDetailActorContext.useSelector((snapshot) => snapshot.context.article);
  const html = ArticleDetailActorContext.useSelector((snapshot) => snapshot.context.html);

  return (
    <div className="page detail">
      <p className="back-link">
        <Link href={listPath(language)}>
          <span aria-hidden="true" className="back-arrow">
            ←
          </span>
          <span className="back-link-text">{texts.detail.back}</span>
        </Link>
      </p>

      {status === 'loading' ? <LoadingIndicator text={texts.detail.loading} /> : null}

      {status === 'error' ? (
        <div className="error-panel" role="alert">
          <h1 className="error-message">{texts.detail.loadError}</h1>
          <button type="button" className="button button-primary" onClick={() => actor.send({ type: 'RETRY' })}>
            {texts.detail.tryAgain}
          </button>
        </div>
      ) : null}

      {status === 'withoutBody' && article !== null ? (
        <article className="article">
          <ArticleHeader article={article} texts={texts} textLanguage={textLanguage} />
          <p className="body-unavailable" lang={textLanguage}>
            {texts.detail.bodyUnavailable}
          </p>
          <ArticleReader html={null} language={textLanguage} />
        </article>
      ) : null}

      {status === 'withBody' && article !== null && html !== null ? (
        <article className="article" aria-label={article.title}>
          {/* The body carries its own heading; this one names the page when it does not. */}
          {/<h1[\s>]/i.test(html) ? null : <h1 className="visually-hidden">{article.title}</h1>}
          <ArticleCoverage articleId={article.id} language={textLanguage} />
          <ArticleReader html={html} language={textLanguage} />
          <KnowTheRest articleId={article.id} language={textLanguage} />
          <p className="practice-link">
            <Link href={`${detailPath(language, article.id)}/practice`}>{PRACTICE_LINK_TEXTS[textLanguage]}</Link>
          </p>
        </article>
      ) : null}

      {(status === 'withBody' || status === 'withoutBody') && article !== null ? (
        <MissingHelpNotice missing={article.missingHelp} language={textLanguage} />
      ) : null}
    </div>
  );
}
