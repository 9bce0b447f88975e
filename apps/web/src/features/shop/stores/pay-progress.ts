// Per-order payment progress: the hash of each transaction sent, so a reload (or a closed tab) can
// resume where it stopped, and never sends a second payment while the first is still unconfirmed.
// localStorage `payProgress`; it is kept across logout (an unreported payment must not be forgotten).
import type { PayStep } from '@agc/shared';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { fieldStorage, syncAcrossTabs } from '../../../lib/storage.ts';

export type OrderProgress = Partial<Record<PayStep, `0x${string}`>>;

/** What the payment runner needs from the progress storage (tests pass an in-memory one). */
export interface ProgressStore {
  get(orderId: string): OrderProgress;
  set(orderId: string, progress: OrderProgress): void;
  clear(orderId: string): void;
}

interface PayProgressState {
  payProgress: Record<string, OrderProgress>;
  setProgress: (orderId: string, progress: OrderProgress) => void;
  clearProgress: (orderId: string) => void;
}

const storage = fieldStorage<Pick<PayProgressState, 'payProgress'>>('local', { payProgress: 'json' });

export const usePayProgressStore = create<PayProgressState>()(
  persist(
    (set) => ({
      payProgress: {},
      setProgress: (orderId, progress) =>
        set((s) => ({ payProgress: { ...s.payProgress, [orderId]: progress } })),
      clearProgress: (orderId) =>
        set((s) => {
          const { [orderId]: _removed, ...rest } = s.payProgress;
          return { payProgress: rest };
        }),
    }),
    {
      name: 'payProgress',
      storage,
      partialize: (s) => ({ payProgress: s.payProgress }),
      merge: (persisted, current) => {
        const value = (persisted as Partial<PayProgressState> | undefined)?.payProgress;
        return { ...current, payProgress: value && typeof value === 'object' ? value : {} };
      },
    },
  ),
);
syncAcrossTabs(storage.keys, () => usePayProgressStore.persist.rehydrate());

/** The persisted progress store. */
export const payProgressStore: ProgressStore = {
  get: (orderId) => usePayProgressStore.getState().payProgress[orderId] ?? {},
  set: (orderId, progress) => usePayProgressStore.getState().setProgress(orderId, progress),
  clear: (orderId) => usePayProgressStore.getState().clearProgress(orderId),
};

/** An in-memory store (tests, or a browser without storage). */
export function memoryProgressStore(initial: Record<string, OrderProgress> = {}): ProgressStore {
  const data = { ...initial };
  return {
    get: (orderId) => data[orderId] ?? {},
    set: (orderId, progress) => {
      data[orderId] = progress;
    },
    clear: (orderId) => {
      delete data[orderId];
    },
  };
}
