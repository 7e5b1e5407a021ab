/**
 * Article pages rendered once, when written: the renderer the store calls on every write, and the
 * pass that renders what an older server stored without pages (the data migration of v5).
 * Pages depend on the dictionary (vocabulary forms) and on this renderer's code, so they are filed
 * under both (pagesVersion) and everything is rendered again, in the background, when either changes.
 */
import type { LanguageCode } from '../../common/languages';
import type { ArticleStore, SettledOrLater } from '../store/article-store';
import type { ArticleInput, ArticleRenderer, RenderLanguage } from '../store/types';
import { RENDER_LANGUAGES } from '../store/types';
import { renderArticleHtml } from './render-article';
import { memoisedForms, type WordForms } from './word-markup';

/** Bump when render-article.ts (or what it calls) changes its output: stored pages are then redone. */
export const RENDERER_VERSION = '3';
export const RENDER_PASS = 'rendered-pages';

/** ja and ko learners read English explanations, so their page is the en one (render-article.ts). */
export function renderLanguageOf(language: LanguageCode): RenderLanguage {
  return language === 'zh' || language === 'es' ? language : 'en';
}

/** What stored pages depend on: this renderer's code and the dictionary's data (store/types.ts, pageKey). */
export function pagesVersion(dictionaryVersion: string): string {
  return `${RENDERER_VERSION}/${dictionaryVersion}`;
}

/** With a dictionary (which has a version), the pages it renders are filed under that version. */
export function articleRenderer(forms?: WordForms & { readonly version?: string }): ArticleRenderer {
  const remembered = forms ? memoisedForms(forms) : undefined;
  const render = (article: ArticleInput) =>
    Object.fromEntries(RENDER_LANGUAGES.map((language) => [language, renderArticleHtml(article, language, remembered)])) as Record<
      RenderLanguage,
      string
    >;
  return forms?.version === undefined ? render : Object.assign(render, { version: pagesVersion(forms.version) });
}

/** What the pass needs of a store. */
export type RenderPassStore = SettledOrLater<Pick<ArticleStore, 'idsWithoutHtml' | 'renderStored' | 'contentPass' | 'recordContentPass'>>;

export interface RenderPassResult {
  readonly rendered: number;
  /** True when the pages were last made by another renderer or dictionary (every one is redone). */
  readonly redone: boolean;
}

/**
 * The whole render pass in one go, for tools and benchmarks; the server runs it in the background in small
 * batches instead (content-passes.ts). Pages of another version are never cleared first: their key no longer
 * fits (store/types.ts, pageKey), so reads render on the fly until this pass has stored the new ones.
 */
export async function applyRenderPass(
  store: RenderPassStore,
  renderer: ArticleRenderer,
  dataVersion: string,
  onProgress?: (rendered: number) => void,
): Promise<RenderPassResult> {
  const version = renderer.version ?? pagesVersion(dataVersion);
  const redone = (await store.contentPass(RENDER_PASS)) !== version;
  let rendered = 0;
  for (let ids = await store.idsWithoutHtml(500); ids.length > 0; ids = await store.idsWithoutHtml(500, ids[ids.length - 1])) {
    rendered += await store.renderStored(ids, renderer);
    onProgress?.(rendered);
  }
  await store.recordContentPass(RENDER_PASS, version);
  return { rendered, redone };
}
