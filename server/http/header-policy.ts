/**
 * Security headers on every response. The Content-Security-Policy allows scripts only from
 * this origin and from the analytics providers the configuration enables; no inline script.
 */
import type { AnalyticsConfig } from '../../common/analytics-config';

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

export function analyticsOrigins(analytics: AnalyticsConfig): { scripts: string[]; probe: string[] } {
  const gaOn = analytics.googleAnalytics.enabled;
  const baiduOn = analytics.baiduTongji.enabled;
  const scripts = new Set<string>();
  if (gaOn) {
    const origin = originOf(analytics.googleAnalytics.scriptUrl);
    if (origin) scripts.add(origin);
    scripts.add('https://*.google-analytics.com');
    scripts.add('https://*.analytics.google.com');
  }
  if (baiduOn) {
    const origin = originOf(analytics.baiduTongji.scriptUrl);
    if (origin) scripts.add(origin);
    scripts.add('https://hm.baidu.com');
  }
  const probe = gaOn || baiduOn ? [originOf(analytics.chinaProbeUrl)].filter((o): o is string => Boolean(o)) : [];
  return { scripts: [...scripts], probe };
}

export function contentSecurityPolicy(analytics: AnalyticsConfig): string {
  const { scripts, probe } = analyticsOrigins(analytics);
  const list = (...values: string[]) => [...new Set(values)].join(' ');
  return [
    `default-src 'self'`,
    `script-src ${list("'self'", ...scripts)}`,
    // The article body renders inside a shadow root with its own <style>.
    `style-src 'self' 'unsafe-inline'`,
    `img-src ${list("'self'", 'data:', ...scripts)}`,
    `connect-src ${list("'self'", ...scripts, ...probe)}`,
    `font-src 'self'`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
  ].join('; ');
}

export function securityHeaders(analytics: AnalyticsConfig, https: boolean): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(analytics),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), interest-cohort=()',
    ...(https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}
