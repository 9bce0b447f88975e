import { type DbOrTx, schema } from '@agc/db';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { EventPlace } from '../chain/index.ts';
import {
  ACCOUNTS,
  type AccountRef,
  lockBalances,
  refKey,
  type TransferInput,
  transferBatch,
} from '../ledger/index.ts';
import type { AgcPrice } from '../pricing/index.ts';
import { lockRewardsShared, rewardTransfers, splitReward } from '../rewards/credit.ts';
import { applyPpm, capReward, dayKey, levelOf } from '../rules/index.ts';
import { type OrderRow, REASONS } from './orders.ts';

const { orders, users, rewards } = schema;

/** A payment event of the Transfer contract, as read from the chain. */
export interface PaidEvent extends EventPlace {
  orderId: bigint;
  payer: string;
  usdtAmount: bigint;
  agcAmount: bigint;
}

/** What ingestion did with an event (stored on chain_events.outcome). */
export type PaymentOutcome =
  | 'confirmed'
  | 'unknown_order'
  | 'already_confirmed'
  | (typeof REASONS)[keyof typeof REASONS];

type OrderForConfirm = OrderRow & { address: string; inviterId: bigint | null };

const usdt = (userId: bigint | null, code: AccountRef['code']): AccountRef => ({
  userId,
  code,
  asset: 'USDT',
});
const agc = (userId: bigint | null, code: AccountRef['code']): AccountRef => ({ userId, code, asset: 'AGC' });

/** Locks the orders named by the events, with their member's address and inviter. */
async function lockOrders(tx: DbOrTx, ids: bigint[]): Promise<Map<bigint, OrderForConfirm>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ order: orders, address: users.address, inviterId: users.inviterId })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(inArray(orders.id, ids))
    .orderBy(orders.id)
    .for('update', { of: orders });
  return new Map(rows.map((r) => [r.order.id, { ...r.order, address: r.address, inviterId: r.inviterId }]));
}

/**
 * Decides each new payment event against its order and confirms the ones that match, in one
 * transaction with constant queries per batch. A payment matches when the order is Unpaid or
 * Verifying, the payer is the order's member and both amounts equal the quote. Anything else leaves
 * the order (or moves it to) Verifying with the reason, for the audit-order page; nothing is credited.
 * Events must be new (the caller inserted them into chain_events just now), in chain order.
 */
export async function applyPayments(
  ctx: AppContext,
  tx: DbOrTx,
  events: PaidEvent[],
): Promise<PaymentOutcome[]> {
  const locked = await lockOrders(tx, [...new Set(events.map((e) => e.orderId))]);
  const outcomes: PaymentOutcome[] = [];
  const confirmed: OrderForConfirm[] = [];
  const toVerify = new Map<bigint, string>();
  for (const e of events) {
    const order = locked.get(e.orderId);
    let outcome: PaymentOutcome;
    if (!order) outcome = 'unknown_order';
    else if (order.status === 'Success' || confirmed.includes(order)) outcome = 'already_confirmed';
    else if (order.status === 'Canceled') outcome = REASONS.paidAfterCancel;
    else if (e.payer.toLowerCase() !== order.address) outcome = REASONS.payerMismatch;
    else if (e.usdtAmount !== order.priceUsdt || e.agcAmount !== order.feeAgc)
      outcome = REASONS.amountMismatch;
    else outcome = 'confirmed';
    outcomes.push(outcome);
    if (!order) continue;
    if (outcome === 'confirmed') {
      confirmed.push(order);
      toVerify.delete(order.id);
    } else if (outcome !== 'already_confirmed' && !confirmed.includes(order)) {
      toVerify.set(order.id, outcome);
    }
  }
  if (toVerify.size > 0) {
    const values = sql.join(
      [...toVerify].map(([id, reason]) => sql`(${id.toString()}::bigint, ${reason})`),
      sql`, `,
    );
    await tx.execute(sql`
      update orders o set status = 'Verifying', reason = v.reason
      from (values ${values}) as v(id, reason) where o.id = v.id`);
  }
  await confirmOrders(ctx, tx, confirmed, null);
  return outcomes;
}

/**
 * Credits confirmed orders (the orders must be locked by the caller, and not Success yet): each
 * posts its payment, fee and dividend cap, and its inviter's referral reward limited by the
 * inviter's remaining dividends and day top profit (what the caps cut is recorded on the reward),
 * split into USDT and AGC by vc_rate. Then the orders become Success. `audit` marks an admin's
 * confirmation. Idempotent by the ledger keys and the reward key.
 */
