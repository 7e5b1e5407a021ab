/**
 * Translations of vocabulary words and summaries come from a pluggable provider.
 * With none configured, translations stay empty and the page shows the English definition.
 */
import type { TranslatedLanguage } from '../store/types';

export type TranslationTarget = TranslatedLanguage;

export interface TranslationProvider {
  /** One translation per input text, in order. */
  translate(texts: string[], target: TranslationTarget): Promise<string[]>;
}

export const TRANSLATION_TARGETS: readonly TranslationTarget[] = ['zh', 'es'];

/**
 * A LibreTranslate server (self-hostable; POST /translate with an array of texts).
 * Configured by TRANSLATION_PROVIDER=libretranslate, LIBRETRANSLATE_URL and optional LIBRETRANSLATE_API_KEY.
 */
export class LibreTranslateProvider implements TranslationProvider {
  constructor(
    private readonly baseUrl: string,
    private readonly apiKey?: string,
    private readonly timeoutMs = 30_000,
  ) {}

  async translate(texts: string[], target: TranslationTarget): Promise<string[]> {
    if (texts.length === 0) return [];
    const response = await fetch(new URL('translate', this.baseUrl.endsWith('/') ? this.baseUrl : `${this.baseUrl}/`), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ q: texts, source: 'en', target, format: 'text', ...(this.apiKey ? { api_key: this.apiKey } : {}) }),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    if (!response.ok) throw new Error(`translation server answered HTTP ${response.status}`);
    const body = (await response.json()) as { translatedText?: unknown };
    const translated = body.translatedText;
    if (!Array.isArray(translated) || translated.length !== texts.length || !translated.every((t) => typeof t === 'string')) {
      throw new Error('translation server answered without one translation per text');
    }
    return translated as string[];
  }
}

export class TranslationConfigError extends Error {}

/** The provider named by the environment, or undefined when none is configured. */
export function translationProviderFromEnv(
  env: Readonly<Record<string, string | undefined>> = process.env,
): TranslationProvider | undefined {
  const name = env['TRANSLATION_PROVIDER']?.trim().toLowerCase();
  if (!name || name === 'none') return undefined;
  if (name === 'libretranslate') {
    const url = env['LIBRETRANSLATE_URL']?.trim();
    if (!url || !/^https?:\/\//.test(url))
      throw new TranslationConfigError('TRANSLATION_PROVIDER=libretranslate needs LIBRETRANSLATE_URL (an http(s) address)');
    return new LibreTranslateProvider(url, env['LIBRETRANSLATE_API_KEY']?.trim() || undefined);
  }
  throw new TranslationConfigError(`unknown TRANSLATION_PROVIDER "${name}" (known: none, libretranslate)`);
}
