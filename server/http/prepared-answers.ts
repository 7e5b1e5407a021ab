/**
 * Serialised API answers (JSON text and its ETag), keyed by the validated query and the store's
 * data version. The version comes from the database (a counter that triggers bump on every
 * article write, from this process or the importer's), so a write anywhere empties the cache on
 * the next request; nothing here has to be told about imports. A repeated list, search or article
 * then costs a map look-up instead of a worker round trip, a query and JSON building.
 */
import { etagOf } from './json-reply';

export interface PreparedAnswer {
  readonly json: string;
  readonly etag: string;
}

export class AnswerCache {
  private readonly entries = new Map<string, PreparedAnswer>();
  /**
   * Keys asked once: an answer is kept only when its key comes a second time. Articles read once
   * (a crawler, a long tail of first views) would otherwise replace popular answers and churn
   * megabytes of strings through the garbage collector (p99 77 ms in the 100,000-article bench).
   */
  private readonly seenOnce = new Set<string>();
  private version: number | undefined;
  private bytes = 0;

  /** Bounded by entries and by characters, so varied queries cannot grow it without limit. */
  constructor(
    private readonly maxEntries = 2000,
    private readonly maxChars = 32 * 1024 * 1024,
  ) {}

  get(key: string, version: number): PreparedAnswer | undefined {
    if (version !== this.version) return undefined;
    const hit = this.entries.get(key);
    if (hit) {
      // Least recently used goes first: re-insert to move it to the end.
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  /**
   * `version` must be read before the answer was: an answer is never filed under a newer version than its data.
   * `serialise` is the route's (its response schema's fast-json-stringify function, through reply.serialize);
   * `etag` one the caller already has for exactly this body (pages rendered ahead), else a hash of it.
   */
  put(key: string, version: number, body: unknown, serialise: (body: unknown) => string = JSON.stringify, etag?: string): PreparedAnswer {
    const json = serialise(body);
    const answer = { json, etag: etag ?? etagOf(json) };
    if (this.maxEntries === 0) return answer;
    if (version !== this.version) {
      if (this.version !== undefined && version < this.version) return answer;
      this.entries.clear();
      this.seenOnce.clear();
      this.bytes = 0;
      this.version = version;
    }
    if (!this.entries.has(key) && !this.seenOnce.delete(key)) {
      if (this.seenOnce.size >= this.maxEntries * 4) this.seenOnce.clear();
      this.seenOnce.add(key);
      return answer;
    }
    const old = this.entries.get(key);
    if (old) this.bytes -= old.json.length;
    this.entries.set(key, answer);
    this.bytes += json.length;
    while (this.entries.size > this.maxEntries || this.bytes > this.maxChars) {
      const [oldestKey, oldest] = this.entries.entries().next().value!;
      this.entries.delete(oldestKey);
      this.bytes -= oldest.json.length;
    }
    return answer;
  }
}
