// The payment of an order: three wallet transactions in order — approve AGC (authAmc), approve USDT
// (authUsd), pay (paying) — each built by the server for the order, each followed by a 1 s pause
// (spec), then the pay transaction's hash is reported with POST order/pay (→ Verifying).
//
// It resumes: an approval whose on-chain allowance already covers the step's amount is skipped, and
// a pay transaction sent before (its hash kept per order) is waited for and reported rather than sent
// a second time. Everything outside (server, wallet, chain, storage, clock) is injected, so the whole
// flow runs in tests without a browser or a chain.
import type { Order, PayStep, TxResponse } from '@agc/shared';
import { decodeFunctionData, erc20Abi } from 'viem';
import type { ReceiptWaiter, TransactionWallet } from '../../../lib/wallet/transaction.ts';
import type { OrderProgress, ProgressStore } from '../stores/pay-progress.ts';
import {
  OrderNotPayableError,
  PayError,
  QuoteExpiredError,
  toPayError,
  UnexpectedTxError,
  WrongWalletError,
} from './errors.ts';

export const PAY_STEPS = ['authAmc', 'authUsd', 'paying'] as const satisfies readonly PayStep[];
export type ApproveStep = Exclude<PayStep, 'paying'>;

/** Pause after each step (spec: 1000 ms). */
export const STEP_PAUSE_MS = 1000;

/** What a step shows: antd-mobile's four states, plus skipped (an allowance already covered it). */
export type StepState = 'wait' | 'process' | 'finish' | 'error' | 'skipped';
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

const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export function isQuoteExpired(order: Pick<Order, 'quote_expires_at'>, now: number): boolean {
  const expires = Date.parse(order.quote_expires_at);
  return Number.isFinite(expires) && now >= expires;
}

/** Refuses a server-built transaction that does not call the configured contract for its step. */
function checkTx(step: PayStep, res: TxResponse, contracts: PaymentContracts): void {
  if (res.step !== step) throw new UnexpectedTxError(`asked for ${step}, got ${res.step}`);
  const target = { authAmc: contracts.token, authUsd: contracts.usdt, paying: contracts.transfer }[step];
  if (!sameAddress(res.tx.to, target)) throw new UnexpectedTxError(`${step} calls ${res.tx.to}`);
  if (step === 'paying') return;
  let spender: string | undefined;
  try {
    const call = decodeFunctionData({ abi: erc20Abi, data: res.tx.data as Hash });
    if (call.functionName === 'approve') spender = call.args[0];
  } catch {
    spender = undefined;
  }
  if (!spender || !sameAddress(spender, contracts.transfer))
    throw new UnexpectedTxError(`${step} does not approve the payment contract`);
}

/**
 * Runs (or resumes) the payment of an Unpaid order. Resolves the order as the server returns it after
 * the report (Verifying), or as given when it is already Verifying/Success. Rejects with the error the
 * member should see (see toPayError); a refusal in the wallet is a UserRejectedRequestError.
 */
export async function runPayment({ order, contracts, deps, onStep }: RunPaymentInput): Promise<Order> {
  const id = order.order_id;
  const states = initialStepStates();
  const mark = (step: PayStep, state: StepState) => {
    states[step] = state;
    onStep?.(step, state, { ...states });
  };
  const progress = (): OrderProgress => deps.progress.get(id);
  const remember = (step: PayStep, hash: Hash | undefined) =>
    deps.progress.set(id, { ...progress(), [step]: hash });
  let current: PayStep | null = null;

  let account: Address | null = null;
  const walletAccount = async () => {
    if (!account) {
      const a = await deps.wallet.account();
      if (!sameAddress(a, order.wallet)) throw new WrongWalletError(order.wallet);
      account = a;
    }
    return account;
  };
  const assertQuote = () => {
    if (isQuoteExpired(order, deps.now())) throw new QuoteExpiredError();
  };
  /** Sends a step's transaction, keeps its hash, waits for it to be mined. */
  const send = async (step: PayStep, res: TxResponse): Promise<Hash> => {
    const from = await walletAccount();
    if (!sameAddress(res.tx.from, from)) throw new WrongWalletError(res.tx.from);
    await deps.wallet.ensureChain();
    const hash = await deps.wallet.sendTransaction(res.tx);
    remember(step, hash);
    if ((await deps.chain.waitForReceipt(hash)) !== 'success') {
      remember(step, undefined); // reverted: nothing to resume, the next attempt sends anew
      throw new PayError('failed', new Error(`${step} transaction ${hash} reverted`));
    }
    return hash;
  };
  const report = async (hash: Hash): Promise<Order> => {
    const reported = await deps.reportPaid(id, hash);
    deps.progress.clear(id);
    return reported;
  };

  try {
    if (order.status === 'Verifying' || order.status === 'Success') {
      deps.progress.clear(id);
      return order;
    }

    // A payment sent before (then a reload, a closed tab, a failed report): finish that one. Sending
    // another would pay twice. Reported even if the quote has expired since: the money has left.
    const sentPay = progress().paying;
    if (sentPay) {
      mark('authAmc', 'finish');
      mark('authUsd', 'finish');
      current = 'paying';
      mark('paying', 'process');
      if ((await deps.chain.waitForReceipt(sentPay)) === 'success') {
        mark('paying', 'finish');
        current = null;
        return await report(sentPay);
      }
      remember('paying', undefined); // it reverted: the payment never happened
      Object.assign(states, initialStepStates());
    }

    if (order.status !== 'Unpaid') throw new OrderNotPayableError(order.status);

    const tokens: Record<ApproveStep, Address> = { authAmc: contracts.token, authUsd: contracts.usdt };
    for (const step of ['authAmc', 'authUsd'] as const) {
      current = step;
      mark(step, 'process');
      assertQuote();
      const res = await deps.fetchStepTx(step, id);
      checkTx(step, res, contracts);
      const allowance = await deps.chain.allowance(tokens[step], res.tx.from, contracts.transfer);
      if (allowance >= BigInt(res.amount)) {
        // Covered: approved in an earlier attempt (finish) or before this order (skipped).
        mark(step, progress()[step] ? 'finish' : 'skipped');
        continue;
      }
      await send(step, res);
      mark(step, 'finish');
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
    throw toPayError(error);
  }
}
