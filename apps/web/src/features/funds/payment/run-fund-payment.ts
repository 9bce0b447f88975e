// The payment of a fund subscription: two wallet transactions — approve USDT to the payment contract (authUsd),
// then pay(FUND_ORDER_TAG | id, amount) with the server's signed quote (paying) — each built by the server, each
// followed by a 1 s pause, then the pay hash is reported with POST funds/orders/pay (→ Paid).
//
// It resumes like the shop's payment: an allowance that already covers the amount skips authUsd, and a pay
// transaction sent before (its hash kept per order) is waited for and reported, never sent a second time.
// Everything outside (server, wallet, chain, storage, clock) is injected.
import type { FundOrder, TxResponse } from '@agc/shared';
import { decodeFunctionData, erc20Abi } from 'viem';
import type { ReceiptWaiter, TransactionWallet } from '../../../lib/wallet/transaction.ts';
import type { TransactionProgress } from '../../../lib/wallet/transaction-progress.ts';
import type { FundPayStep } from '../api/get-fund-tx.ts';
import {
  FundOrderNotPayableError,
  FundPayError,
  FundQuoteExpiredError,
  FundUnexpectedTxError,
  FundWrongWalletError,
  toFundPayError,
} from './errors.ts';

export const FUND_PAY_STEPS = ['authUsd', 'paying'] as const satisfies readonly FundPayStep[];
export const STEP_PAUSE_MS = 1000;

export type StepState = 'wait' | 'process' | 'finish' | 'error' | 'skipped';
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

const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export function isFundQuoteExpired(order: Pick<FundOrder, 'quote_expires_at'>, now: number): boolean {
  const expires = Date.parse(order.quote_expires_at);
  return Number.isFinite(expires) && now >= expires;
}

/** Refuses a server-built transaction that does not call the configured contract for its step. */
function checkTx(step: FundPayStep, res: TxResponse, contracts: FundPaymentContracts): void {
  if (res.step !== step) throw new FundUnexpectedTxError(`asked for ${step}, got ${res.step}`);
  const target = step === 'authUsd' ? contracts.usdt : contracts.transfer;
  if (!sameAddress(res.tx.to, target)) throw new FundUnexpectedTxError(`${step} calls ${res.tx.to}`);
  if (step === 'paying') return;
  let spender: string | undefined;
  try {
    const call = decodeFunctionData({ abi: erc20Abi, data: res.tx.data as Hash });
    if (call.functionName === 'approve') spender = call.args[0];
  } catch {
    spender = undefined;
  }
  if (!spender || !sameAddress(spender, contracts.transfer))
    throw new FundUnexpectedTxError(`${step} does not approve the payment contract`);
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
  const mark = (step: FundPayStep, state: StepState) => {
    states[step] = state;
    onStep?.(step, state, { ...states });
  };
  const progress = () => deps.progress.get(id);
  const remember = (step: FundPayStep, hash: Hash | undefined) =>
    deps.progress.set(id, { ...progress(), [step]: hash });
  let current: FundPayStep | null = null;

  let account: string | null = null;
  const walletAccount = async (expected: string) => {
    if (!account) account = await deps.wallet.account();
    if (!sameAddress(account, expected)) throw new FundWrongWalletError(expected);
    return account;
  };
  const assertQuote = () => {
    if (isFundQuoteExpired(order, deps.now())) throw new FundQuoteExpiredError();
  };
  const send = async (step: FundPayStep, res: TxResponse): Promise<Hash> => {
    await walletAccount(res.tx.from);
    await deps.wallet.ensureChain();
    const hash = await deps.wallet.sendTransaction(res.tx);
    remember(step, hash);
    if ((await deps.chain.waitForReceipt(hash)) !== 'success') {
      remember(step, undefined);
      throw new FundPayError('failed', new Error(`${step} transaction ${hash} reverted`));
    }
    return hash;
  };
  const report = async (hash: Hash): Promise<FundOrder> => {
    const reported = await deps.reportPaid(id, hash);
    deps.progress.clear(id);
    return reported;
  };

  try {
    if (PAID.has(order.status)) {
      deps.progress.clear(id);
      return order;
    }

    // A payment sent before (a reload, a closed sheet, a failed report): finish that one; the money has left.
    const sentPay = progress().paying;
    if (sentPay) {
      mark('authUsd', 'finish');
      current = 'paying';
      mark('paying', 'process');
      if ((await deps.chain.waitForReceipt(sentPay)) === 'success') {
        mark('paying', 'finish');
        current = null;
        return await report(sentPay);
      }
      remember('paying', undefined);
      Object.assign(states, initialFundStepStates());
    }

    if (order.status !== 'UnPaid') throw new FundOrderNotPayableError(order.status);

    current = 'authUsd';
    mark('authUsd', 'process');
    assertQuote();
    const approval = await deps.fetchStepTx('authUsd', id);
    checkTx('authUsd', approval, contracts);
    const allowance = await deps.chain.allowance(contracts.usdt, approval.tx.from, contracts.transfer);
    if (allowance >= BigInt(approval.amount)) {
      mark('authUsd', progress().authUsd ? 'finish' : 'skipped');
    } else {
      await send('authUsd', approval);
      mark('authUsd', 'finish');
      await deps.sleep(STEP_PAUSE_MS);
    }

    current = 'paying';
    mark('paying', 'process');
    assertQuote();
    const res = await deps.fetchStepTx('paying', id);
    checkTx('paying', res, contracts);
    const hash = await send('paying', res);
    mark('paying', 'finish');
    current = null;
    await deps.sleep(STEP_PAUSE_MS);
    return await report(hash);
  } catch (error) {
    if (current) mark(current, 'error');
    throw toFundPayError(error);
  }
}