export async function confirmOrders(
  ctx: AppContext,
  tx: DbOrTx,
  list: OrderForConfirm[],
  audit: { note: string } | null,
): Promise<void> {
  if (list.length === 0) return;
  await lockRewardsShared(tx);
  const { rules } = ctx.config;
  const now = ctx.now();
  const price: AgcPrice = await ctx.prices.agcPrice();

  // Balances the caps depend on, locked, then tracked in memory in chain order.
  const members = [
    ...new Set(list.flatMap((o) => (o.inviterId === null ? [o.userId] : [o.userId, o.inviterId]))),
  ];
  const balances = await lockBalances(
    tx,
    members.flatMap((id) => [usdt(id, ACCOUNTS.remainingDividends), usdt(id, ACCOUNTS.investment)]),
  );
  const inviters = [...new Set(list.flatMap((o) => (o.inviterId === null ? [] : [o.inviterId])))];
  const paidToday = new Map<bigint, bigint>();
  if (inviters.length > 0) {
    const rows = await tx
      .select({ userId: rewards.userId, paid: sql<string>`sum(${rewards.due} - ${rewards.cut})::text` })
      .from(rewards)
      .where(and(inArray(rewards.userId, inviters), eq(rewards.day, dayKey(now))))
      .groupBy(rewards.userId);
    for (const r of rows) paidToday.set(r.userId, BigInt(r.paid));
  }
  const bal = (ref: AccountRef) => balances.get(refKey(ref)) ?? 0n;
  const add = (ref: AccountRef, amount: bigint) => balances.set(refKey(ref), bal(ref) + amount);

  const transfers: TransferInput[] = [];
  const rewardRows: Array<typeof rewards.$inferInsert> = [];
  const post = (t: Omit<TransferInput, 'idempotencyKey'>, key: string) =>
    transfers.push({ ...t, idempotencyKey: key });

  for (const o of list) {
    const ref = `order:${o.id}`;
    const cap = o.priceUsdt * rules.earningsCap;
    post(
      {
        debit: usdt(null, ACCOUNTS.chainInflow),
        credit: usdt(o.userId, ACCOUNTS.investment),
        amount: o.priceUsdt,
        kind: 'order.payment',
        ref,
      },
      `${ref}:payment`,
    );
    post(
      {
        debit: agc(null, ACCOUNTS.chainInflow),
        credit: agc(o.userId, ACCOUNTS.feesPaid),
        amount: o.feeAgc,
        kind: 'order.fee',
        ref,
      },
      `${ref}:fee`,
    );
    post(
      {
        debit: usdt(null, ACCOUNTS.dividendCapIssued),
        credit: usdt(o.userId, ACCOUNTS.remainingDividends),
        amount: cap,
        kind: 'order.dividend_cap',
        ref,
      },
      `${ref}:cap`,
    );
    add(usdt(o.userId, ACCOUNTS.investment), o.priceUsdt);
    add(usdt(o.userId, ACCOUNTS.remainingDividends), cap);

    if (o.inviterId === null) continue;
    const inviter = o.inviterId;
    const due = applyPpm(o.priceUsdt, rules.referralPpm);
    const remaining = bal(usdt(inviter, ACCOUNTS.remainingDividends));
    const level = levelOf(rules, bal(usdt(inviter, ACCOUNTS.investment)));
    const { paid, cut, cutReason } = capReward(due, remaining, level.dayTop - (paidToday.get(inviter) ?? 0n));
    const split = splitReward(rules, paid, price);
    const rewardRef = `reward:referral:${ref}`;
    for (const t of rewardTransfers(inviter, 'referral', rewardRef, paid, split)) transfers.push(t);
    if (paid > 0n) {
      add(usdt(inviter, ACCOUNTS.remainingDividends), -paid);
      paidToday.set(inviter, (paidToday.get(inviter) ?? 0n) + paid);
    }
    if (due > 0n)
      rewardRows.push({
        userId: inviter,
        kind: 'referral',
        base: o.priceUsdt,
        ratePpm: Number(rules.referralPpm),
        due,
        cut,
        cutReason,
        creditedUsdt: split.usdt,
        creditedAgc: split.agc,
        sourceUserId: o.userId,
        level: level.level,
        day: dayKey(now),
        ref,
        createdAt: now,
      });
  }

  const posted = await transferBatch(tx, transfers);
  if (rewardRows.length > 0) await tx.insert(rewards).values(rewardRows).onConflictDoNothing();
  const values = sql.join(
    list.map((o) => {
      const id = posted.get(`order:${o.id}:payment`);
      return sql`(${o.id.toString()}::bigint, ${id === undefined ? null : id.toString()}::bigint)`;
    }),
    sql`, `,
  );
  await tx.execute(sql`
    update orders o set status = 'Success', confirmed_at = ${now.toISOString()}::timestamptz,
      payment_transfer_id = coalesce(v.transfer_id, o.payment_transfer_id),
      -- Paid but not reported yet (the app reports after its pause): the payment was seen now.
      pay_reported_at = coalesce(o.pay_reported_at, ${now.toISOString()}::timestamptz),
      reason = ${audit ? REASONS.adminConfirmed : null}, audit_note = ${audit?.note ?? null}
    from (values ${values}) as v(id, transfer_id) where o.id = v.id`);
}
