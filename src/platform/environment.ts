import type { RegionSignals } from '../domain/china-detection';

/** The browser facts the analytics service needs to pick a provider. */
export interface BrowserEnvironment {
  regionSignals(): RegionSignals;
}

export function browserEnvironment(win: Window = window): BrowserEnvironment {
  return {
    regionSignals() {
      let timeZone = '';
      try {
        timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone ?? '';
      } catch {
        // Old engines without Intl time zones: the signal is simply absent.
      }
      const navigator = win.navigator;
      const languages = navigator.languages?.length ? [...navigator.languages] : navigator.language ? [navigator.language] : [];
      return { timeZone, languages, referrer: win.document.referrer ?? '' };
    },
  };
}
