// Per-withdrawal claim progress: the hash of the claim transaction sent, so that after a reload (or
// a closed tab) pressing Claim again waits for that transaction instead of sending a second one (the
// vault pays a voucher id once: a second claim would only revert and cost gas). localStorage
// `claimProgress`; kept across logout like the payments' progress. Cleared once the withdrawal is
// Success or the transaction reverted.
import {
  memoryTransactionProgress,
  persistedTransactionProgress,
  type TransactionProgress,
} from '@web/lib/wallet/transaction-progress.ts';

type Hash = `0x${string}`;

/** What the claim runner needs from the progress storage (tests pass an in-memory one). */
export type ClaimProgressStore = TransactionProgress<Hash>;

const persisted = persistedTransactionProgress<'claimProgress', Hash>('claimProgress');

export const useClaimProgressStore = persisted.useStore;

/** The persisted progress store. */
export const claimProgressStore: ClaimProgressStore = persisted.progress;

/** An in-memory store (tests). */
export const memoryClaimProgress = (initial: Record<string, Hash> = {}): ClaimProgressStore =>
  memoryTransactionProgress(initial);
