import { signWithdrawVoucher, vaultAbi } from '@agc/contracts';
import type { DbOrTx } from '@agc/db';
import { ErrorCode, type WithdrawClaim } from '@agc/shared';
import { defined } from '@agc/shared/defined';
import type { AppContext } from '@server/context.ts';
import { AppError, badRequest } from '@server/lib/errors.ts';
import { writeAudit } from '@server/modules/audit/index.ts';
import {
  byChainOrder,
  type ChainEventHandler,
  chainClient,
  type EventPlace,
  eventKey,
  type StoredEvent,
  setOutcomes,
  storeEvents,
  voucherSigner,
} from '@server/modules/chain/index.ts';
import {
  ACCOUNTS,
  type AccountCode,
  type TransferInput,
  transferBatch,
} from '@server/modules/ledger/index.ts';
import type { SessionUser } from '@server/plugins/auth.ts';
import { encodeFunctionData, erc20Abi, getAbiItem, type Log, parseEventLogs } from 'viem';
import {
  extendVoucherDeadline,
  lockWithdrawals,
  updateWithdrawal,
  type WithdrawalRow,
} from './repository.ts';
import { findOwnWithdrawal, unlockTransfer } from './service.ts';

const tokenOf = (ctx: AppContext, asset: WithdrawalRow['asset']) =>
  asset === 'USDT' ? ctx.chain.contracts.usdt : ctx.chain.contracts.agc;

/**
 * The vault is the guard (paused, its per-voucher maximum, its rolling 24 h cap, its balance): these reads
 * only spare the member a claim that would fail in the wallet, with a message that says why and what to
 * do. When the chain cannot be read, the voucher is handed out anyway.
 */
async function assertVaultCanPay(ctx: AppContext, token: `0x${string}`, amount: bigint): Promise<void> {
  const client = chainClient(ctx.chain);
  const vault = ctx.chain.contracts.vault;
  const read = await Promise.all([
    client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [vault] }),
    client.readContract({ address: vault, abi: vaultAbi, functionName: 'paused' }),
    client.readContract({ address: vault, abi: vaultAbi, functionName: 'limits', args: [token] }),
    client.readContract({ address: vault, abi: vaultAbi, functionName: 'claimableNow', args: [token] }),
  ]).catch(() => null);
  if (!read) return;
  const [held, paused, [maxPerVoucher], claimable] = read;
  if (paused) throw badRequest('withdraw.vault_paused');
  if (amount > maxPerVoucher) throw badRequest('withdraw.voucher_too_large');
  if (held < amount) throw badRequest('withdraw.vault_short');
  if (claimable < amount) throw badRequest('withdraw.vault_daily_cap');
}

/**
 * withdraw/claim/{id}: for the member's own Withdrawable withdrawal only, a fresh voucher (id, the
 * member's address, token, amount received, deadline) signed by the server's key, and the vault
 * claim transaction carrying it. The vault pays a voucher id once, so handing out several vouchers
 * for one withdrawal (a retry, an expired one) can never pay twice; each binds the caller's address.
 */
