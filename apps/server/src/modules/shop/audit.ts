import type { DbOrTx } from '@agc/db';
import { ErrorCode } from '@agc/shared';
import { defined } from '@agc/shared/defined';
import type { AppContext } from '@server/context.ts';
import { invalidate } from '@server/lib/caches.ts';
import { AppError, badRequest, notFound } from '@server/lib/errors.ts';
import { writeAudit } from '@server/modules/audit/index.ts';
import { chainClient, finalBlockNumber } from '@server/modules/chain/index.ts';
import type { SessionUser } from '@server/plugins/auth.ts';
import type { Hash } from 'viem';
import { confirmOrders } from './confirmation.ts';
import { ingestPaidEvents, paidEvents } from './payments.ts';
import {
  cancelByAuditor,
  findOrder,
  hasCoveringPayment,
  type LockedOrder,
  lockOrders,
  type OrderView,
  setVerifyingReason,
} from './repository.ts';
import { REASONS } from './service.ts';

const snapshot = (o: OrderView) => ({ status: o.status, reason: o.reason, note: o.auditNote });

async function lockOrder(tx: DbOrTx, id: bigint): Promise<LockedOrder> {
  const order = (await lockOrders(tx, [id])).get(id);
  if (!order) throw notFound('order.not_found');
  return order;
}

/**
 * One audited change of one order: lock it, apply the change, write the audit log entry (before and
 * after) in the same transaction, and return the order as it is now.
 */
async function auditedChange(
  ctx: AppContext,
  actor: SessionUser,
  id: bigint,
  action: string,
  change: (tx: DbOrTx, order: LockedOrder) => Promise<void>,
): Promise<OrderView> {
  const changed = await ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    await change(tx, order);
    const after = defined(await findOrder(tx, id));
    await writeAudit(tx, {
      actorId: actor.id,
      action,
      target: `order:${id}`,
      before: snapshot(order),
      after: snapshot(after),
    });
    return after;
  });
  invalidate(ctx, { kind: 'allFigures' });
  return changed;
}

const mustVerify = (o: OrderView) => {
  if (o.status !== 'Verifying') throw badRequest('audit.not_verifying');
};

/**
 * Reads the order's reported pay transaction on chain again: a payment event in its receipt is
 * ingested like the watcher would (idempotent), which may confirm the order; otherwise the reason
 * says what the chain shows (not mined, reverted, no payment event).
 */
export async function recheckOrder(ctx: AppContext, actor: SessionUser, id: bigint): Promise<OrderView> {
  const before = await findOrder(ctx.db, id);
  if (!before) throw notFound('order.not_found');
  mustVerify(before);
  let reason: string | null = null;
  let events: ReturnType<typeof paidEvents> = [];
  if (!before.payTxHash) reason = REASONS.txNotFound;
  else {
    const receipt = await chainClient(ctx.chain)
      .getTransactionReceipt({ hash: before.payTxHash as Hash })
      .catch(() => null);
    if (!receipt) reason = REASONS.txNotFound;
    else if (receipt.status !== 'success') reason = REASONS.txReverted;
    else {
      events = paidEvents(ctx, receipt.logs).filter((e) => e.orderId === id);
      if (events.length === 0) reason = REASONS.noPaymentEvent;
      // Credited only at finality, as the watcher does: a recheck is no way around it.
      else if (receipt.blockNumber > (await finalBlockNumber(ctx))) {
        reason = REASONS.awaitingFinality;
        events = [];
      }
    }
  }
  return auditedChange(ctx, actor, id, 'order.recheck', async (tx, order) => {
    mustVerify(order);
    if (events.length > 0) await ingestPaidEvents(ctx, tx, events);
    if (reason !== null) await setVerifyingReason(tx, id, reason);
  });
}

/**
 * An auditor confirms a Verifying order whose payment is on chain (an ingested payment event for
 * this order covering the quote) but did not match on its own (another payer, paid after the quote
 * was canceled, more than quoted). Without such an event nothing is credited.
 */
export async function confirmOrderByAudit(
  ctx: AppContext,
  actor: SessionUser,
  id: bigint,
  note: string,
): Promise<OrderView> {
  return auditedChange(ctx, actor, id, 'order.confirm', async (tx, order) => {
    mustVerify(order);
    // Maker-checker: an auditor does not credit their own order.
    if (order.userId === actor.id) throw new AppError(ErrorCode.forbidden, 'audit.own_order');
    const covering = await hasCoveringPayment(tx, {
      chainId: ctx.chain.id,
      orderId: id,
      usdt: order.priceUsdt,
      agc: order.feeAgc,
    });
    if (!covering) throw badRequest('audit.no_payment');
    await confirmOrders(ctx, tx, [order], { note });
  });
}

/** An auditor cancels an Unpaid or Verifying order, with a note; nothing is credited. */
export async function cancelOrderByAudit(
  ctx: AppContext,
  actor: SessionUser,
  id: bigint,
  note: string,
): Promise<OrderView> {
  return auditedChange(ctx, actor, id, 'order.cancel', async (tx, order) => {
    if (order.status !== 'Verifying' && order.status !== 'Unpaid') throw badRequest('audit.not_cancelable');
    await cancelByAuditor(tx, id, ctx.now(), REASONS.adminCanceled, note);
  });
}
