// The payment of an order: three wallet transactions in order — approve AGC (authAmc), approve USDT
// (authUsd), pay (paying) — each built by the server for the order, each followed by a 1 s pause
// (spec), then the pay transaction's hash is reported with POST order/pay (→ Verifying).
//
// The steps run in lib/wallet/step-payment.ts (shared with the fund subscription): it resumes (an approval
// the on-chain allowance already covers is skipped, a pay transaction sent before is waited for and reported,
// never sent twice). Everything outside (server, wallet, chain, storage, clock) is injected, so the whole
// flow runs in tests without a browser or a chain.
import type { Order, PayStep, TxResponse } from '@agc/shared';
import { OrderNotPayableError, QuoteExpiredError } from '@web/lib/wallet/payment-errors.ts';
import {
  isQuoteExpired,
  runStepPayment,
  STEP_PAUSE_MS,
  type StepState,
} from '@web/lib/wallet/step-payment.ts';
import type { ReceiptWaiter, TransactionWallet } from '@web/lib/wallet/transaction.ts';
import type { ProgressStore } from '../stores/pay-progress.ts';

export const PAY_STEPS = ['authAmc', 'authUsd', 'paying'] as const satisfies readonly PayStep[];
export type ApproveStep = Exclude<PayStep, 'paying'>;

export { STEP_PAUSE_MS, type StepState };
export type StepStates = Record<PayStep, StepState>;

export const initialStepStates = (): StepStates => ({ authAmc: 'wait', authUsd: 'wait', paying: 'wait' });

/** A hex address (as the schemas give it). */
type Address = string;
type Hash = `0x${string}`;

export interface PaymentContracts {
  /** The AGC token (approved in authAmc). */
  token: Address;
  /** USDT (approved in authUsd). */
  usdt: Address;
  /** The payment contract: the spender of both approvals and the target of pay(). */
  transfer: Address;
}

export interface PaymentDeps {
  /** The server-built transaction of a step (GET order/approve/agc|usdt/{order}, order/tx/{order}). */
  fetchStepTx(step: PayStep, orderId: string): Promise<TxResponse>;
  /** POST order/pay. */
  reportPaid(orderId: string, txHash: Hash): Promise<Order>;
  wallet: TransactionWallet<TxResponse['tx']>;
  chain: {
    /** ERC-20 allowance(owner, spender) of token, read on config.rpc_url. */
    allowance(token: Address, owner: Address, spender: Address): Promise<bigint>;
    waitForReceipt: ReceiptWaiter;
  };
  progress: ProgressStore;
  sleep(ms: number): Promise<void>;
  now(): number;
}

export interface RunPaymentInput {
  order: Order;
  contracts: PaymentContracts;
  deps: PaymentDeps;
  /** Every change of a step's state, with all states after it. */
  onStep?: (step: PayStep, state: StepState, states: StepStates) => void;
}

export { isQuoteExpired };

/**
 * Runs (or resumes) the payment of an Unpaid order. Resolves the order as the server returns it after
 * the report (Verifying), or as given when it is already Verifying/Success. Rejects with the error the
 * member should see (see toPayError); a refusal in the wallet is a UserRejectedRequestError.
 */
export async function runPayment({ order, contracts, deps, onStep }: RunPaymentInput): Promise<Order> {
  const id = order.order_id;
  const states = initialStepStates();
  if (order.status === 'Verifying' || order.status === 'Success') {
    deps.progress.clear(id);
    return order;
  }
  return runStepPayment<PayStep, Order, TxResponse['tx']>({
    key: id,
    approvals: [
      { step: 'authAmc', token: contracts.token },
      { step: 'authUsd', token: contracts.usdt },
    ],
    pay: 'paying',
    spender: contracts.transfer,
    account: order.wallet,
    fetchStepTx: (step) => deps.fetchStepTx(step, id),
    report: (hash) => deps.reportPaid(id, hash),
    beforeStep: () => {
      if (isQuoteExpired(order, deps.now())) throw new QuoteExpiredError();
    },
    beforeSteps: () => {
      if (order.status !== 'Unpaid') throw new OrderNotPayableError(order.status);
    },
    deps,
    mark: (step, state) => {
      states[step] = state;
      onStep?.(step, state, { ...states });
    },
    resetStates: () => {
      Object.assign(states, initialStepStates());
    },
  });
}
