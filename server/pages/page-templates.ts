/**
 * The built pages a page path answers with (decision 59): article pages get article.html, whose app leaves out the
 * home and list routes' code (scripts/build/article-pages-app.ts); every other page gets index.html. Both are read
 * again when their file changes (a rebuild needs no restart).
 */
import { join } from 'node:path';
import { ARTICLE_TEMPLATE, INDEX_TEMPLATE } from '../http/paths';
import { IndexTemplate, type PageRequest } from './html-shell';

export class PageTemplates {
  private readonly index: IndexTemplate;
  private readonly article: IndexTemplate;

  constructor(distDir: string) {
    this.index = new IndexTemplate(join(distDir, INDEX_TEMPLATE));
    this.article = new IndexTemplate(join(distDir, ARTICLE_TEMPLATE));
  }

  /** The page for a page kind; an article page gets index.html from a build without article.html (its app has every route). */
  read(kind: PageRequest['kind']): string | undefined {
    return (kind === 'detail' ? this.article.read() : undefined) ?? this.index.read();
  }

  /** Which versions of the files read() last gave (for caches of pages made from them). */
  stamp(): string {
    return `${this.index.stamp()}|${this.article.stamp()}`;
  }
}
