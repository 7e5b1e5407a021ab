/**
 * A small key-value store. The browser implementation never throws: localStorage can be
 * missing, disabled by privacy settings, full, or throw on mere access (sandboxed frames,
 * some private modes), and none of that may break a page.
 */
export interface KeyValueStorage {
  get(key: string): string | null;
  /** Returns false when the value could not be stored. */
  set(key: string, value: string): boolean;
  remove(key: string): void;
}

export function browserLocalStorage(getStorage: () => Storage | undefined = defaultLocalStorage): KeyValueStorage {
  return {
    get(key) {
      try {
        return getStorage()?.getItem(key) ?? null;
      } catch {
        return null;
      }
    },
    set(key, value) {
      try {
        const storage = getStorage();
        if (!storage) return false;
        storage.setItem(key, value);
        return true;
      } catch {
        return false;
      }
    },
    remove(key) {
      try {
        getStorage()?.removeItem(key);
      } catch {
        // Nothing to do: the value simply stays or never existed.
      }
    },
  };
}

function defaultLocalStorage(): Storage | undefined {
  return typeof window === 'undefined' ? undefined : window.localStorage;
}

/** Keeps values for the life of the page; used where no persistent storage exists, and in tests. */
export function memoryStorage(initial: Readonly<Record<string, string>> = {}): KeyValueStorage {
  const values = new Map(Object.entries(initial));
  return {
    get: (key) => values.get(key) ?? null,
    set: (key, value) => {
      values.set(key, value);
      return true;
    },
    remove: (key) => {
      values.delete(key);
    },
  };
}
