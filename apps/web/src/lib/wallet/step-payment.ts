// A payment made of wallet transactions the server builds, in order: ERC-20 approvals of the payment contract, then
// the pay transaction; each mined before the next, each followed by a pause (the spec's 1 s), then the pay hash is
// reported to the server. The shop's order (approve AGC, approve USDT, pay) and the fund subscription (approve
// USDT, pay) both run here; each names its steps, contracts, checks and report. Failures: payment-errors.ts.
//
// It resumes: an approval whose on-chain allowance already covers the step's amount is skipped, and a pay
// transaction sent before (its hash kept per key) is waited for and reported rather than sent a second time.
// An allowance above 0 but below the amount is set to 0 first (the step's server-built reset_tx): USDT, Tether's
// token, reverts an approve from one non-zero allowance to another.
// Everything outside (server, wallet, chain, storage, clock) is injected.
import { decodeFunctionData, erc20Abi } from 'viem';
import { PayError, toPayError, UnexpectedTxError, WrongWalletError } from './payment-errors.ts';
import type { ReceiptWaiter, TransactionWallet, UnsignedTx } from './transaction.ts';
import type { TransactionProgress } from './transaction-progress.ts';

type Hash = `0x${string}`;

/** Pause after each step (spec: 1000 ms). */
export const STEP_PAUSE_MS = 1000;

/** What a step shows: antd-mobile's four states, plus skipped (an allowance already covered it). */
export type StepState = 'wait' | 'process' | 'finish' | 'error' | 'skipped';

/** A server-built step transaction (the API's txResponse). */
export interface StepTx<S extends string, Tx extends UnsignedTx = UnsignedTx> {
  step: S;
  tx: Tx;
  /** What the step approves or pays, in the token's minor units. */
  amount: string;
  /** An approval's approve(spender, 0), sent first when the allowance is non-zero and too small; null for pay. */
  reset_tx: Tx | null;
}

export interface StepPaymentDeps<S extends string, Tx extends UnsignedTx = UnsignedTx> {
  wallet: TransactionWallet<Tx>;
  chain: {
    /** ERC-20 allowance(owner, spender) of token. */
    allowance(token: string, owner: string, spender: string): Promise<bigint>;
    waitForReceipt: ReceiptWaiter;
  };
  progress: TransactionProgress<Partial<Record<S, Hash>>, Partial<Record<S, Hash>>>;
  sleep(ms: number): Promise<void>;
}

export interface StepPaymentInput<S extends string, R, Tx extends UnsignedTx = UnsignedTx> {
  /** Whose progress (the order id). */
  key: string;
  /** The approvals in order, each with the token it approves. */
  approvals: readonly { step: S; token: string }[];
  /** The pay step: a call of `spender`. */
  pay: S;
  /** The payment contract: the spender of every approval and the target of the pay step. */
  spender: string;
  /** The account that must send (the order's wallet); by default the transactions' `from`. */
  account?: string;
  fetchStepTx(step: S): Promise<StepTx<S, Tx>>;
  /** Reports the mined pay transaction; resolves the flow's result. */
  report(hash: Hash): Promise<R>;
  /** Checked before each step is fetched (a quote's expiry): throws to stop. */
  beforeStep?(): void;
  deps: StepPaymentDeps<S, Tx>;
  /** Every change of a step's state. */
  mark(step: S, state: StepState): void;
  /** A resumed payment reverted: the steps start again from 'wait' (quietly: the next mark shows it). */
  resetStates?(): void;
  /** Checked once before the steps run (after a resumed payment was finished or found reverted). */
  beforeSteps?(): void;
}

/** The order's quote has expired (its payment may no longer start). */
export function isQuoteExpired(order: { quote_expires_at: string }, now: number): boolean {
  const expires = Date.parse(order.quote_expires_at);
  return Number.isFinite(expires) && now >= expires;
}

const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * Runs (or resumes) the steps. Resolves what `report` resolves; on any failure the step under way is marked
 * `error` and it rejects with the error the member should see (toPayError); a refusal in the wallet is a
 * UserRejectedRequestError.
 */
