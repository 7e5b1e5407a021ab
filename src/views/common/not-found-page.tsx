import { Link } from 'wouter';
import { homePath } from '../../domain/routing';
import { usePageLanguage, useTexts } from '../use-texts';

/** Shown for a path under a language that matches no page, so no address ever renders blank. */
export function NotFoundPage() {
  const texts = useTexts();
  const language = usePageLanguage();
  return (
    <section className="page narrow not-found">
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
