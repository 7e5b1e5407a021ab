/**
 * The built server-rendering module (dist/server/entry-server.js, built by vite.config.ts from
 * src/app/entry-server.tsx), loaded by file URL at run time: the server never imports src/. It is
 * loaded again when the file changes (a rebuild needs no restart, as for index.html). Without it
 * (SKIP_WEB_BUILD on an old build, a failed build) pages are the shell the browser fills, as before
 * server rendering; that is logged once.
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PageData } from '../../common/page-data';
import { SERVER_BUILD_FOLDER } from '../http/paths';

export interface RenderRequest {
  readonly url: string;
  readonly data: PageData;
  readonly origin: string;
}

export type RenderPage = (request: RenderRequest) => Promise<string>;

export interface Log {
  warn(object: unknown, message?: string): void;
  info(object: unknown, message?: string): void;
}

export type ModuleLoader = (url: string) => Promise<{ renderPage?: unknown }>;

export class ServerEntry {
  private loaded: { mtimeMs: number; render: Promise<RenderPage | undefined>; id: string } | undefined;
  private reportedMissing = false;

  readonly path: string;

  constructor(
    distDir: string,
    private readonly log: Log,
    /** How the module is imported; the server tests hand in their own (vitest's runner cannot import files by URL). */
    private readonly load: ModuleLoader = (url) => import(/* @vite-ignore */ url) as Promise<{ renderPage?: unknown }>,
  ) {
    this.path = join(distDir, SERVER_BUILD_FOLDER, 'entry-server.js');
  }

  /** Which build current() last gave (for caches of pages rendered with it). */
  stamp(): string {
    return this.loaded === undefined ? '' : String(this.loaded.mtimeMs);
  }

  /**
   * What the loaded build is, by its content (not its date): the same build on every node and after a restart, so
   * views rendered ahead by one (page-views.ts) are used by all. Empty before current() has loaded one.
   */
  buildId(): string {
    return this.loaded?.id ?? '';
  }

  /** The id of the build on disk now, loaded or not ('' when there is none): what a pass over views is versioned by. */
  fileId(): string {
    try {
      return this.idOf(statSync(this.path).mtimeMs);
    } catch {
      return '';
    }
  }

  private hashed: { mtimeMs: number; id: string } | undefined;

  private idOf(mtimeMs: number): string {
    if (this.hashed?.mtimeMs === mtimeMs) return this.hashed.id;
    let id = '';
    try {
      id = createHash('sha256').update(readFileSync(this.path)).digest('base64url').slice(0, 22);
    } catch {
      // Gone between the stat and the read: the import fails too, and nothing is filed under an empty id.
    }
    this.hashed = { mtimeMs, id };
    return id;
  }

  /** The build now (loaded if it is new or changed): its render function and content id, or undefined. */
  async build(): Promise<{ readonly render: RenderPage; readonly id: string } | undefined> {
    const render = await this.current();
    const id = this.buildId();
    return render === undefined || id === '' ? undefined : { render, id };
  }

  /** The render function, or undefined when there is no usable server build. */
  current(): Promise<RenderPage | undefined> {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(this.path).mtimeMs;
    } catch {
      if (!this.reportedMissing) {
        this.reportedMissing = true;
        this.log.warn({ path: this.path }, 'no server-rendering build: pages are served as the shell the browser fills');
      }
      this.loaded = undefined;
      return Promise.resolve(undefined);
    }
    if (this.loaded?.mtimeMs !== mtimeMs) {
      this.reportedMissing = false;
      // The query makes a rebuilt file a new module (the old one stays in memory, one per rebuild).
      const url = `${pathToFileURL(this.path).href}?v=${mtimeMs}`;
      const render = this.load(url)
        .then((module) => {
          if (typeof module.renderPage !== 'function') throw new Error('it exports no renderPage function');
          this.log.info({ path: this.path }, 'server rendering loaded');
          return module.renderPage as RenderPage;
        })
        .catch((error: unknown) => {
          this.log.warn({ err: error, path: this.path }, 'the server-rendering build could not be loaded: pages are served as the shell');
          return undefined;
        });
      this.loaded = { mtimeMs, render, id: this.idOf(mtimeMs) };
    }
    return this.loaded.render;
  }
}
