import { Link } from 'wouter';
import { detailPath } from '../../domain/routing';

interface ArticleSourceLinkProps {
  pageLanguage: string;
  articleId: string;
  /** Empty for an imported word: the CSV has no titles. */
  title: string;
  /** The link's name then, in the page language ("the article"), so the link is never nameless. */
  untitled: string;
}

/** The link to the article a saved word was met in, on the words page and the review card. */
export function ArticleSourceLink({ pageLanguage, articleId, title, untitled }: ArticleSourceLinkProps) {
  return (
    <Link href={detailPath(pageLanguage, articleId)} lang={title === '' ? undefined : 'en'}>
      {title === '' ? untitled : title}
    </Link>
  );
}
