// Per-key progress of a flow that sends transactions (the shop's payment per order, the claim per
// withdrawal): what was sent and is awaited, so that a reload (or a closed tab) resumes by waiting for
// it instead of sending a second one. Persisted in localStorage under the flow's own key (each entry
// is JSON), kept across logout (a transaction on its way must not be forgotten), re-read when another
// tab changes it.
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { type FieldCodec, fieldStorage, syncAcrossTabs } from '../storage.ts';

/** What a flow needs from its progress storage (tests pass an in-memory one). */
export interface TransactionProgress<V, E = undefined> {
  /** The entry of a key, or the flow's empty value when there is none. */
  get(key: string): V | E;
  set(key: string, value: V): void;
  clear(key: string): void;
}

/**
 * The persisted progress `name` (also the localStorage key and the store's one field): the zustand
 * store for components and the progress the flow uses, whose `get` gives `empty` for a missing key.
 */
export function persistedTransactionProgress<N extends string, V, E = undefined>(name: N, empty?: E) {
  type State = Record<N, Record<string, V>>;
  const storage = fieldStorage<State>('local', { [name]: 'json' } as Record<N, FieldCodec>);
  const state = (entries: Record<string, V>) => ({ [name]: entries }) as State;
  const useStore = create<State>()(
    persist(() => state({}), {
      name,
      storage,
      merge: (persisted, current) => {
        const value = (persisted as Partial<State> | undefined)?.[name];
        return { ...current, ...state(value && typeof value === 'object' ? value : {}) };
      },
    }),
  );
  syncAcrossTabs(storage.keys, () => useStore.persist.rehydrate());
  const entries = () => useStore.getState()[name];
  const progress: TransactionProgress<V, E> = {
    get: (key) => entries()[key] ?? (empty as E),
    set: (key, value) => useStore.setState(state({ ...entries(), [key]: value })),
    clear: (key) => {
      const { [key]: _removed, ...rest } = entries();
      useStore.setState(state(rest));
    },
  };
  return { useStore, progress };
}

/** An in-memory progress (tests, or a browser without storage). */
export function memoryTransactionProgress<V, E = undefined>(
  initial: Record<string, V> = {},
  empty?: E,
): TransactionProgress<V, E> {
  const data = { ...initial };
  return {
    get: (key) => data[key] ?? (empty as E),
    set: (key, value) => {
      data[key] = value;
    },
    clear: (key) => {
      delete data[key];
    },
  };
}
