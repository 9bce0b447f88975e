// The real dependencies of the fund payment: the server's endpoints, the session's wallet and the chain reads.
import type { PublicConfig } from '@agc/shared';
import { sessionStepPaymentDeps } from '@web/lib/wallet/transaction.ts';
import {
  memoryTransactionProgress,
  persistedTransactionProgress,
} from '@web/lib/wallet/transaction-progress.ts';
import { getFundTx } from '../api/get-fund-tx.ts';
import { reportFundOrderPaid } from '../api/post-fund-order-pay.ts';
import type {
  FundOrderProgress,
  FundPaymentContracts,
  FundPaymentDeps,
  FundProgressStore,
} from './run-fund-payment.ts';

/** Per-order progress of fund payments (localStorage `fundPayProgress`), kept across logout like the shop's. */
const persisted = persistedTransactionProgress<'fundPayProgress', FundOrderProgress, FundOrderProgress>(
  'fundPayProgress',
  {},
);
export const fundPayProgressStore: FundProgressStore = persisted.progress;

export const memoryFundProgressStore = (initial: Record<string, FundOrderProgress> = {}): FundProgressStore =>
  memoryTransactionProgress(initial, {});

export const fundPaymentContracts = (config: PublicConfig): FundPaymentContracts => ({
  usdt: config.contracts.usdt,
  transfer: config.contracts.transfer,
});

export function createFundPaymentDeps(config: PublicConfig): FundPaymentDeps {
  return {
    ...sessionStepPaymentDeps(config),
    fetchStepTx: (step, orderId) => getFundTx(orderId, step),
    reportPaid: reportFundOrderPaid,
    progress: fundPayProgressStore,
  };
}
