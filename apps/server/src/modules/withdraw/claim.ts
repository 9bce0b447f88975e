import { devVoucherSigner, signWithdrawVoucher, vaultAbi } from '@agc/contracts';
import { type DbOrTx, schema } from '@agc/db';
import type { WithdrawClaim } from '@agc/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { encodeFunctionData, erc20Abi, type LocalAccount, type Log, parseEventLogs } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { AppContext } from '../../context.ts';
import { badRequest } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { chainClient } from '../chain/client.ts';
import { ACCOUNTS, type TransferInput, transferBatch } from '../ledger/ledger.ts';
import { findOwnWithdrawal, type WithdrawalRow } from './withdrawals.ts';

const { withdrawals, chainEvents } = schema;

const signers = new WeakMap<AppContext, LocalAccount>();

/**
 * The key that signs vouchers: SIGNER_PRIVATE_KEY (required with a real network), or on a local chain
 * the dev signer the runtime deployed the vault with.
 */
export function voucherSigner(ctx: AppContext): LocalAccount {
  let signer = signers.get(ctx);
  if (!signer) {
    signer = ctx.config.chain.signerKey
      ? privateKeyToAccount(ctx.config.chain.signerKey)
      : devVoucherSigner();
    signers.set(ctx, signer);
  }
  return signer;
}

const tokenOf = (ctx: AppContext, asset: WithdrawalRow['asset']) =>
  asset === 'USDT' ? ctx.chain.contracts.usdt : ctx.chain.contracts.agc;

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
  const token = tokenOf(ctx, w.asset);
  // The vault is the guard (it cannot pay more than it holds); this only spares the member a claim
  // that would fail in the wallet. When the chain cannot be read, the voucher is handed out anyway.
  const held = await chainClient(ctx.chain)
    .readContract({
      address: token,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [ctx.chain.contracts.vault],
    })
    .catch(() => null);
  if (held !== null && held < w.received) throw badRequest('withdraw.vault_short');
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
  await ctx.db
    .update(withdrawals)
    .set({ voucherDeadline: deadlineAt })
    .where(
      and(
        eq(withdrawals.id, w.id),
        eq(withdrawals.status, 'Withdrawable'),
        sql`(${withdrawals.voucherDeadline} is null or ${withdrawals.voucherDeadline} < ${deadlineAt})`,
      ),
    );
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

export interface ClaimedEvent {
  txHash: string;
  logIndex: number;
  blockNumber: bigint;
  withdrawalId: bigint;
  account: string;
  token: string;
  amount: bigint;
}

/** Claimed events of the vault among logs (others are ignored). */
export function claimedEvents(ctx: AppContext, logs: Log[]): ClaimedEvent[] {
  const vault = ctx.chain.contracts.vault.toLowerCase();
  return parseEventLogs({ abi: vaultAbi, eventName: 'Claimed', logs })
    .filter((l) => l.address.toLowerCase() === vault && l.transactionHash && l.blockNumber !== null)
    .map((l) => ({
      txHash: l.transactionHash.toLowerCase(),
      logIndex: l.logIndex,
      blockNumber: l.blockNumber,
      withdrawalId: l.args.id,
      account: l.args.account.toLowerCase(),
      token: l.args.token.toLowerCase(),
      amount: l.args.amount,
    }));
}

/** What ingestion did with a Claimed event (chain_events.outcome). */
export type ClaimOutcome = 'claimed' | 'unknown_withdrawal' | 'not_withdrawable' | 'claim_mismatch';

/**
 * Ingests vault Claimed events inside the caller's transaction, each once (unique on chain id, tx
 * hash, log index). A claim that matches its Withdrawable withdrawal (same address, token and amount
 * received) makes it Success and pays the locked amount out in the journal: the amount received to
 * the vault's payouts, the fee to the fee account. Anything else is recorded with its outcome and
 * changes no balance (the vault only pays vouchers the server signed, so it means the key was misused:
 * an auditor must look). Returns how many events were new.
 */
export async function ingestClaimedEvents(
  ctx: AppContext,
  tx: DbOrTx,
  events: ClaimedEvent[],
): Promise<number> {
  if (events.length === 0) return 0;
  const inserted = await tx
    .insert(chainEvents)
    .values(
      events.map((e) => ({
        chainId: ctx.chain.id,
        txHash: e.txHash,
        logIndex: e.logIndex,
        blockNumber: e.blockNumber,
        contract: 'vault',
        name: 'Claimed',
        args: {
          id: e.withdrawalId.toString(),
          account: e.account,
          token: e.token,
          amount: e.amount.toString(),
        },
      })),
    )
    .onConflictDoNothing()
    .returning({ id: chainEvents.id, txHash: chainEvents.txHash, logIndex: chainEvents.logIndex });
  if (inserted.length === 0) return 0;
  const eventId = new Map(inserted.map((r) => [`${r.txHash}:${r.logIndex}`, r.id]));
  const fresh = events.filter((e) => eventId.has(`${e.txHash}:${e.logIndex}`));
  const ids = [...new Set(fresh.map((e) => e.withdrawalId))];
  const rows = await tx
    .select()
    .from(withdrawals)
    .where(inArray(withdrawals.id, ids))
    .orderBy(withdrawals.id)
    .for('update');
  const byId = new Map(rows.map((w) => [w.id, w]));
  const postings: TransferInput[] = [];
  const outcomes: Array<{ id: bigint; outcome: ClaimOutcome }> = [];
  const now = ctx.now();
  for (const e of fresh) {
    const w = byId.get(e.withdrawalId);
    let outcome: ClaimOutcome;
    if (!w) outcome = 'unknown_withdrawal';
    else if (w.status !== 'Withdrawable') outcome = 'not_withdrawable';
    else if (e.account !== w.address || e.token !== tokenOf(ctx, w.asset) || e.amount !== w.received)
      outcome = 'claim_mismatch';
    else {
      outcome = 'claimed';
      w.status = 'Success';
      await tx
        .update(withdrawals)
        .set({ status: 'Success', claimTxHash: e.txHash, claimedAt: now })
        .where(eq(withdrawals.id, w.id));
      postings.push(...payoutTransfers(w));
    }
    outcomes.push({ id: eventId.get(`${e.txHash}:${e.logIndex}`)!, outcome });
  }
  await transferBatch(tx, postings);
  for (const o of outcomes)
    await tx.update(chainEvents).set({ outcome: o.outcome }).where(eq(chainEvents.id, o.id));
  return inserted.length;
}

/** The journal of a paid-out withdrawal: locked → paid out (amount received) and → fees (the fee). */
function payoutTransfers(w: WithdrawalRow): TransferInput[] {
  const locked = { userId: w.userId, code: ACCOUNTS.locked, asset: w.asset } as const;
  const ref = `withdraw:${w.id}`;
  const out: TransferInput[] = [
    {
      debit: locked,
      credit: { userId: null, code: ACCOUNTS.withdrawalsPaid, asset: w.asset },
      amount: w.received,
      kind: 'withdraw.paid',
      ref,
      idempotencyKey: `${ref}:paid`,
    },
  ];
  if (w.fee > 0n)
    out.push({
      debit: locked,
      credit: { userId: null, code: ACCOUNTS.withdrawFees, asset: w.asset },
      amount: w.fee,
      kind: 'withdraw.fee',
      ref,
      idempotencyKey: `${ref}:fee`,
    });
  return out;
}
