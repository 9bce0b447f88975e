// Per-order payment progress: the hash of each transaction sent, so a reload (or a closed tab) can
// resume where it stopped, and never sends a second payment while the first is still unconfirmed.
// localStorage `payProgress`; it is kept across logout (an unreported payment must not be forgotten).
import type { PayStep } from '@agc/shared';
import {
  memoryTransactionProgress,
  persistedTransactionProgress,
  type TransactionProgress,
} from '@web/lib/wallet/transaction-progress.ts';

export type OrderProgress = Partial<Record<PayStep, `0x${string}`>>;

/** What the payment runner needs from the progress storage: an order without progress has `{}`. */
export type ProgressStore = TransactionProgress<OrderProgress, OrderProgress>;

const persisted = persistedTransactionProgress<'payProgress', OrderProgress, OrderProgress>(
  'payProgress',
  {},
);

export const usePayProgressStore = persisted.useStore;

/** The persisted progress store. */
export const payProgressStore: ProgressStore = persisted.progress;

/** An in-memory store (tests, or a browser without storage). */
export const memoryProgressStore = (initial: Record<string, OrderProgress> = {}): ProgressStore =>
  memoryTransactionProgress(initial, {});
