/**
 * HTTP for the importer, polite to the sites it reads: a User-Agent naming the project,
 * at most N requests at a time per host, a time-out on every request (body included),
 * a size limit, and conditional-request headers for feeds.
 */
import { Agent, fetch as undiciFetch } from 'undici';
import { BlockedAddressError, checkLiteralHost, guardedLookup } from './address-guard';

export const DEFAULT_USER_AGENT = 'NewsReaderEnglishBot/0.1 (+https://github.com/newsreader-english)';
export const DEFAULT_TIMEOUT_MS = 15_000;
export const DEFAULT_MAX_BYTES = 2 * 1024 * 1024;
export const DEFAULT_PER_HOST_CONCURRENCY = 2;

export type FetchFailureKind = 'timeout' | 'too-large' | 'http-status' | 'network' | 'aborted' | 'bad-url' | 'blocked-address';

/** Redirects followed per request, each one checked like the first address. */
export const MAX_REDIRECTS = 5;

export class FetchFailure extends Error {
  constructor(
    readonly kind: FetchFailureKind,
    readonly url: string,
    message: string,
  ) {
    super(message);
    this.name = 'FetchFailure';
  }
}

export interface FetcherOptions {
  readonly userAgent?: string;
  readonly timeoutMs?: number;
  readonly maxBytes?: number;
  readonly perHostConcurrency?: number;
  /** Stops every request in flight (SIGINT, SIGTERM). */
  readonly signal?: AbortSignal;
  /** Fetch loopback, private, link-local and multicast addresses too (local test servers only). */
  readonly allowPrivateHosts?: boolean;
}

export interface FetchRequest {
  readonly accept: string;
  readonly etag?: string;
  readonly lastModified?: string;
}

export interface FetchedDocument {
  /** 200 or 304. */
  readonly status: number;
  /** The final URL, after redirects. */
  readonly url: string;
  readonly contentType: string;
  readonly etag?: string;
  readonly lastModified?: string;
  readonly body: Uint8Array;
}

class Semaphore {
  private active = 0;
  private readonly waiting: Array<() => void> = [];
  constructor(private readonly limit: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active += 1;
    try {
      return await task();
    } finally {
      this.active -= 1;
      this.waiting.shift()?.();
    }
  }
}

export class PoliteFetcher {
  readonly userAgent: string;
  readonly timeoutMs: number;
  readonly maxBytes: number;
  private readonly perHostConcurrency: number;
  private readonly hosts = new Map<string, Semaphore>();
  private readonly dispatcher: Agent;

  constructor(private readonly options: FetcherOptions = {}) {
    // The address check runs in the connection's own DNS lookup, so what is checked is what is connected to.
    this.dispatcher = new Agent(options.allowPrivateHosts ? {} : { connect: { lookup: guardedLookup } });
    this.userAgent = options.userAgent ?? DEFAULT_USER_AGENT;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
    this.perHostConcurrency = Math.max(1, options.perHostConcurrency ?? DEFAULT_PER_HOST_CONCURRENCY);
  }

  /** Closes the connections this fetcher opened (keep-alive sockets would otherwise stay open). */
  async close(): Promise<void> {
    await this.dispatcher.close();
  }

