import { describe, expect, it } from 'vitest';
import { readAnalyticsConfig } from '../../../common/analytics-config';
import type { ConfigEnv } from '../../../common/config-env';
import { readSiteOrigin } from '../../../src/app/build-env';
import { analyticsFromEnv, ConfigError } from '../../../server/config';

/** The whole build-time configuration, as the app reads it in two places. */
function readAppConfig(env: ConfigEnv, runtimeOrigin: string) {
  return { analytics: readAnalyticsConfig(env), siteOrigin: readSiteOrigin(env, runtimeOrigin) };
}

describe('build-time configuration', () => {
  it('with nothing set, no provider is enabled and the defaults apply', () => {
    const config = readAppConfig({}, 'https://runtime.example');
    expect(config.analytics.googleAnalytics).toEqual({
      id: '',
      enabled: false,
      scriptUrl: 'https://www.googletagmanager.com/gtag/js',
    });
    expect(config.analytics.baiduTongji).toEqual({ id: '', enabled: false, scriptUrl: 'https://hm.baidu.com/hm.js' });
    expect(config.analytics.chinaProbeUrl).toBe('https://www.baidu.com/favicon.ico');
    expect(config.siteOrigin).toBe('https://runtime.example');
  });

  it('an id enables its provider unless the flag says "false"', () => {
    const config = readAppConfig(
      {
        VITE_GA_MEASUREMENT_ID: ' G-ABC123 ',
        VITE_BAIDU_SITE_ID: 'f00ba7',
        VITE_BAIDU_ENABLED: 'FALSE',
      },
      '',
    );
    expect(config.analytics.googleAnalytics).toMatchObject({ id: 'G-ABC123', enabled: true });
    expect(config.analytics.baiduTongji).toMatchObject({ id: 'f00ba7', enabled: false });
    expect(readAppConfig({ VITE_GA_ENABLED: 'true' }, '').analytics.googleAnalytics.enabled).toBe(false);
  });

  it('script, probe and origin addresses can point at a local stand-in', () => {
    const config = readAppConfig(
      {
        VITE_GA_MEASUREMENT_ID: 'G-1',
        VITE_GA_SCRIPT_URL: 'http://127.0.0.1:4010/gtag/js',
        VITE_BAIDU_SCRIPT_URL: 'http://127.0.0.1:4010/hm.js',
        VITE_CHINA_PROBE_URL: 'http://127.0.0.1:4010/favicon.ico',
        VITE_SITE_ORIGIN: 'https://learn.example/',
      },
      'http://localhost:5173',
    );
    expect(config.analytics.googleAnalytics.scriptUrl).toBe('http://127.0.0.1:4010/gtag/js');
    expect(config.analytics.baiduTongji.scriptUrl).toBe('http://127.0.0.1:4010/hm.js');
    expect(config.analytics.chinaProbeUrl).toBe('http://127.0.0.1:4010/favicon.ico');
    expect(config.siteOrigin).toBe('https://learn.example');
  });

  it('the server reads the same settings (for its CSP) and refuses an address that is not http(s)', () => {
    const env = { VITE_GA_MEASUREMENT_ID: ' G-ABC123 ', VITE_BAIDU_SITE_ID: 'f00ba7', VITE_BAIDU_ENABLED: 'FALSE' };
    expect(analyticsFromEnv(env)).toEqual(readAnalyticsConfig(env));
    expect(analyticsFromEnv({}).googleAnalytics.enabled).toBe(false);
    expect(() => analyticsFromEnv({ VITE_GA_SCRIPT_URL: 'javascript:alert(1)' })).toThrow(ConfigError);
  });
});
