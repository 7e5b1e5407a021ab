/**
 * Build-time configuration. `buildEnv()` is the only place that reads import.meta.env; everything
 * else gets these values passed in. The site origin is read here; the analytics settings by
 * common/analytics-config.ts (the server reads them too), which loads with the analytics chunk
 * only. Variable (optional):
 *
 *   VITE_SITE_ORIGIN         Origin for canonical and Open Graph URLs, e.g. https://learn.example.
 *                            Default: the origin the page was loaded from.
 */
import { configText, type ConfigEnv } from '../../common/config-env';

export function buildEnv(): ConfigEnv {
  return import.meta.env as ConfigEnv;
}

/** No trailing slash. */
export function readSiteOrigin(env: ConfigEnv, runtimeOrigin: string): string {
  return (configText(env, 'VITE_SITE_ORIGIN') || runtimeOrigin).replace(/\/+$/, '');
}

export function browserSiteOrigin(): string {
  return readSiteOrigin(buildEnv(), typeof window === 'undefined' ? '' : window.location.origin);
}
