import { transferAbi } from '@agc/contracts';
import type { DbOrTx } from '@agc/db';
import { defined } from '@agc/shared/defined';
import type { AppContext } from '@server/context.ts';
import {
  type ChainEventHandler,
  closeIncidents,
  fundOrderIdOf,
  ingestPaid,
  isFundOrderId,
  type OrphanedEvent,
  openIncidents,
  openIncidentsOf,
  type PaidEventOf,
  paidLogs,
} from '@server/modules/chain/index.ts';
import { transferBatch } from '@server/modules/ledger/index.ts';
import { getAbiItem, type Log } from 'viem';
import { subscriptionPayment } from '../accounts.ts';
import { type FundOrderView, lockFundOrders, markProcessing, setFundOrderReasons } from './repository.ts';

/** A Paid event of a fund subscription, as read from the chain. */
export interface FundPaidEvent extends PaidEventOf<'onChainId'> {
  /** The on-chain id: FUND_ORDER_TAG | the fund order's id. */
  onChainId: bigint;
}

/**
 * Why a payment was not credited (fund_orders.reason and chain_events.outcome), message codes under
 * `fund.order.reasons` in the API locales.
 */
export const FUND_REASONS = {
  awaitingConfirmation: 'awaiting_confirmation',
  payerMismatch: 'payer_mismatch',
  amountMismatch: 'amount_mismatch',
  paidAfterCancel: 'paid_after_cancel',
  quoteExpired: 'quote_expired',
  cancelledByMember: 'cancelled_by_member',
  reportExpired: 'report_expired',
} as const;

export type FundPaymentOutcome =
  | 'confirmed'
  | 'unknown_order'
  | 'already_confirmed'
  | (typeof FUND_REASONS)[keyof typeof FUND_REASONS];

/** Paid events of fund subscriptions among logs (shop orders' ids and other contracts' logs are ignored). */
export const fundPaidEvents = (ctx: AppContext, logs: Log[]): FundPaidEvent[] =>
  paidLogs(ctx, logs, isFundOrderId).map(({ orderId, ...e }) => ({ ...e, onChainId: orderId }));

/**
 * Decides each new payment event against its subscription (locked) and confirms the ones that match: the order is
 * UnPaid or Paid, the payer is its member, the USDT amount is the order's and no AGC was paid. A match becomes
 * Processing, its USDT posted chain inflow → the member's fund_subscribing (key `fundorder:<id>:payment`, which
 * pricing at the NAV moves on). Anything else credits nothing and records the reason on the order (for an admin;
 * an UnPaid order becomes Paid, as money did arrive) and on the event. Events must be new (stored just now), in chain order.
 */
export async function applyFundPayments(
  ctx: AppContext,
  tx: DbOrTx,
  events: FundPaidEvent[],
): Promise<FundPaymentOutcome[]> {
  const locked = await lockFundOrders(tx, [...new Set(events.map((e) => fundOrderIdOf(e.onChainId)))]);
  const outcomes: FundPaymentOutcome[] = [];
  const confirmed: FundOrderView[] = [];
  const hashOf = new Map<bigint, string>();
  const reasons = new Map<bigint, string>();
  /** Credited orders paid (again) by a matching event: an open chain incident of theirs is settled by it. */
  const paidAgain = new Set<bigint>();
  for (const e of events) {
    const order = locked.get(fundOrderIdOf(e.onChainId));
    let outcome: FundPaymentOutcome;
    if (!order) outcome = 'unknown_order';
    else if (confirmed.includes(order) || !['UnPaid', 'Paid', 'Cancelled'].includes(order.status))
      outcome = 'already_confirmed';
    else if (order.status === 'Cancelled') outcome = FUND_REASONS.paidAfterCancel;
    else if (e.payer !== order.address.toLowerCase()) outcome = FUND_REASONS.payerMismatch;
    else if (e.usdtAmount !== order.amountUsdt || e.agcAmount !== 0n) outcome = FUND_REASONS.amountMismatch;
    else outcome = 'confirmed';
    outcomes.push(outcome);
    if (!order) continue;
    if (
      outcome === 'already_confirmed' &&
      CREDITED.includes(order.status) &&
      e.payer === order.address.toLowerCase() &&
      e.usdtAmount === order.amountUsdt &&
      e.agcAmount === 0n
    )
      paidAgain.add(order.id);
    if (outcome === 'confirmed') {
      confirmed.push(order);
      hashOf.set(order.id, e.txHash);
      reasons.delete(order.id);
    } else if (outcome !== 'already_confirmed' && !confirmed.includes(order)) reasons.set(order.id, outcome);
  }
  const now = ctx.now();
  await setFundOrderReasons(tx, reasons, now);
  await transferBatch(
    tx,
    confirmed.map((o) => subscriptionPayment(o.userId, o.id, o.amountUsdt)),
  );
  // One transaction paying two orders (a batching wallet) leaves both hashes empty: the hash is unique per order.
  const hashes = [...hashOf.values()];
  const single = (h: string) => hashes.indexOf(h) === hashes.lastIndexOf(h);
  await markProcessing(
    tx,
    confirmed.map((o) => {
      const h = defined(hashOf.get(o.id));
      return { id: o.id, txHash: single(h) ? h : null };
    }),
    now,
  );
  if (paidAgain.size > 0)
    await closeIncidents(
      tx,
      (await openIncidentsOf(tx, 'fund_order', [...paidAgain])).map((i) => i.id),
      now,
    );
  return outcomes;
}

