/**
 * What browsers and shared caches (a CDN, a reverse proxy) may keep, per kind of answer.
 *
 * Public answers carry `max-age=0`, so a browser asks again every time and gets a 304 when its
 * ETag still matches, and `s-maxage` plus `stale-while-revalidate`, so a CDN in front of several
 * nodes answers most requests itself: fresh for `s-maxage` seconds, then stale for at most
 * `stale-while-revalidate` more while it revalidates in the background. ETags are hashes of the
 * exact body, so an import changes the ETag of every answer whose content it changed; s-maxage is
 * how long a CDN may still show the old one. The web app's own fetches revalidate every time
 * (`cache: 'no-cache'` in src/api/http.ts), so a browser never serves itself a stale list.
 *
 * Anything personal or about this node's state (health, errors) is `no-store`.
 */
export const CACHE_POLICY = {
  /** Latest, search: new articles appear within a minute at the edge. */
  list: 'public, max-age=0, s-maxage=60, stale-while-revalidate=300',
  /** One article: a re-import that changes it shows within five minutes at the edge. */
  article: 'public, max-age=0, s-maxage=300, stale-while-revalidate=3600',
  /** Categories and sources: part of the code, they change with a deploy. */
  catalog: 'public, max-age=0, s-maxage=3600, stale-while-revalidate=86400',
  /** Dictionary entries: bundled data that changes only with a deploy, so browsers keep them a day too. */
  dictionary: 'public, max-age=86400, stale-while-revalidate=604800',
  /**
   * Pages hold lists and articles, so a CDN keeps them as long as a list; but never stale
   * (must-revalidate, no stale-while-revalidate): a page names the hashed scripts of its deploy,
   * and a browser or edge serving the previous deploy's page would load scripts that are gone.
   */
  page: 'public, max-age=0, s-maxage=60, must-revalidate',
  /** Pages about what this browser keeps (saved words, review), health, and every error. */
  private: 'no-store',
  /** Files whose name carries a hash of their content. */
  hashedAsset: 'public, max-age=31536000, immutable',
} as const;
