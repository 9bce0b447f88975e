// zustand's persist middleware stores a whole store as one JSON blob under one key. The spec names
// the stored keys one by one (token, address, connected, shortAddress, ...), and other code (the e2e
// tests, a second tab) reads and writes them individually, so each persisted field gets its own key.
import type { PersistStorage, StorageValue } from 'zustand/middleware';

/** 'string' fields are stored as the raw text (a token is readable as is); 'json' fields as JSON. */
export type FieldCodec = 'string' | 'json';

function safeStorage(kind: 'local' | 'session'): Storage | undefined {
  try {
    return kind === 'local' ? globalThis.localStorage : globalThis.sessionStorage;
  } catch {
    return undefined; // storage can throw when disabled (private mode, sandboxed iframes)
  }
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || v === false;

/**
 * A PersistStorage that maps each field of the persisted state to its own storage key.
 * Empty values (undefined, null, '', false) remove their key, so a cleared store leaves no keys behind.
 */
export function fieldStorage<S extends object>(
  kind: 'local' | 'session',
  fields: { [K in keyof S]: FieldCodec },
): PersistStorage<S> & { keys: string[]; partialize: <T extends S>(state: T) => S } {
  const keys = Object.keys(fields);
  return {
    keys,
    /** The persisted part of a store's state: exactly the declared fields (zustand's `partialize`). */
    partialize: (state) =>
      Object.fromEntries(keys.map((k) => [k, (state as Record<string, unknown>)[k]])) as S,
    getItem(): StorageValue<S> | null {
      const storage = safeStorage(kind);
      if (!storage) return null;
      const state: Record<string, unknown> = {};
      let found = false;
      for (const key of keys) {
        const raw = storage.getItem(key);
        if (raw === null) continue;
        found = true;
        if (fields[key as keyof S] === 'string') {
          state[key] = raw;
        } else {
          try {
            state[key] = JSON.parse(raw);
          } catch {
            state[key] = undefined; // a corrupt value is dropped rather than crashing start-up
          }
        }
      }
      return found ? { state: state as S, version: 0 } : null;
    },
    setItem(_name, value) {
      const storage = safeStorage(kind);
      if (!storage) return;
      for (const key of keys) {
        const v = (value.state as Record<string, unknown>)[key];
        if (isEmpty(v)) storage.removeItem(key);
        else storage.setItem(key, fields[key as keyof S] === 'string' ? String(v) : JSON.stringify(v));
      }
    },
    removeItem() {
      const storage = safeStorage(kind);
      if (!storage) return;
      for (const key of keys) storage.removeItem(key);
    },
  };
}

/** Re-reads a persisted store when another tab changes one of its keys. */
export function syncAcrossTabs(keys: string[], rehydrate: () => unknown): void {
  if (typeof window === 'undefined') return;
  window.addEventListener('storage', (event) => {
    if (event.key === null || keys.includes(event.key)) void rehydrate();
  });
}
