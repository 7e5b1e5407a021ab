/**
 * Loads third-party scripts by adding script elements from our own bundle, so the page
 * needs no inline script (the Content-Security-Policy forbids them).
 */
export interface ScriptLoader {
  /** Resolves when the script has loaded; rejects when it fails (blocked, offline, 404). */
  load(src: string): Promise<void>;
}

export class ScriptLoadError extends Error {
  constructor(readonly src: string) {
    super(`Script could not be loaded: ${src}`);
    this.name = 'ScriptLoadError';
  }
}

export function browserScriptLoader(doc: Document = document): ScriptLoader {
  const pending = new Map<string, Promise<void>>();
  return {
    load(src) {
      const existing = pending.get(src);
      if (existing) return existing;
      const loading = new Promise<void>((resolve, reject) => {
        const script = doc.createElement('script');
        script.async = true;
        script.src = src;
        script.addEventListener('load', () => resolve(), { once: true });
        script.addEventListener(
          'error',
          () => {
            // Forget the failure so a later attempt (e.g. after an ad blocker is turned off) can retry.
            pending.delete(src);
            script.remove();
            reject(new ScriptLoadError(src));
          },
          { once: true },
        );
        doc.head.appendChild(script);
      });
      pending.set(src, loading);
      return loading;
    },
  };
}
