import { Link } from 'wouter';
import { notFoundHeadTags } from '../../domain/head-tags';
import { homePath } from '../../domain/routing';
import { HeadTagsView } from '../head/head-tags-view';
import { usePageLanguage, useTexts } from '../use-texts';

/** Shown for a path under a language that matches no page, so no address ever renders blank. */
export function NotFoundPage() {
  const texts = useTexts();
  const language = usePageLanguage();
  return (
    <section className="page narrow not-found">
      <HeadTagsView tags={notFoundHeadTags(language, texts.shared)} />
      <h1>{texts.notFound.title}</h1>
      <p>{texts.notFound.body}</p>
      <p>
        <Link href={homePath(language)} className="button">
          {texts.notFound.home}
        </Link>
      </p>
    </section>
  );
}
