// The claim of an approved withdrawal (spec: "fetch claim transaction data for a withdraw id, send
// it, wait for confirmation"): GET withdraw/claim/{id} builds the vault's claim(...) transaction with
// a fresh voucher, the member's wallet sends it, the receipt is awaited on config.rpc_url, then the
// withdrawal is followed on the server until the chain watcher has read the Claimed event (Success).
//
// It resumes: a claim sent before (its hash kept per withdrawal) is waited for rather than sent a
// second time. Everything outside (server, wallet, chain, storage, clock) is injected, so the whole
// flow runs in tests without a browser or a chain.
import type { Withdrawal, WithdrawClaim } from '@agc/shared';
import type { ReceiptWaiter, TransactionWallet } from '@web/lib/wallet/transaction.ts';
import type { ClaimProgressStore } from '../stores/claim-progress.ts';
import {
  ClaimError,
  ClaimWrongWalletError,
  NotClaimableError,
  toClaimError,
  UnexpectedClaimTxError,
} from './errors.ts';

type Address = string;
type Hash = `0x${string}`;

/** How often, and how long, the withdrawal is read again after the receipt, waiting for Success. */
export const FOLLOW_POLL_MS = 2_000;
export const FOLLOW_TIMEOUT_MS = 120_000;

/** What the member sees while a claim runs. */
export type ClaimPhase = 'wallet' | 'receipt' | 'follow';

export interface ClaimDeps {
  /** GET withdraw/claim/{id}. */
  fetchClaim(withdrawId: string): Promise<WithdrawClaim>;
  /** GET withdraw/{id}. */
  fetchWithdrawal(withdrawId: string): Promise<Withdrawal>;
  wallet: TransactionWallet<WithdrawClaim['tx']>;
  chain: { waitForReceipt: ReceiptWaiter };
  progress: ClaimProgressStore;
  sleep(ms: number): Promise<void>;
  now(): number;
}

export interface RunClaimInput {
  withdrawal: Withdrawal;
  /** The vault contract (config.contracts.bank): the only contract a claim may call. */
  vault: Address;
  deps: ClaimDeps;
  onPhase?: (phase: ClaimPhase) => void;
}

export interface ClaimResult {
  /** The withdrawal as the server has it now: Success, or still Withdrawable if the watcher is slow. */
  withdrawal: Withdrawal;
  /** The claim transaction (null when the withdrawal was already Success). */
  hash: Hash | null;
  /** Whether the server showed Success within the follow-up time. */
  confirmed: boolean;
}

const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** Refuses a claim built for another withdrawal, contract or address than this one. */
function checkClaim(claim: WithdrawClaim, withdrawal: Withdrawal, vault: Address): void {
  if (claim.withdraw_id !== withdrawal.withdraw_id || claim.voucher.id !== withdrawal.withdraw_id)
    throw new UnexpectedClaimTxError(`asked for ${withdrawal.withdraw_id}, got ${claim.withdraw_id}`);
  if (!sameAddress(claim.tx.to, vault)) throw new UnexpectedClaimTxError(`claim calls ${claim.tx.to}`);
  if (
    !sameAddress(claim.voucher.account, withdrawal.address) ||
    !sameAddress(claim.tx.from, withdrawal.address)
  )
    throw new UnexpectedClaimTxError(`claim pays ${claim.voucher.account}`);
}

/**
 * Runs (or resumes) the claim of a Withdrawable withdrawal. Resolves once the server shows Success,
 * or when following it took longer than FOLLOW_TIMEOUT_MS (confirmed false: the transaction is mined,
 * the watcher has not caught up). Rejects with the error the member should see (see toClaimError); a
 * refusal in the wallet is a UserRejectedRequestError.
 */
export async function runClaim({ withdrawal, vault, deps, onPhase }: RunClaimInput): Promise<ClaimResult> {
  const id = withdrawal.withdraw_id;

  const follow = async (hash: Hash): Promise<ClaimResult> => {
    onPhase?.('follow');
    const until = deps.now() + FOLLOW_TIMEOUT_MS;
    let current = withdrawal;
    for (;;) {
      try {
        current = await deps.fetchWithdrawal(id);
      } catch {
        // a failed read is retried: the claim itself has succeeded
      }
      if (current.status === 'Success') {
        deps.progress.clear(id);
        return { withdrawal: current, hash, confirmed: true };
      }
      if (deps.now() >= until) return { withdrawal: current, hash, confirmed: false };
      await deps.sleep(FOLLOW_POLL_MS);
    }
  };

  try {
    if (withdrawal.status === 'Success') {
      deps.progress.clear(id);
      return { withdrawal, hash: null, confirmed: true };
    }

    // A claim sent before (then a reload, a closed tab): finish that one.
    const sent = deps.progress.get(id);
    if (sent) {
      onPhase?.('receipt');
      if ((await deps.chain.waitForReceipt(sent)) === 'success') return await follow(sent);
      deps.progress.clear(id); // it reverted: nothing was paid, a new claim may go
    }

    if (withdrawal.status !== 'Withdrawable') throw new NotClaimableError(withdrawal.status);

    onPhase?.('wallet');
    const account = await deps.wallet.account();
    if (!sameAddress(account, withdrawal.address)) throw new ClaimWrongWalletError(withdrawal.address);
    const claim = await deps.fetchClaim(id);
    checkClaim(claim, withdrawal, vault);
    await deps.wallet.ensureChain();
    const hash = await deps.wallet.sendTransaction(claim.tx);
    deps.progress.set(id, hash);

    onPhase?.('receipt');
    if ((await deps.chain.waitForReceipt(hash)) !== 'success') {
      deps.progress.clear(id);
      throw new ClaimError(new Error(`claim transaction ${hash} reverted`));
    }
    return await follow(hash);
  } catch (error) {
    throw toClaimError(error);
  }
}