export async function buildClaim(ctx: AppContext, user: SessionUser, id: bigint): Promise<WithdrawClaim> {
  const w = await findOwnWithdrawal(ctx.db, user.id, id);
  if (w.status === 'Success') throw badRequest('withdraw.already_claimed');
  if (w.status !== 'Withdrawable') throw badRequest('withdraw.not_claimable');
  // Being revoked: the vault's cancel is on its way; a new voucher would race it.
  // (`data.reason` tells the app that no retry can help.)
  if (w.revokeRequestedAt)
    throw new AppError(ErrorCode.badRequest, 'withdraw.revoking', {}, { reason: 'revoking' });
  const token = tokenOf(ctx, w.asset);
  await assertVaultCanPay(ctx, token, w.received);
  const deadline = BigInt(Math.floor((ctx.now().getTime() + ctx.config.withdraw.voucherTtlMs) / 1000));
  const voucher = {
    id: w.id,
    account: w.address as `0x${string}`,
    token,
    amount: w.received,
    deadline,
  };
  const signature = await signWithdrawVoucher(
    voucherSigner(ctx),
    ctx.chain.id,
    ctx.chain.contracts.vault,
    voucher,
  );
  const deadlineAt = new Date(Number(deadline) * 1000);
  // Only the latest deadline is kept (the detail page shows it); older vouchers stay valid until theirs.
  await extendVoucherDeadline(ctx.db, w.id, deadlineAt);
  return {
    withdraw_id: w.id.toString(),
    tx: {
      from: voucher.account,
      to: ctx.chain.contracts.vault,
      data: encodeFunctionData({
        abi: vaultAbi,
        functionName: 'claim',
        args: [voucher.id, voucher.token, voucher.amount, voucher.deadline, signature],
      }),
      value: '0x0',
      chain_id: ctx.chain.id,
    },
    voucher: {
      id: w.id.toString(),
      account: voucher.account,
      token: voucher.token,
      amount: voucher.amount.toString(),
      deadline: Number(deadline),
      deadline_at: deadlineAt.toISOString(),
      signature,
    },
  };
}

/** A vault event: a voucher paid (Claimed) or voided before it was (VoucherCancelled). */
export type VaultEvent = EventPlace &
  (
    | { name: 'Claimed'; withdrawalId: bigint; account: string; token: string; amount: bigint }
    | { name: 'VoucherCancelled'; withdrawalId: bigint }
  );

/** Claimed and VoucherCancelled events of the vault among logs (others are ignored). */
export function vaultEvents(ctx: AppContext, logs: Log[]): VaultEvent[] {
  const vault = ctx.chain.contracts.vault.toLowerCase();
  // Other contracts' logs (the payments, most of a range) are left out before decoding, not after.
  return parseEventLogs({ abi: vaultAbi, logs: logs.filter((l) => l.address.toLowerCase() === vault) })
    .filter((l) => l.transactionHash && l.blockNumber !== null && l.blockHash)
    .flatMap((l): VaultEvent[] => {
      const place = {
        txHash: l.transactionHash.toLowerCase(),
        logIndex: l.logIndex,
        blockNumber: l.blockNumber,
        blockHash: l.blockHash.toLowerCase(),
      };
      if (l.eventName === 'Claimed')
        return [
          {
            ...place,
            name: 'Claimed',
            withdrawalId: l.args.id,
            account: l.args.account.toLowerCase(),
            token: l.args.token.toLowerCase(),
            amount: l.args.amount,
          },
        ];
      if (l.eventName === 'VoucherCancelled')
        return [{ ...place, name: 'VoucherCancelled', withdrawalId: l.args.id }];
      return [];
    });
}

/** What ingestion did with a vault event (chain_events.outcome). */
export type VaultOutcome =
  | 'claimed'
  | 'cancelled'
  | 'unknown_withdrawal'
  | 'not_withdrawable'
  | 'claim_mismatch';

/** The reason a member reads on a withdrawal revoked without one (a guardian cancelled it on chain). */
const REVOKED_WITHOUT_REASON = 'Revoked by the operator';

/**
 * Ingests the vault's events inside the caller's transaction, each once (unique on chain id, tx hash, log
 * index), in chain order:
 * - Claimed, matching its Withdrawable withdrawal (same address, token and amount received): Success,
 *   and the locked amount is paid out in the journal (received → the vault's payouts, fee → fees).
 * - VoucherCancelled of a Withdrawable withdrawal (an admin revoked it, or a guardian cancelled the
 *   voucher): Rejected with the revocation's reason, and the amount goes back from locked to available.
 * Anything else is recorded with its outcome and changes no balance (the vault only pays vouchers the
 * server signed, so it means the key was misused: an auditor must look). Returns how many were new.
 */
