import { transferAbi } from '@agc/contracts';
import type { DbOrTx } from '@agc/db';
import type { AppContext } from '@server/context.ts';
import {
  type ChainEventHandler,
  ingestPaid,
  isShopOrderId,
  type OrphanedEvent,
  openIncidents,
  paidLogs,
} from '@server/modules/chain/index.ts';
import { getAbiItem, type Log } from 'viem';
import { applyPayments, type PaidEvent } from './confirmation.ts';
import { lockOrders } from './repository.ts';

/** Paid events of shop orders among logs (others, and fund subscriptions' ids, are ignored). */
export const paidEvents = (ctx: AppContext, logs: Log[]): PaidEvent[] => paidLogs(ctx, logs, isShopOrderId);

/**
 * Ingests payment events inside the caller's transaction (chain `ingestPaid`): each is stored once, with its
 * order's id; only the ones stored now are applied to their orders, so reading a range twice, or two processes
 * reading it, confirms nothing twice. Returns how many were new.
 */
export const ingestPaidEvents = (ctx: AppContext, tx: DbOrTx, events: PaidEvent[]): Promise<number> =>
  ingestPaid(
    ctx,
    tx,
    events,
    'orderId',
    (todo) => applyPayments(ctx, tx, todo),
    (o) => o,
  );

/**
 * Paid events of shop orders that a reorg took off the chain after they were final: an order they made Success
 * (credited: investment, fee, dividend cap, the inviter's referral, team volume) gets a chain incident, disputing
 * its price until an admin reverses or accepts it. Events that credited nothing (refused payments) are left as
 * orphaned events only.
 */
export async function openShopIncidents(ctx: AppContext, tx: DbOrTx, events: OrphanedEvent[]): Promise<void> {
  const mine = events.filter(
    (e) => e.contract === 'transfer' && e.name === 'Paid' && e.orderId !== null && isShopOrderId(e.orderId),
  );
  if (mine.length === 0) return;
  const orders = await lockOrders(tx, [...new Set(mine.map((e) => e.orderId as bigint))]);
  await openIncidents(
    tx,
    mine.flatMap((e) => {
      const order = orders.get(e.orderId as bigint);
      if (order?.status !== 'Success') return [];
      return [
        {
          chainEventId: e.id,
          subject: 'shop_order' as const,
          subjectId: order.id,
          userId: order.userId,
          amountUsdt: order.priceUsdt,
        },
      ];
    }),
    ctx.now(),
  );
}

/** The shop's part of the chain watcher: the payment contract's Paid events. */
export const paymentEvents: ChainEventHandler<PaidEvent> = {
  name: 'shop.Paid',
  address: (ctx) => ctx.chain.contracts.transfer,
  events: [getAbiItem({ abi: transferAbi, name: 'Paid' })],
  decode: paidEvents,
  ingest: ingestPaidEvents,
  orphaned: openShopIncidents,
};
