/**
 * A client of any OpenAI-compatible chat-completions endpoint (Ollama, llama.cpp's server, vLLM,
 * OpenAI): structured output by `response_format: json_schema`, a concurrency limit (p-limit),
 * a per-request time-out, retries with back-off on 429 (Retry-After honoured) and 5xx, and a
 * per-run budget of requests. Every answer is decoded with the caller's io-ts codec; an answer
 * that is not JSON or does not decode is an LlmAnswerError, never returned.
 */
import { isLeft } from 'fp-ts/lib/Either';
import type * as t from 'io-ts';
import pLimit from 'p-limit';

export interface LlmConfig {
  /** e.g. http://127.0.0.1:11434/v1 (Ollama); `chat/completions` is appended. */
  readonly baseUrl: string;
  readonly model: string;
  readonly apiKey?: string;
  /** Requests in flight at once. */
  readonly concurrency: number;
  /** Time-out of one request, body included. */
  readonly timeoutMs: number;
  /** Requests one run may send (retries included); then LlmBudgetExhausted. */
  readonly maxRequests: number;
  /** Attempts per question (the first included) on 429, 5xx or a network failure. */
  readonly attempts?: number;
  /** First back-off; doubled each retry. */
  readonly backoffMs?: number;
}

export const LLM_DEFAULTS = { concurrency: 2, timeoutMs: 120_000, maxRequests: 500, attempts: 3, backoffMs: 1_000 } as const;
/** Longest Retry-After honoured; a server asking for longer is given up on for this question. */
const MAX_RETRY_AFTER_MS = 60_000;

export class LlmConfigError extends Error {}
/** The per-run request budget (LLM_MAX_REQUESTS) is spent. */
export class LlmBudgetExhausted extends Error {}
/** The endpoint failed (HTTP error after retries, time-out, network). */
export class LlmRequestError extends Error {}
/** The endpoint answered, but not with what was asked. */
export class LlmAnswerError extends Error {}

export interface StructuredQuestion<A> {
  readonly system: string;
  readonly user: string;
  /** A name for the JSON schema (letters, digits, _ and -). */
  readonly schemaName: string;
  readonly schema: Readonly<Record<string, unknown>>;
  readonly codec: t.Decoder<unknown, A>;
  readonly maxTokens?: number;
}

function positiveInt(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new LlmConfigError(`${name} must be a whole number of at least 1 (got "${value}")`);
  return n;
}

