import { type DbOrTx, rowsOf, schema } from '@agc/db';
import { type AdminWithdrawal, formatAmount, tokenDecimals, type WithdrawType } from '@agc/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { writeAudit } from '../admin/audit-log.ts';
import { ACCOUNTS, transferBatch } from '../ledger/ledger.ts';
import {
  listWithdrawals,
  memberKey,
  toWithdrawalDto,
  type WithdrawalRow,
  type WithdrawPageQuery,
} from './withdrawals.ts';

const { withdrawals, auditLog } = schema;

const snapshot = (w: WithdrawalRow) => ({ status: w.status, reason: w.reason, note: w.auditNote });

/**
 * Withdrawals as the audit page shows them: with each member's available balance of the asset now
 * (one lookup on the accounts' key for all of them).
 */
export async function toAdminRows(ctx: AppContext, rows: WithdrawalRow[]): Promise<AdminWithdrawal[]> {
  const available = new Map<string, bigint>();
  if (rows.length > 0) {
    const balances = rowsOf<{ user_id: string; asset: string; balance: string }>(
      await ctx.db.execute(sql`
        select a.user_id::text as user_id, a.asset, a.balance::text as balance
        from unnest(${sql.param(rows.map((w) => w.userId.toString()))}::bigint[],
          ${sql.param(rows.map((w) => w.asset))}::text[]) as k(uid, asset)
        join ledger_accounts a on coalesce(a.user_id, 0) = k.uid and a.code = ${ACCOUNTS.available}
          and a.asset = k.asset`),
    );
    for (const r of balances) available.set(memberKey(BigInt(r.user_id), r.asset), BigInt(r.balance));
  }
  return rows.map((w) => ({
    ...toWithdrawalDto(ctx, w),
    member_available: formatAmount(
      available.get(memberKey(w.userId, w.asset)) ?? 0n,
      tokenDecimals(w.type as WithdrawType),
    ),
    audit_note: w.auditNote,
  }));
}

/** The audit page's list. */
export async function listForAudit(ctx: AppContext, q: WithdrawPageQuery) {
  const page = await listWithdrawals(ctx.db, q);
  return { ...page, list: await toAdminRows(ctx, page.list) };
}

/**
 * One audit decision on one Auditing withdrawal: lock it, refuse unless it is still Auditing, set the
 * decision's columns, let `then` post what moves with it, and write the audit log entry (before and
 * after) in the same transaction.
 */
async function decide(
  ctx: AppContext,
  actor: SessionUser,
  id: bigint,
  action: 'withdraw.approve' | 'withdraw.reject',
  set: Partial<WithdrawalRow>,
  then?: (tx: DbOrTx, before: WithdrawalRow) => Promise<unknown>,
): Promise<WithdrawalRow> {
  const after = await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update');
    if (!before) throw notFound('withdraw.not_found');
    if (before.status !== 'Auditing') throw badRequest('withdraw.not_auditing');
    const [row] = await tx
      .update(withdrawals)
      .set({ ...set, auditedBy: actor.id, auditedAt: ctx.now() })
      .where(eq(withdrawals.id, id))
      .returning();
    await then?.(tx, before);
    await writeAudit(tx, {
      actorId: actor.id,
      action,
      target: `withdraw:${id}`,
      before: snapshot(before),
      after: snapshot(row!),
    });
    return row!;
  });
  ctx.cache.me.delete(after.userId);
  return after;
}

/**
 * Approve one Auditing withdrawal: it becomes Withdrawable (the member may fetch a voucher). No money
 * moves: the amount already sits in the member's locked balance.
 */
export const approveWithdrawal = (
  ctx: AppContext,
  actor: SessionUser,
  id: bigint,
  note: string | undefined,
) => decide(ctx, actor, id, 'withdraw.approve', { status: 'Withdrawable', auditNote: note ?? null });

/**
 * Reject one Auditing withdrawal with a reason the member sees: Rejected, and the amount goes back
 * from locked to available in the same transaction. Only Auditing ones: once approved, a voucher may
 * be out and the vault would still pay it.
 */
export const rejectWithdrawal = (ctx: AppContext, actor: SessionUser, id: bigint, reason: string) =>
  decide(ctx, actor, id, 'withdraw.reject', { status: 'Rejected', reason }, (tx, before) =>
    transferBatch(tx, [
      {
        debit: { userId: before.userId, code: ACCOUNTS.locked, asset: before.asset },
        credit: { userId: before.userId, code: ACCOUNTS.available, asset: before.asset },
        amount: before.amount,
        kind: 'withdraw.reject',
        ref: `withdraw:${id}`,
        idempotencyKey: `withdraw:${id}:unlock`,
      },
    ]),
  );

/**
 * Approve many at once: every listed withdrawal still Auditing becomes Withdrawable in one statement
 * (each audit-logged); the others (already decided, or unknown) are reported as skipped.
 */
export async function bulkApprove(
  ctx: AppContext,
  actor: SessionUser,
  ids: bigint[],
  note: string | undefined,
): Promise<{ approved: string[]; skipped: string[] }> {
  const unique = [...new Set(ids)];
  const approved = await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .update(withdrawals)
      .set({ status: 'Withdrawable', auditNote: note ?? null, auditedBy: actor.id, auditedAt: ctx.now() })
      .where(and(inArray(withdrawals.id, unique), eq(withdrawals.status, 'Auditing')))
      .returning();
    if (rows.length > 0)
      await tx.insert(auditLog).values(
        rows.map((row) => ({
          actorId: actor.id,
          action: 'withdraw.approve',
          target: `withdraw:${row.id}`,
          before: { status: 'Auditing', reason: null, note: null },
          after: snapshot(row),
        })),
      );
    return rows;
  });
  for (const w of approved) ctx.cache.me.delete(w.userId);
  const done = new Set(approved.map((w) => w.id));
  return {
    approved: approved.map((w) => w.id.toString()).sort((a, b) => Number(BigInt(a) - BigInt(b))),
    skipped: unique.filter((id) => !done.has(id)).map(String),
  };
}
