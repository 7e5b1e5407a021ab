/**
 * Article pages rendered once, when written: the renderer the store calls on every write, and the
 * start-up pass that renders what an older server stored without pages (the data migration of v5).
 * Pages depend on the dictionary (vocabulary forms) and on this renderer's code, so the pass
 * records both and renders everything again when either changes.
 */
import type { LanguageCode } from '../../common/languages';
import type { Awaitable } from '../store/article-database';
import type { ArticleInput, ArticleRenderer, RenderLanguage } from '../store/types';
import { RENDER_LANGUAGES } from '../store/types';
import { renderArticleHtml } from './render-article';
import { memoisedForms, type WordForms } from './word-markup';

/** Bump when render-article.ts (or what it calls) changes its output: stored pages are then redone. */
export const RENDERER_VERSION = '2';
export const RENDER_PASS = 'rendered-pages';

/** ja and ko learners read English explanations, so their page is the en one (render-article.ts). */
export function renderLanguageOf(language: LanguageCode): RenderLanguage {
  return language === 'zh' || language === 'es' ? language : 'en';
}

export function articleRenderer(forms?: WordForms): ArticleRenderer {
  const remembered = forms ? memoisedForms(forms) : undefined;
  return (article: ArticleInput) =>
    Object.fromEntries(RENDER_LANGUAGES.map((language) => [language, renderArticleHtml(article, language, remembered)])) as Record<
      RenderLanguage,
      string
    >;
}

/** What the pass needs of a store. */
export interface RenderPassStore {
  idsWithoutHtml(limit: number, after?: string): Awaitable<string[]>;
  renderStored(ids: readonly string[], renderer: ArticleRenderer): Awaitable<number>;
  contentPass(name: string): Awaitable<string | undefined>;
  recordContentPass(name: string, version: string): Awaitable<void>;
  clearRenderedHtml(): Awaitable<void>;
}

export interface RenderPassResult {
  readonly rendered: number;
  /** True when every stored page was dropped first (new dictionary or renderer). */
  readonly redone: boolean;
}

export async function applyRenderPass(
  store: RenderPassStore,
  renderer: ArticleRenderer,
  dataVersion: string,
  onProgress?: (rendered: number) => void,
): Promise<RenderPassResult> {
  const version = `${RENDERER_VERSION}/${dataVersion}`;
  const redone = (await store.contentPass(RENDER_PASS)) !== version;
  if (redone) {
    // Recorded before rendering: a pass stopped part-way continues next start instead of clearing again.
    await store.clearRenderedHtml();
    await store.recordContentPass(RENDER_PASS, version);
  }
  let rendered = 0;
  // Batches of one transaction each: a big database is done in pieces, and a stop part-way
  // loses nothing (the next start continues with the articles still without pages).
  for (let ids = await store.idsWithoutHtml(500); ids.length > 0; ids = await store.idsWithoutHtml(500, ids[ids.length - 1])) {
    rendered += await store.renderStored(ids, renderer);
    onProgress?.(rendered);
  }
  return { rendered, redone };
}
