// The payment of a fund subscription: two wallet transactions — approve USDT to the payment contract (authUsd),
// then pay(FUND_ORDER_TAG | id, amount) with the server's signed quote (paying) — each built by the server, each
// followed by a 1 s pause, then the pay hash is reported with POST funds/orders/pay (→ Paid).
//
// The steps run in lib/wallet/step-payment.ts, as the shop's payment does: an allowance that already covers the
// amount skips authUsd, and a pay transaction sent before (its hash kept per order) is waited for and reported,
// never sent a second time. Everything outside (server, wallet, chain, storage, clock) is injected.
import type { FundOrder, TxResponse } from '@agc/shared';
import { OrderNotPayableError, QuoteExpiredError } from '@web/lib/wallet/payment-errors.ts';
import {
  isQuoteExpired,
  runStepPayment,
  STEP_PAUSE_MS,
  type StepState,
} from '@web/lib/wallet/step-payment.ts';
import type { ReceiptWaiter, TransactionWallet } from '@web/lib/wallet/transaction.ts';
import type { TransactionProgress } from '@web/lib/wallet/transaction-progress.ts';
import type { FundPayStep } from '../api/get-fund-tx.ts';

export const FUND_PAY_STEPS = ['authUsd', 'paying'] as const satisfies readonly FundPayStep[];
export { STEP_PAUSE_MS, type StepState };
export type FundStepStates = Record<FundPayStep, StepState>;
export const initialFundStepStates = (): FundStepStates => ({ authUsd: 'wait', paying: 'wait' });

type Hash = `0x${string}`;
export type FundOrderProgress = Partial<Record<FundPayStep, Hash>>;
export type FundProgressStore = TransactionProgress<FundOrderProgress, FundOrderProgress>;

export interface FundPaymentContracts {
  usdt: string;
  /** The payment contract: the spender of the approval and the target of pay(). */
  transfer: string;
}

export interface FundPaymentDeps {
  fetchStepTx(step: FundPayStep, orderId: string): Promise<TxResponse>;
  reportPaid(orderId: string, txHash: Hash): Promise<FundOrder>;
  wallet: TransactionWallet<TxResponse['tx']>;
  chain: {
    allowance(token: string, owner: string, spender: string): Promise<bigint>;
    waitForReceipt: ReceiptWaiter;
  };
  progress: FundProgressStore;
  sleep(ms: number): Promise<void>;
  now(): number;
}

/** Statuses past the payment: nothing to send. */
const PAID = new Set<FundOrder['status']>(['Paid', 'Processing', 'Subscription', 'Redemption', 'Redeemed']);

/**
 * Runs (or resumes) the payment of an UnPaid fund order. Resolves the order as the server returns it after the
 * report (Paid), or as given when it is already paid. Rejects with the error the member should see; a refusal in
 * the wallet is a UserRejectedRequestError.
 */
export async function runFundPayment({
  order,
  contracts,
  deps,
  onStep,
}: {
  order: FundOrder;
  contracts: FundPaymentContracts;
  deps: FundPaymentDeps;
  onStep?: (step: FundPayStep, state: StepState, states: FundStepStates) => void;
}): Promise<FundOrder> {
  const id = order.order_id;
  const states = initialFundStepStates();
  if (PAID.has(order.status)) {
    deps.progress.clear(id);
    return order;
  }
  return runStepPayment<FundPayStep, FundOrder, TxResponse['tx']>({
    key: id,
    approvals: [{ step: 'authUsd', token: contracts.usdt }],
    pay: 'paying',
    spender: contracts.transfer,
    fetchStepTx: async (step) => {
      const res = await deps.fetchStepTx(step, id);
      return { ...res, step: res.step as FundPayStep };
    },
    report: (hash) => deps.reportPaid(id, hash),
    beforeStep: () => {
      if (isQuoteExpired(order, deps.now())) throw new QuoteExpiredError('fund.buy.errors.quoteExpired');
    },
    beforeSteps: () => {
      if (order.status !== 'UnPaid') throw new OrderNotPayableError(order.status);
    },
    deps,
    mark: (step, state) => {
      states[step] = state;
      onStep?.(step, state, { ...states });
    },
    resetStates: () => {
      Object.assign(states, initialFundStepStates());
    },
  });
}