/** The configuration named by the environment, or undefined when LLM_BASE_URL is not set. */
export function llmConfigFromEnv(env: Readonly<Record<string, string | undefined>> = process.env): LlmConfig | undefined {
  const baseUrl = env['LLM_BASE_URL']?.trim();
  if (!baseUrl) return undefined;
  if (!/^https?:\/\//i.test(baseUrl)) throw new LlmConfigError(`LLM_BASE_URL must be an http(s) address (got "${baseUrl}")`);
  const model = env['LLM_MODEL']?.trim();
  if (!model) throw new LlmConfigError('LLM_BASE_URL is set but LLM_MODEL is not (e.g. LLM_MODEL=qwen2.5:7b-instruct)');
  const apiKey = env['LLM_API_KEY']?.trim();
  return {
    baseUrl,
    model,
    ...(apiKey ? { apiKey } : {}),
    concurrency: positiveInt(env['LLM_CONCURRENCY'], 'LLM_CONCURRENCY', LLM_DEFAULTS.concurrency),
    timeoutMs: positiveInt(env['LLM_TIMEOUT_MS'], 'LLM_TIMEOUT_MS', LLM_DEFAULTS.timeoutMs),
    maxRequests: positiveInt(env['LLM_MAX_REQUESTS'], 'LLM_MAX_REQUESTS', LLM_DEFAULTS.maxRequests),
  };
}

/** Retry-After in seconds or as an HTTP date, in ms; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

function sleep(ms: number): Promise<void> {
  return new Promise((done) => setTimeout(done, ms));
}

export class ChatCompletionsClient {
  private readonly limit: ReturnType<typeof pLimit>;
  private sent = 0;
  private readonly endpoint: URL;

  constructor(readonly config: LlmConfig) {
    this.limit = pLimit(config.concurrency);
    this.endpoint = new URL('chat/completions', config.baseUrl.endsWith('/') ? config.baseUrl : `${config.baseUrl}/`);
  }

  get model(): string {
    return this.config.model;
  }

  /** Requests sent so far in this run. */
  get requestsSent(): number {
    return this.sent;
  }

  get budgetLeft(): number {
    return Math.max(0, this.config.maxRequests - this.sent);
  }

  /** Asks one question; resolves with the decoded answer or rejects with one of the errors above. */
  ask<A>(question: StructuredQuestion<A>): Promise<A> {
    return this.limit(() => this.askNow(question));
  }

  private async askNow<A>(question: StructuredQuestion<A>): Promise<A> {
    const attempts = this.config.attempts ?? LLM_DEFAULTS.attempts;
    const backoff = this.config.backoffMs ?? LLM_DEFAULTS.backoffMs;
    for (let attempt = 1; ; attempt += 1) {
      if (this.sent >= this.config.maxRequests) throw new LlmBudgetExhausted(`LLM_MAX_REQUESTS (${this.config.maxRequests}) reached`);
      this.sent += 1;
      let response: Response;
      try {
        response = await fetch(this.endpoint, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(this.config.apiKey ? { authorization: `Bearer ${this.config.apiKey}` } : {}),
          },
          body: JSON.stringify({
            model: this.config.model,
            temperature: 0.2,
            ...(question.maxTokens ? { max_tokens: question.maxTokens } : {}),
            messages: [
              { role: 'system', content: question.system },
              { role: 'user', content: question.user },
            ],
            response_format: { type: 'json_schema', json_schema: { name: question.schemaName, strict: true, schema: question.schema } },
          }),
          signal: AbortSignal.timeout(this.config.timeoutMs),
        });
      } catch (error) {
        const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
        // A time-out is not retried: the model is too slow for the time-out, and asking again costs as much.
        if (timedOut) throw new LlmRequestError(`no answer within ${this.config.timeoutMs} ms`);
        if (attempt >= attempts) throw new LlmRequestError(`request failed: ${error instanceof Error ? error.message : String(error)}`);
        await sleep(backoff * 2 ** (attempt - 1));
        continue;
      }
      if (response.status === 429 || response.status >= 500) {
        await response.body?.cancel().catch(() => undefined);
        const asked = response.status === 429 ? retryAfterMs(response.headers.get('retry-after')) : undefined;
        if (attempt >= attempts || (asked !== undefined && asked > MAX_RETRY_AFTER_MS)) {
          throw new LlmRequestError(`the endpoint answered HTTP ${response.status} (${attempt} attempt(s))`);
        }
        await sleep(asked ?? backoff * 2 ** (attempt - 1));
        continue;
      }
      let text: string;
      try {
        text = await response.text();
      } catch (error) {
        const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
        throw new LlmRequestError(timedOut ? `no answer within ${this.config.timeoutMs} ms` : 'the answer could not be read');
      }
      if (!response.ok) throw new LlmRequestError(`the endpoint answered HTTP ${response.status}: ${text.slice(0, 200)}`);
      return decodeAnswer(text, question.codec);
    }
  }
}

interface Completion {
  choices?: { message?: { content?: unknown }; finish_reason?: unknown }[];
}

/** The message content of a chat completion, parsed as JSON and decoded; LlmAnswerError otherwise. */
export function decodeAnswer<A>(body: string, codec: t.Decoder<unknown, A>): A {
  let completion: Completion;
  try {
    completion = JSON.parse(body) as Completion;
  } catch {
    throw new LlmAnswerError('the endpoint did not answer JSON');
  }
  const choice = completion.choices?.[0];
  const content = choice?.message?.content;
  if (typeof content !== 'string') throw new LlmAnswerError('the answer has no message content');
  if (choice?.finish_reason === 'length') throw new LlmAnswerError('the answer was cut off (finish_reason "length")');
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    throw new LlmAnswerError('the message content is not valid JSON');
  }
  const decoded = codec.decode(parsed);
  if (isLeft(decoded)) {
    const paths = decoded.left
      .slice(0, 3)
      .map((e) =>
        e.context
          .map((c) => c.key)
          .filter(Boolean)
          .join('.'),
      )
      .join(', ');
    throw new LlmAnswerError(`the answer does not have the asked shape (at: ${paths || 'top level'})`);
  }
  return decoded.right;
}
