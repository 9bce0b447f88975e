// Per-withdrawal claim progress: the hash of the claim transaction sent, so that after a reload (or
// a closed tab) pressing Claim again waits for that transaction instead of sending a second one (the
// vault pays a voucher id once: a second claim would only revert and cost gas). localStorage
// `claimProgress`; kept across logout like the payments' progress. Cleared once the withdrawal is
// Success or the transaction reverted.
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { fieldStorage, syncAcrossTabs } from '../../../lib/storage.ts';

type Hash = `0x${string}`;

/** What the claim runner needs from the progress storage (tests pass an in-memory one). */
export interface ClaimProgressStore {
  get(withdrawId: string): Hash | undefined;
  set(withdrawId: string, hash: Hash): void;
  clear(withdrawId: string): void;
}

interface ClaimProgressState {
  claimProgress: Record<string, Hash>;
  setHash: (withdrawId: string, hash: Hash) => void;
  clearHash: (withdrawId: string) => void;
}

const storage = fieldStorage<Pick<ClaimProgressState, 'claimProgress'>>('local', { claimProgress: 'json' });

export const useClaimProgressStore = create<ClaimProgressState>()(
  persist(
    (set) => ({
      claimProgress: {},
      setHash: (withdrawId, hash) =>
        set((s) => ({ claimProgress: { ...s.claimProgress, [withdrawId]: hash } })),
      clearHash: (withdrawId) =>
        set((s) => {
          const { [withdrawId]: _removed, ...rest } = s.claimProgress;
          return { claimProgress: rest };
        }),
    }),
    {
      name: 'claimProgress',
      storage,
      partialize: (s) => ({ claimProgress: s.claimProgress }),
      merge: (persisted, current) => {
        const value = (persisted as Partial<ClaimProgressState> | undefined)?.claimProgress;
        return { ...current, claimProgress: value && typeof value === 'object' ? value : {} };
      },
    },
  ),
);
syncAcrossTabs(storage.keys, () => useClaimProgressStore.persist.rehydrate());

/** The persisted progress store. */
export const claimProgressStore: ClaimProgressStore = {
  get: (withdrawId) => useClaimProgressStore.getState().claimProgress[withdrawId],
  set: (withdrawId, hash) => useClaimProgressStore.getState().setHash(withdrawId, hash),
  clear: (withdrawId) => useClaimProgressStore.getState().clearHash(withdrawId),
};

/** An in-memory store (tests). */
export function memoryClaimProgress(initial: Record<string, Hash> = {}): ClaimProgressStore {
  const data = { ...initial };
  return {
    get: (withdrawId) => data[withdrawId],
    set: (withdrawId, hash) => {
      data[withdrawId] = hash;
    },
    clear: (withdrawId) => {
      delete data[withdrawId];
    },
  };
}
