/**
 * The learner's cookie choice as it is stored locally. Essential cookies cannot be
 * refused (the site does not work without them), so only analytics is a real choice.
 */
export const CONSENT_STORAGE_KEY = 'cookie-consent';

export interface ConsentRecord {
  readonly essential: true;
  readonly analytics: boolean;
}

export function consentRecord(analytics: boolean): ConsentRecord {
  return { essential: true, analytics };
}

/**
 * Reads a stored value. Anything that is not exactly our shape (not JSON, an array,
 * a string "true", essential not true, analytics not a boolean) counts as no choice:
 * asking again is better than guessing what a damaged value meant.
 */
export function parseConsentRecord(stored: string | null | undefined): ConsentRecord | null {
  if (typeof stored !== 'string' || stored.length === 0) return null;
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  if (record.essential !== true || typeof record.analytics !== 'boolean') return null;
  return consentRecord(record.analytics);
}

export function serializeConsentRecord(record: ConsentRecord): string {
  return JSON.stringify({ essential: true, analytics: record.analytics });
}
