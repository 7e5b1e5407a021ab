import { CONSENT_STORAGE_KEY, parseConsentRecord, serializeConsentRecord, type ConsentRecord } from '../domain/consent-record';
import type { KeyValueStorage } from './storage';

/** Where the learner's cookie choice lives between visits. */
export interface ConsentStore {
  /** The saved choice, or null when there is none or it is unreadable. */
  load(): ConsentRecord | null;
  /** Returns false when the choice could not be saved (it still applies to this visit). */
  save(record: ConsentRecord): boolean;
}

export function createConsentStore(storage: KeyValueStorage, key: string = CONSENT_STORAGE_KEY): ConsentStore {
  return {
    load: () => parseConsentRecord(storage.get(key)),
    save: (record) => storage.set(key, serializeConsentRecord(record)),
  };
}
