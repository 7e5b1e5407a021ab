/**
 * Whether the learner is probably in China, which decides the analytics provider
 * (Google Analytics is blocked there; Baidu Tongji is used instead).
 *
 * Rule (product spec, section 4): a timezone name containing Shanghai or Beijing; or a
 * browser language starting with zh plus a successful probe of a Chinese site; or a
 * referrer containing .cn. The probe costs a network request, so it is only needed when
 * the free signals do not already decide.
 */
export interface RegionSignals {
  /** IANA timezone name, e.g. "Asia/Shanghai"; empty when unknown. */
  readonly timeZone: string;
  /** navigator.languages, most preferred first. */
  readonly languages: readonly string[];
  /** document.referrer; empty when none. */
  readonly referrer: string;
}

export type DetectionStep = 'china' | 'probe-needed' | 'not-china';

const CHINA_TIMEZONE = /shanghai|beijing/i;

export function timeZoneSaysChina(timeZone: string): boolean {
  return CHINA_TIMEZONE.test(timeZone);
}

export function prefersChinese(languages: readonly string[]): boolean {
  return languages.some((language) => language.trim().toLowerCase().startsWith('zh'));
}

/** ".cn" anywhere in the referrer, as the spec says (e.g. https://www.baidu.cn/..., https://news.sina.com.cn/). */
export function referrerSaysChina(referrer: string): boolean {
  return referrer.toLowerCase().includes('.cn');
}

/** What the free signals say, before any probe. */
export function detectionStep(signals: RegionSignals): DetectionStep {
  if (timeZoneSaysChina(signals.timeZone) || referrerSaysChina(signals.referrer)) return 'china';
  if (prefersChinese(signals.languages)) return 'probe-needed';
  return 'not-china';
}

/** The whole rule; probeSucceeded is only consulted when the language says zh. */
export function isInChina(signals: RegionSignals, probeSucceeded: boolean): boolean {
  const step = detectionStep(signals);
  return step === 'china' || (step === 'probe-needed' && probeSucceeded);
}
