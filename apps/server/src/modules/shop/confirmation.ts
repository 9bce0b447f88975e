import type { DbOrTx } from '@agc/db';
import type { AppContext } from '@server/context.ts';
import { closeIncidents, openIncidentsOf, type PaidLog } from '@server/modules/chain/index.ts';
import {
  ACCOUNTS,
  type AccountRef,
  type TransferInput,
  transferBatch,
} from '@server/modules/ledger/index.ts';
import { type ConfirmedOrder, ReferralBatch } from '@server/modules/rewards/index.ts';
import { type LockedOrder, lockOrders, markSuccess, markVerifying } from './repository.ts';
import { REASONS } from './service.ts';

/** A payment event of the Transfer contract, as read from the chain. */
export type PaidEvent = PaidLog;

/** What ingestion did with an event (stored on chain_events.outcome). */
export type PaymentOutcome =
  | 'confirmed'
  | 'unknown_order'
  | 'already_confirmed'
  | (typeof REASONS)[keyof typeof REASONS];

const usdt = (userId: bigint | null, code: AccountRef['code']): AccountRef => ({
  userId,
  code,
  asset: 'USDT',
});
const agc = (userId: bigint | null, code: AccountRef['code']): AccountRef => ({ userId, code, asset: 'AGC' });

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
  const confirmed: LockedOrder[] = [];
  const toVerify = new Map<bigint, string>();
  /** Success orders paid (again) by a matching event: an open chain incident of theirs is settled by it. */
  const paidAgain = new Set<bigint>();
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
    if (
      outcome === 'already_confirmed' &&
      order.status === 'Success' &&
      e.payer.toLowerCase() === order.address &&
      e.usdtAmount === order.priceUsdt &&
      e.agcAmount === order.feeAgc
    )
      paidAgain.add(order.id);
    if (outcome === 'confirmed') {
      confirmed.push(order);
      toVerify.delete(order.id);
    } else if (outcome !== 'already_confirmed' && !confirmed.includes(order)) {
      toVerify.set(order.id, outcome);
    }
  }
  await markVerifying(tx, toVerify);
  await confirmOrders(ctx, tx, confirmed, null);
  if (paidAgain.size > 0)
    await closeIncidents(
      tx,
      (await openIncidentsOf(tx, 'shop_order', [...paidAgain])).map((i) => i.id),
      ctx.now(),
    );
  return outcomes;
}

/**
 * Credits confirmed orders (the orders must be locked by the caller, and not Success yet): each
 * posts its payment, fee and dividend cap, and the rewards module its inviter's referral reward.
 * Then the orders become Success. `audit` marks an admin's confirmation. Idempotent by the ledger
 * keys and the reward key.
 */
export async function confirmOrders(
  ctx: AppContext,
  tx: DbOrTx,
  list: LockedOrder[],
  audit: { note: string } | null,
): Promise<void> {
  if (list.length === 0) return;
  const { rules } = ctx.config;
  const confirmed: ConfirmedOrder[] = list.map((o) => ({
    ref: `order:${o.id}`,
    buyerId: o.userId,
    inviterId: o.inviterId,
    priceUsdt: o.priceUsdt,
    agcPriceUsdt: o.agcPriceUsdt,
  }));
  const referrals = await ReferralBatch.open(ctx, tx, confirmed);
  const transfers: TransferInput[] = [];
  list.forEach((o, i) => {
    const ref = `order:${o.id}`;
    const cap = o.priceUsdt * rules.earningsCap;
    transfers.push(
      {
        debit: usdt(null, ACCOUNTS.chainInflow),
        credit: usdt(o.userId, ACCOUNTS.investment),
        amount: o.priceUsdt,
        kind: 'order.payment',
        ref,
        idempotencyKey: `${ref}:payment`,
      },
      {
        debit: agc(null, ACCOUNTS.chainInflow),
        credit: agc(o.userId, ACCOUNTS.feesPaid),
        amount: o.feeAgc,
        kind: 'order.fee',
        ref,
        idempotencyKey: `${ref}:fee`,
      },
      {
        debit: usdt(null, ACCOUNTS.dividendCapIssued),
        credit: usdt(o.userId, ACCOUNTS.remainingDividends),
        amount: cap,
        kind: 'order.dividend_cap',
        ref,
        idempotencyKey: `${ref}:cap`,
      },
    );
    referrals.confirmed(o.userId, o.priceUsdt, cap);
    transfers.push(...referrals.referral(confirmed[i] as ConfirmedOrder));
  });
  const posted = await transferBatch(tx, transfers);
  await referrals.record(tx);
  await markSuccess(
    tx,
    list.map((o) => ({ id: o.id, paymentTransferId: posted.get(`order:${o.id}:payment`) })),
    ctx.now(),
    audit && { reason: REASONS.adminConfirmed, note: audit.note },
  );
}
