/**
 * The two passes over every stored article that ContentPasses (content-passes.ts) runs in batches after
 * the server listens: dictionary reading help, and rendered pages of the current renderer.
 */
import type { ArticleInput, ArticleRenderer } from '../store/types';
import { rehashed } from '../store/content-hash';
import { READING_HELP_PASS } from './reading-help-pass';
import type { RenderThread } from './render-thread';
import { RENDER_PASS } from './stored-pages';
import { withReadingHelp, type GlossDictionary } from './vocabulary-help';
import type { BatchedPass, PassesStore } from './content-passes';

/** Glosses from the dictionary for articles stored before it (reading-help-pass.ts), rewriting only what changes. */
export function readingHelpPass(store: PassesStore, dictionary: GlossDictionary & { readonly version: string }): BatchedPass {
  return {
    name: READING_HELP_PASS,
    version: dictionary.version,
    next: async (limit, after) => store.idsAfter(limit, after),
    apply: async (ids) => {
      let changed = 0;
      for (const id of ids) {
        const article = await store.byId(id);
        if (article === undefined) continue;
        const helped = rehashed(withReadingHelp(article, dictionary));
        if (helped.contentHash === rehashed(article).contentHash) continue;
        await store.upsert(helped);
        changed += 1;
      }
      return changed;
    },
  };
}

type Rendered = ReadonlyMap<string, { readonly contentHash: string; readonly pages: ReturnType<ArticleRenderer> }>;

/**
 * Pages of this renderer for every article that has none (stored by another renderer, dictionary or tool). With a
 * render thread the pages are rendered there first and the batch only writes them; a page rendered for content
 * that changed meanwhile is not used (the write renders that one inline).
 */
export function renderedPagesPass(
  store: PassesStore,
  renderer: ArticleRenderer,
  thread?: RenderThread,
  onThreadUnusable?: (reason: string) => void,
): BatchedPass {
  let told = false;
  const unusable = (reason: string) => {
    if (!told) onThreadUnusable?.(reason);
    told = true;
    return undefined;
  };
  return {
    name: RENDER_PASS,
    version: renderer.version ?? 'unversioned',
    next: async (limit, after) => store.idsWithoutHtml(limit, after),
    ...(thread
      ? {
          prepare: async (ids: readonly string[]): Promise<Rendered | undefined> => {
            // A thread that could not start, or renders another version, is not used: the batch renders inline.
            let version: string | undefined;
            try {
              version = await thread.ready();
            } catch (error) {
              return unusable(error instanceof Error ? error.message : String(error));
            }
            if (version !== renderer.version)
              return unusable(`it renders version ${version ?? 'none'}, the server ${renderer.version ?? 'none'}`);
            const rendered = new Map<string, { contentHash: string; pages: ReturnType<ArticleRenderer> }>();
            for (const id of ids) {
              const article = await store.byId(id);
              if (article) rendered.set(id, { contentHash: article.contentHash, pages: await thread.render(article) });
            }
            return rendered;
          },
        }
      : {}),
    apply: async (ids, prepared) => {
      const rendered = prepared as Rendered | undefined;
      if (!rendered) return store.renderStored(ids, renderer);
      const ready: ArticleRenderer = Object.assign(
        (article: ArticleInput) => {
          const done = rendered.get(article.id);
          return done && done.contentHash === article.contentHash ? done.pages : renderer(article);
        },
        { version: renderer.version },
      );
      return store.renderStored(ids, ready);
    },
  };
}