export async function ingestVaultEvents(ctx: AppContext, tx: DbOrTx, events: VaultEvent[]): Promise<number> {
  const fresh = await storeEvents(
    ctx,
    tx,
    events.map(
      (e): StoredEvent => ({
        txHash: e.txHash,
        logIndex: e.logIndex,
        blockNumber: e.blockNumber,
        blockHash: e.blockHash,
        contract: 'vault',
        name: e.name,
        args:
          e.name === 'Claimed'
            ? {
                id: e.withdrawalId.toString(),
                account: e.account,
                token: e.token,
                amount: e.amount.toString(),
              }
            : { id: e.withdrawalId.toString() },
      }),
    ),
  );
  if (fresh.size === 0) return 0;
  const todo = events.filter((e) => fresh.has(eventKey(e))).sort(byChainOrder);
  const ids = [...new Set(todo.map((e) => e.withdrawalId))];
  const rows = await lockWithdrawals(tx, ids);
  const byId = new Map(rows.map((w) => [w.id, w]));
  const postings: TransferInput[] = [];
  const outcomes: Array<{ id: bigint; outcome: VaultOutcome }> = [];
  const now = ctx.now();
  for (const e of todo) {
    const w = byId.get(e.withdrawalId);
    let outcome: VaultOutcome;
    if (!w) outcome = 'unknown_withdrawal';
    else if (w.status !== 'Withdrawable') outcome = 'not_withdrawable';
    else if (e.name === 'Claimed') {
      if (e.account !== w.address || e.token !== tokenOf(ctx, w.asset) || e.amount !== w.received)
        outcome = 'claim_mismatch';
      else {
        outcome = 'claimed';
        w.status = 'Success';
        await updateWithdrawal(tx, w.id, { status: 'Success', claimTxHash: e.txHash, claimedAt: now });
        postings.push(...payoutTransfers(w));
      }
    } else {
      outcome = 'cancelled';
      const reason = w.revokeReason ?? REVOKED_WITHOUT_REASON;
      await updateWithdrawal(tx, w.id, {
        status: 'Rejected',
        reason,
        revokeTxHash: w.revokeTxHash ?? e.txHash,
      });
      await writeAudit(tx, {
        actorId: w.revokeRequestedBy,
        action: 'withdraw.revoked',
        target: `withdraw:${w.id}`,
        before: { status: w.status, reason: w.reason, note: w.auditNote },
        after: { status: 'Rejected', reason, note: w.auditNote, cancel_tx: e.txHash },
      });
      w.status = 'Rejected';
      postings.push(unlockTransfer(w));
    }
    outcomes.push({ id: defined(fresh.get(eventKey(e))), outcome });
  }
  await transferBatch(tx, postings);
  await setOutcomes(tx, outcomes);
  return fresh.size;
}

/** The journal of a paid-out withdrawal: locked → paid out (amount received) and → fees (the fee). */
function payoutTransfers(w: WithdrawalRow): TransferInput[] {
  const ref = `withdraw:${w.id}`;
  const fromLocked = (code: AccountCode, amount: bigint, what: 'paid' | 'fee'): TransferInput => ({
    debit: { userId: w.userId, code: ACCOUNTS.locked, asset: w.asset },
    credit: { userId: null, code, asset: w.asset },
    amount,
    kind: `withdraw.${what}`,
    ref,
    idempotencyKey: `${ref}:${what}`,
  });
  const out = [fromLocked(ACCOUNTS.withdrawalsPaid, w.received, 'paid')];
  if (w.fee > 0n) out.push(fromLocked(ACCOUNTS.withdrawFees, w.fee, 'fee'));
  return out;
}

/** The withdrawals' part of the chain watcher: the vault's Claimed and VoucherCancelled events. */
export const vaultEventHandler: ChainEventHandler<VaultEvent> = {
  name: 'withdraw.vault',
  address: (ctx) => ctx.chain.contracts.vault,
  events: [
    getAbiItem({ abi: vaultAbi, name: 'Claimed' }),
    getAbiItem({ abi: vaultAbi, name: 'VoucherCancelled' }),
  ],
  decode: vaultEvents,
  ingest: ingestVaultEvents,
};