  async fetch(url: string, request: FetchRequest): Promise<FetchedDocument> {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new FetchFailure('bad-url', url, `not a valid URL: ${url}`);
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
      throw new FetchFailure('bad-url', url, `only http and https addresses can be fetched: ${url}`);
    }
    let semaphore = this.hosts.get(parsed.host);
    if (!semaphore) {
      semaphore = new Semaphore(this.perHostConcurrency);
      this.hosts.set(parsed.host, semaphore);
    }
    return semaphore.run(() => this.fetchNow(parsed.href, request));
  }

  private async fetchNow(url: string, request: FetchRequest): Promise<FetchedDocument> {
    if (this.options.signal?.aborted) throw new FetchFailure('aborted', url, `stopped before fetching ${url}`);
    const timeout = AbortSignal.timeout(this.timeoutMs);
    const signal = this.options.signal ? AbortSignal.any([timeout, this.options.signal]) : timeout;
    const headers: Record<string, string> = { 'user-agent': this.userAgent, accept: request.accept };
    if (request.etag) headers['if-none-match'] = request.etag;
    if (request.lastModified) headers['if-modified-since'] = request.lastModified;

    const failure = (error: unknown): FetchFailure => {
      if (error instanceof FetchFailure) return error;
      const blocked = error instanceof BlockedAddressError ? error : (error as { cause?: unknown })?.cause;
      if (blocked instanceof BlockedAddressError) return new FetchFailure('blocked-address', url, `refused ${url}: ${blocked.message}`);
      if (timeout.aborted) return new FetchFailure('timeout', url, `timed out after ${this.timeoutMs / 1000} s: ${url}`);
      if (this.options.signal?.aborted) return new FetchFailure('aborted', url, `stopped while fetching ${url}`);
      const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
      return new FetchFailure('network', url, `could not fetch ${url} (${error instanceof Error ? error.message : String(error)}${cause})`);
    };

    try {
      const response = await this.follow(url, headers, signal);
      const base = {
        url: response.url || url,
        contentType: response.headers.get('content-type') ?? '',
        ...(response.headers.get('etag') ? { etag: response.headers.get('etag')! } : {}),
        ...(response.headers.get('last-modified') ? { lastModified: response.headers.get('last-modified')! } : {}),
      };
      if (response.status === 304) {
        await response.body?.cancel();
        return { ...base, status: 304, body: new Uint8Array() };
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new FetchFailure('http-status', url, `HTTP ${response.status} ${response.statusText} from ${url}`);
      }
      const declaredLength = Number(response.headers.get('content-length'));
      if (Number.isFinite(declaredLength) && declaredLength > this.maxBytes) {
        await response.body?.cancel();
        throw this.tooLarge(url);
      }
      const body = await this.readLimited(response, url);
      return { ...base, status: 200, body };
    } catch (error) {
      throw failure(error);
    }
  }

  /** Follows redirects by hand so every hop's address is checked before it is fetched. */
  private async follow(start: string, headers: Record<string, string>, signal: AbortSignal): Promise<Response> {
    let current = start;
    for (let hop = 0; ; hop += 1) {
      const parsed = new URL(current);
      if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
        throw new FetchFailure('bad-url', start, `${start} redirects to ${current}, which is not http(s)`);
      }
      if (!this.options.allowPrivateHosts) checkLiteralHost(parsed.hostname);
      const response = (await undiciFetch(current, {
        headers,
        signal,
        redirect: 'manual',
        dispatcher: this.dispatcher,
      })) as unknown as Response;
      const location = response.headers.get('location');
      if (response.status < 300 || response.status > 399 || response.status === 304 || !location) {
        Object.defineProperty(response, 'url', { value: current });
        return response;
      }
      await response.body?.cancel();
      if (hop >= MAX_REDIRECTS) throw new FetchFailure('network', start, `more than ${MAX_REDIRECTS} redirects from ${start}`);
      current = new URL(location, current).href;
    }
  }

  private tooLarge(url: string): FetchFailure {
    return new FetchFailure('too-large', url, `larger than the ${formatBytes(this.maxBytes)} limit: ${url}`);
  }

  /** Reads the body but stops (and fails) as soon as it passes the size limit. */
  private async readLimited(response: Response, url: string): Promise<Uint8Array> {
    if (!response.body) return new Uint8Array();
    const reader = response.body.getReader();
    const chunks: Uint8Array[] = [];
    let total = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > this.maxBytes) {
        await reader.cancel();
        throw this.tooLarge(url);
      }
      chunks.push(value);
    }
    return Buffer.concat(chunks);
  }
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(bytes % (1024 * 1024) ? 1 : 0)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}
