import type { PersistStorage, StorageValue } from 'zustand/middleware';

/** localStorage keys of seed §4 (plus the remembered UI language). */
export const STORAGE_KEYS = {
  token: 'token',
  user: 'user',
  version: 'version',
  sidebarOptions: 'sidebarOptions',
  sidebar: 'sidebar',
  language: 'language',
  /** The header selector's last choice ({ user_id, student_id, workspace_id }), restored after a reload. */
  studentSelection: 'studentSelection',
} as const;

/** The running build's version; a different stored `version` means stale session data. */
export const APP_VERSION: string = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : '0.0.0';

/** Keys dropped when the stored version differs from the running build. */
export const STALE_ON_UPGRADE = [
  STORAGE_KEYS.token,
  STORAGE_KEYS.user,
  STORAGE_KEYS.sidebarOptions,
  STORAGE_KEYS.sidebar,
] as const;

// Storage can throw (quota, privacy modes, disabled cookies); the app keeps working in memory.
function store(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readItem(key: string): string | null {
  try {
    return store()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeItem(key: string, value: string): void {
  try {
    store()?.setItem(key, value);
  } catch {
    /* ignore: see store() */
  }
}

export function removeItems(...keys: string[]): void {
  for (const key of keys) {
    try {
      store()?.removeItem(key);
    } catch {
      /* ignore */
    }
  }
}

export function readJson<T>(key: string): T | null {
  const raw = readItem(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown): void {
  writeItem(key, JSON.stringify(value));
}

/**
 * On boot: when the stored `version` differs from this build (or is missing), remove the stale
 * `token`, `user`, `sidebarOptions` and `sidebar` entries, then store the current version.
 * Returns true when something was cleared, so the stores can re-read storage.
 */
export function reconcileStoredVersion(current: string = APP_VERSION): boolean {
  if (readItem(STORAGE_KEYS.version) === current) return false;
  removeItems(...STALE_ON_UPGRADE);
  writeItem(STORAGE_KEYS.version, current);
  return true;
}

/**
 * A zustand `persist` storage that keeps the plain state JSON under the key (no `{state, version}`
 * wrapper), so `sidebarOptions` and `sidebar` hold exactly the objects seed §3 describes.
 */
export function plainJsonStorage<S>(): PersistStorage<S> {
  return {
    getItem: (name): StorageValue<S> | null => {
      const state = readJson<S>(name);
      return state === null ? null : { state, version: 0 };
    },
    setItem: (name, value) => writeJson(name, value.state),
    removeItem: (name) => removeItems(name),
  };
}
