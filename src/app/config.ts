/**
 * Build-time configuration. The only place that reads import.meta.env; everything else
 * gets these values passed in. Variables (all optional):
 *
 *   VITE_GA_MEASUREMENT_ID   Google Analytics 4 measurement id (G-...). Unset: Google is off.
 *   VITE_GA_ENABLED          "false" turns Google off even with an id. Default "true".
 *   VITE_GA_SCRIPT_URL       gtag.js address. Default https://www.googletagmanager.com/gtag/js
 *   VITE_BAIDU_SITE_ID       Baidu Tongji site id. Unset: Baidu is off.
 *   VITE_BAIDU_ENABLED       "false" turns Baidu off even with an id. Default "true".
 *   VITE_BAIDU_SCRIPT_URL    hm.js address. Default https://hm.baidu.com/hm.js
 *   VITE_CHINA_PROBE_URL     Probed (HEAD, 2 s) for learners whose browser prefers Chinese.
 *                            Default https://www.baidu.com/favicon.ico
 *   VITE_SITE_ORIGIN         Origin for canonical and Open Graph URLs, e.g. https://learn.example.
 *                            Default: the origin the page was loaded from.
 */
export const DEFAULT_GA_SCRIPT_URL = 'https://www.googletagmanager.com/gtag/js';
export const DEFAULT_BAIDU_SCRIPT_URL = 'https://hm.baidu.com/hm.js';
export const DEFAULT_CHINA_PROBE_URL = 'https://www.baidu.com/favicon.ico';

export interface ProviderConfig {
  /** True when an id is set and the flag is not "false". */
  readonly enabled: boolean;
  readonly id: string;
  readonly scriptUrl: string;
}

export interface AnalyticsConfig {
  readonly googleAnalytics: ProviderConfig;
  readonly baiduTongji: ProviderConfig;
  readonly chinaProbeUrl: string;
}

export interface AppConfig {
  readonly analytics: AnalyticsConfig;
  /** No trailing slash. */
  readonly siteOrigin: string;
}

export type ConfigEnv = Readonly<Record<string, string | boolean | undefined>>;

function text(env: ConfigEnv, name: string): string {
  const value = env[name];
  return typeof value === 'string' ? value.trim() : '';
}

function provider(env: ConfigEnv, idName: string, flagName: string, urlName: string, defaultUrl: string): ProviderConfig {
  const id = text(env, idName);
  const flag = text(env, flagName).toLowerCase();
  return { id, enabled: id !== '' && flag !== 'false', scriptUrl: text(env, urlName) || defaultUrl };
}

export function readAppConfig(env: ConfigEnv, runtimeOrigin: string): AppConfig {
  return {
    analytics: {
      googleAnalytics: provider(env, 'VITE_GA_MEASUREMENT_ID', 'VITE_GA_ENABLED', 'VITE_GA_SCRIPT_URL', DEFAULT_GA_SCRIPT_URL),
      baiduTongji: provider(env, 'VITE_BAIDU_SITE_ID', 'VITE_BAIDU_ENABLED', 'VITE_BAIDU_SCRIPT_URL', DEFAULT_BAIDU_SCRIPT_URL),
      chinaProbeUrl: text(env, 'VITE_CHINA_PROBE_URL') || DEFAULT_CHINA_PROBE_URL,
    },
    siteOrigin: (text(env, 'VITE_SITE_ORIGIN') || runtimeOrigin).replace(/\/+$/, ''),
  };
}

export function browserAppConfig(): AppConfig {
  return readAppConfig(import.meta.env as ConfigEnv, typeof window === 'undefined' ? '' : window.location.origin);
}
