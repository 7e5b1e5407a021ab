/**
 * The two analytics services, behind one interface. Both are driven through the globals
 * their scripts read (window.dataLayer/gtag for Google, window._hmt for Baidu); we set
 * those up from our bundle and then add the vendor script, so no inline script is needed.
 */
import type { AnalyticsEventName, AnalyticsEventParams } from '../domain/analytics-events';
import type { ScriptLoader } from './script-loader';

export interface AnalyticsProvider {
  readonly name: 'google-analytics-4' | 'baidu-tongji';
  /** Sets the provider up and loads its script; rejects when the script cannot be loaded. Calling it again after optOut resumes tracking. */
  load(): Promise<void>;
  pageView(path: string): void;
  event(name: AnalyticsEventName, params: AnalyticsEventParams): void;
  /** Stops all further tracking by this provider for the rest of the visit. */
  optOut(): void;
}

/** The part of window the providers write to; a plain object in tests. */
export interface AnalyticsGlobals {
  dataLayer?: unknown[];
  gtag?: (...args: unknown[]) => void;
  _hmt?: unknown[];
  location?: { readonly origin: string };
  [key: string]: unknown;
}

function browserGlobals(): AnalyticsGlobals {
  return window as unknown as AnalyticsGlobals;
}

/** Consent Mode v2: nothing may be stored until the learner agrees. */
export const GOOGLE_CONSENT_DEFAULTS = {
  ad_storage: 'denied',
  analytics_storage: 'denied',
  ad_user_data: 'denied',
  ad_personalization: 'denied',
} as const;

export interface Ga4Options {
  readonly measurementId: string;
  readonly scriptUrl: string;
  readonly scriptLoader: ScriptLoader;
  readonly globals?: AnalyticsGlobals;
}

export function createGa4Provider(options: Ga4Options): AnalyticsProvider {
  const globals = options.globals ?? browserGlobals();
  const id = options.measurementId;
  const disableFlag = `ga-disable-${id}`;
  let consentDefaultsSet = false;

  function gtag(...args: unknown[]): void {
    globals.gtag?.(...args);
  }

  function installGtag(): void {
    const dataLayer = (globals.dataLayer ??= []);
    if (!globals.gtag) {
      // gtag.js only understands Arguments objects in the data layer, not arrays.
      globals.gtag = function gtagShim() {
        // eslint-disable-next-line prefer-rest-params -- gtag.js reads Arguments objects only (see above); a rest array is ignored
        dataLayer.push(arguments);
      };
    }
  }

  return {
    name: 'google-analytics-4',
    async load() {
      installGtag();
      if (!consentDefaultsSet) {
        gtag('consent', 'default', { ...GOOGLE_CONSENT_DEFAULTS });
        consentDefaultsSet = true;
      }
      // Only analytics was agreed to; advertising stays denied.
      gtag('consent', 'update', { analytics_storage: 'granted' });
      globals[disableFlag] = false;
      gtag('js', new Date());
      // Page views are sent by us on every route change, so the automatic one is off.
      gtag('config', id, { send_page_view: false });
      await options.scriptLoader.load(`${options.scriptUrl}?id=${encodeURIComponent(id)}`);
    },
    pageView(path) {
      if (globals[disableFlag] === true) return;
      const origin = globals.location?.origin ?? '';
      gtag('event', 'page_view', { page_path: path, page_location: `${origin}${path}` });
    },
    event(name, params) {
      if (globals[disableFlag] === true) return;
      const { category, ...rest } = params;
      gtag('event', name, { event_category: category, ...rest });
    },
    optOut() {
      gtag('consent', 'update', { analytics_storage: 'denied' });
      globals[disableFlag] = true;
    },
  };
}

export interface BaiduOptions {
  readonly siteId: string;
  readonly scriptUrl: string;
  readonly scriptLoader: ScriptLoader;
  readonly globals?: AnalyticsGlobals;
}

export function createBaiduProvider(options: BaiduOptions): AnalyticsProvider {
  const globals = options.globals ?? browserGlobals();
  // Baidu Tongji has no opt-out switch of its own; after opt-out we simply stop pushing.
  let enabled = false;

  function push(command: unknown[]): void {
    if (!enabled) return;
    (globals._hmt ??= []).push(command);
  }

  return {
    name: 'baidu-tongji',
    async load() {
      globals._hmt ??= [];
      enabled = true;
      // Route changes are reported by us; hm.js would otherwise count only the first page.
      push(['_setAutoPageview', false]);
      await options.scriptLoader.load(`${options.scriptUrl}?${encodeURIComponent(options.siteId)}`);
    },
    pageView(path) {
      push(['_trackPageview', path]);
    },
    event(name, params) {
      const { category, value, ...fields } = params;
      const label = Object.entries(fields)
        .map(([key, field]) => `${key}=${String(field)}`)
        .join(';');
      push(['_trackEvent', category, name, label, value]);
    },
    optOut() {
      enabled = false;
    },
  };
}