export async function runStepPayment<S extends string, R, Tx extends UnsignedTx = UnsignedTx>(
  input: StepPaymentInput<S, R, Tx>,
): Promise<R> {
  const { key, approvals, pay, spender, deps, mark } = input;
  const progress = () => deps.progress.get(key);
  const remember = (step: S, hash: Hash | undefined) =>
    deps.progress.set(key, { ...progress(), [step]: hash });
  let current: S | null = null;

  let account: string | null = null;
  const walletAccount = async (expected: string) => {
    if (!account) {
      const a = await deps.wallet.account();
      if (!sameAddress(a, expected)) throw new WrongWalletError(expected);
      account = a;
    }
    return account;
  };

  /** What an approval transaction approves: its spender and value, or null when it is not an ERC-20 approve. */
  const approvalOf = (tx: UnsignedTx): { spender: string; value: bigint } | null => {
    try {
      const call = decodeFunctionData({ abi: erc20Abi, data: tx.data as Hash });
      return call.functionName === 'approve' ? { spender: call.args[0], value: call.args[1] } : null;
    } catch {
      return null;
    }
  };

  const checkTx = (step: S, res: StepTx<S>) => {
    if (res.step !== step) throw new UnexpectedTxError(`asked for ${step}, got ${res.step}`);
    const approval = approvals.find((a) => a.step === step);
    const target = approval ? approval.token : spender;
    if (!sameAddress(res.tx.to, target)) throw new UnexpectedTxError(`${step} calls ${res.tx.to}`);
    if (!approval) return;
    const approved = approvalOf(res.tx);
    if (!approved || !sameAddress(approved.spender, spender))
      throw new UnexpectedTxError(`${step} does not approve the payment contract`);
    // The reset must be the same token's approve(spender, 0) from the same wallet, and nothing else.
    if (!res.reset_tx) return;
    const reset = approvalOf(res.reset_tx);
    const sameToken =
      sameAddress(res.reset_tx.to, approval.token) && sameAddress(res.reset_tx.from, res.tx.from);
    if (reset?.value !== 0n || !sameAddress(reset.spender, spender) || !sameToken)
      throw new UnexpectedTxError(`${step} resets something else than its allowance`);
  };

  /** Sends a step's transaction, keeps its hash, waits for it to be mined. */
  const send = async (step: S, tx: Tx): Promise<Hash> => {
    const from = await walletAccount(input.account ?? tx.from);
    if (!sameAddress(tx.from, from)) throw new WrongWalletError(tx.from);
    await deps.wallet.ensureChain();
    const hash = await deps.wallet.sendTransaction(tx);
    remember(step, hash);
    if ((await deps.chain.waitForReceipt(hash)) !== 'success') {
      remember(step, undefined); // reverted: nothing to resume, the next attempt sends anew
      throw new PayError('failed', new Error(`${step} transaction ${hash} reverted`));
    }
    return hash;
  };
  const report = async (hash: Hash): Promise<R> => {
    const result = await input.report(hash);
    deps.progress.clear(key);
    return result;
  };

  try {
    // A payment sent before (a reload, a closed sheet, a failed report): finish that one. Sending another would
    // pay twice. Reported even if the quote has expired since: the money has left.
    const sentPay = progress()[pay];
    if (sentPay) {
      for (const a of approvals) mark(a.step, 'finish');
      current = pay;
      mark(pay, 'process');
      if ((await deps.chain.waitForReceipt(sentPay)) === 'success') {
        mark(pay, 'finish');
        current = null;
        return await report(sentPay);
      }
      remember(pay, undefined); // it reverted: the payment never happened
      input.resetStates?.();
    }
    input.beforeSteps?.();
    return await runSteps();
  } catch (error) {
    if (current) mark(current, 'error');
    throw toPayError(error);
  }

  async function runSteps(): Promise<R> {
    for (const { step, token } of approvals) {
      current = step;
      mark(step, 'process');
      input.beforeStep?.();
      const res = await input.fetchStepTx(step);
      checkTx(step, res);
      const allowance = await deps.chain.allowance(token, res.tx.from, spender);
      if (allowance >= BigInt(res.amount)) {
        // Covered: approved in an earlier attempt (finish) or before this order (skipped).
        mark(step, progress()[step] ? 'finish' : 'skipped');
        continue;
      }
      if (allowance > 0n) {
        // Non-zero but too small (an earlier order's leftover): USDT refuses to go straight to another value.
        if (!res.reset_tx) throw new UnexpectedTxError(`${step} has no reset for a non-zero allowance`);
        await send(step, res.reset_tx);
      }
      await send(step, res.tx);
      mark(step, 'finish');
      await deps.sleep(STEP_PAUSE_MS);
    }
    current = pay;
    mark(pay, 'process');
    input.beforeStep?.();
    const res = await input.fetchStepTx(pay);
    checkTx(pay, res);
    const hash = await send(pay, res.tx);
    mark(pay, 'finish');
    current = null;
    await deps.sleep(STEP_PAUSE_MS);
    return await report(hash);
  }
}