/** The states of a subscription whose payment was credited (its USDT in the fund, or waiting for its NAV). */
const CREDITED: readonly string[] = ['Processing', 'Subscription', 'Redemption', 'Redeemed'];

/**
 * Paid events of fund subscriptions that a reorg took off the chain after they were final: a subscription they
 * credited gets a chain incident, disputing its amount until an admin reverses or accepts it.
 */
export async function openFundIncidents(ctx: AppContext, tx: DbOrTx, events: OrphanedEvent[]): Promise<void> {
  const mine = events.flatMap((e) => {
    if (e.contract !== 'transfer' || e.name !== 'Paid' || e.args.orderId === undefined) return [];
    const onChainId = BigInt(e.args.orderId);
    return isFundOrderId(onChainId) ? [{ event: e, orderId: fundOrderIdOf(onChainId) }] : [];
  });
  if (mine.length === 0) return;
  const orders = await lockFundOrders(tx, [...new Set(mine.map((m) => m.orderId))]);
  await openIncidents(
    tx,
    mine.flatMap(({ event, orderId }) => {
      const order = orders.get(orderId);
      if (!order || !CREDITED.includes(order.status) || event.outcome !== 'fund.confirmed') return [];
      return [
        {
          chainEventId: event.id,
          subject: 'fund_order' as const,
          subjectId: order.id,
          userId: order.userId,
          amountUsdt: order.amountUsdt,
        },
      ];
    }),
    ctx.now(),
  );
}

/**
 * Ingests fund payment events inside the caller's transaction (chain `ingestPaid`): each stored once, only the
 * ones stored now applied, their outcomes recorded as `fund.<outcome>`. chain_events.order_id stays null (that
 * column holds shop order ids); args.orderId carries the full on-chain id. Returns how many were new.
 */
export const ingestFundPaidEvents = (ctx: AppContext, tx: DbOrTx, events: FundPaidEvent[]): Promise<number> =>
  ingestPaid(
    ctx,
    tx,
    events,
    'onChainId',
    (todo) => applyFundPayments(ctx, tx, todo),
    (o) => `fund.${o}`,
  );

/** The funds' part of the chain watcher: the payment contract's Paid events of fund subscriptions. */
export const fundPaymentEvents: ChainEventHandler<FundPaidEvent> = {
  name: 'funds.Paid',
  address: (ctx) => ctx.chain.contracts.transfer,
  events: [getAbiItem({ abi: transferAbi, name: 'Paid' })],
  decode: fundPaidEvents,
  ingest: ingestFundPaidEvents,
  orphaned: openFundIncidents,
};

// biome-ignore lint/suspicious/noExplicitAny: handlers of different event types side by side
export const fundPaymentHandlers: ChainEventHandler<any>[] = [fundPaymentEvents];
