import { type DbOrTx, rowsOf, schema } from '@agc/db';
import {
  AGC_DECIMALS,
  ErrorCode,
  formatAmount,
  type Order,
  type OrderStatus,
  USDT_DECIMALS,
} from '@agc/shared';
import { and, count, desc, eq, lt, sql } from 'drizzle-orm';
import { TransactionReceiptNotFoundError } from 'viem';
import type { AppContext } from '../../context.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import type { Translate } from '../../plugins/i18n.ts';
import { chainClient } from '../chain/index.ts';
import { agcToUsdt, usdtToAgc } from '../pricing/index.ts';
import { applyPpm } from '../rules/index.ts';
import { paidEvents } from './payments.ts';
import { findProduct } from './products.ts';

const { orders, users } = schema;

export type OrderRow = typeof orders.$inferSelect;
/** An order with its member's address (the paying wallet). */
export type OrderView = OrderRow & { address: string };

/**
 * Why an order is Verifying or Canceled: message codes under `order.reasons` in the API locales,
 * translated when the order is shown.
 */
export const REASONS = {
  awaitingConfirmation: 'awaiting_confirmation',
  payerMismatch: 'payer_mismatch',
  amountMismatch: 'amount_mismatch',
  paidAfterCancel: 'paid_after_cancel',
  txReverted: 'tx_reverted',
  txNotFound: 'tx_not_found',
  awaitingFinality: 'awaiting_finality',
  reportExpired: 'report_expired',
  noPaymentEvent: 'no_payment_event',
  quoteExpired: 'quote_expired',
  canceledByMember: 'canceled_by_member',
  adminConfirmed: 'admin_confirmed',
  adminCanceled: 'admin_canceled',
} as const;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The API form of an order; `t` translates the reason for the reader. */
export function toOrderDto(o: OrderView, t: Translate): Order {
  const feeUsdt = agcToUsdt(o.feeAgc, o.agcPriceUsdt);
  return {
    order_id: o.id.toString(),
    product: { id: o.productId, name: o.productName },
    status: o.status,
    pay_amount_usdt: formatAmount(o.priceUsdt, USDT_DECIMALS),
    service_fee_agc: formatAmount(o.feeAgc, AGC_DECIMALS),
    agc_price_usdt: formatAmount(o.agcPriceUsdt, USDT_DECIMALS),
    total_amount_usdt: formatAmount(o.priceUsdt + feeUsdt, USDT_DECIMALS),
    amount_received_usdt: formatAmount(o.status === 'Success' ? o.priceUsdt : 0n, USDT_DECIMALS),
    payment_method: 'USDT + AGC',
    wallet: o.address,
    tx_hash: o.payTxHash,
    transaction_id: o.paymentTransferId?.toString() ?? null,
    created_at: o.createdAt.toISOString(),
    quote_expires_at: o.quoteExpiresAt.toISOString(),
    pay_time: iso(o.payReportedAt),
    collection_time: iso(o.confirmedAt),
    canceled_at: iso(o.canceledAt),
    reason: o.reason ? t(`order.reasons.${o.reason}`, { note: o.auditNote ?? '' }) : null,
  };
}

const viewColumns = { order: orders, address: users.address };
const flatten = (r: { order: OrderRow; address: string }): OrderView => ({ ...r.order, address: r.address });

export async function findOrder(db: DbOrTx, id: bigint): Promise<OrderView | undefined> {
  const [row] = await db
    .select(viewColumns)
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, id))
    .limit(1);
  return row && flatten(row);
}

/** The member's own order; anyone else's answers 404 (not a leak of its existence). */
export async function findOwnOrder(db: DbOrTx, userId: bigint, id: bigint): Promise<OrderView> {
  const order = await findOrder(db, id);
  if (!order || order.userId !== userId) throw notFound('order.not_found');
  return order;
}

export interface OrderPageQuery {
  userId?: bigint;
  status?: OrderStatus;
  page: number;
  size: number;
}

/** A page of orders, newest first: a member's own (userId) or everyone's (the audit page). */
export async function listOrders(db: DbOrTx, q: OrderPageQuery) {
  const where = and(
    q.userId === undefined ? undefined : eq(orders.userId, q.userId),
    q.status === undefined ? undefined : eq(orders.status, q.status),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(viewColumns)
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  const n = total?.n ?? 0;
  return { list: rows.map(flatten), total: n, page: q.page, size: q.size, has_more: q.page * q.size < n };
}

/**
 * A quote: the USDT price of the product, and the service fee (ORDER_FEE_PERCENT of the price) in
 * AGC at the current AGC price, rounded up to the AGC unit. Fixed in the order until it expires.
 */
export async function createOrder(ctx: AppContext, user: SessionUser, productId: number): Promise<OrderView> {
  const product = await findProduct(ctx.db, productId);
  if (!product || product.status !== 'on') throw badRequest('order.product_unavailable');
  const price = await ctx.prices.agcPrice();
  const now = ctx.now();
  const feeAgc = usdtToAgc(applyPpm(product.priceUsdt, ctx.config.shop.feePpm), price);
  const [row] = await ctx.db
    .insert(orders)
    .values({
      userId: user.id,
      productId: product.id,
      productName: product.name,
      priceUsdt: product.priceUsdt,
      feeAgc,
      agcPriceUsdt: price.usdtPerAgc,
      quoteExpiresAt: new Date(now.getTime() + ctx.config.shop.quoteTtlMs),
      createdAt: now,
    })
    .returning();
  if (!row) throw new Error('order insert returned nothing');
  return { ...row, address: user.address };
}

/** The member cancels an Unpaid order; anything else is refused and nothing changes. */
export async function cancelOrder(ctx: AppContext, user: SessionUser, id: bigint): Promise<OrderView> {
  await findOwnOrder(ctx.db, user.id, id);
  const [row] = await ctx.db
    .update(orders)
    .set({ status: 'Canceled', canceledAt: ctx.now(), reason: REASONS.canceledByMember })
    .where(and(eq(orders.id, id), eq(orders.status, 'Unpaid')))
    .returning();
  if (!row) throw badRequest('order.not_cancelable');
  return { ...row, address: user.address };
}

/** An Unpaid order whose quote is still valid: what the payment steps need. */
export async function payableOrder(ctx: AppContext, user: SessionUser, id: bigint): Promise<OrderView> {
  const order = await findOwnOrder(ctx.db, user.id, id);
  if (order.status !== 'Unpaid') throw badRequest('order.not_payable');
  if (order.quoteExpiresAt.getTime() <= ctx.now().getTime()) throw badRequest('order.expired');
  return order;
}

/**
 * A reported hash must pay this order: its receipt exists, succeeded, and holds the payment contract's
 * Paid event for this order id, by the order's member, for the quoted amounts. So nobody can park a hash
 * that is not mined, that failed, or that pays another order (another member's) on an order: the audit
 * queue only ever holds real payments. Crediting still waits for the watcher at finality.
 */
async function assertPaysOrder(ctx: AppContext, order: OrderView, hash: `0x${string}`): Promise<void> {
  let receipt: Awaited<ReturnType<ReturnType<typeof chainClient>['getTransactionReceipt']>> | null;
  try {
    receipt = await chainClient(ctx.chain).getTransactionReceipt({ hash });
  } catch (e) {
    if (e instanceof TransactionReceiptNotFoundError) receipt = null;
    else throw new AppError(ErrorCode.unavailable, 'order.report_chain_unavailable');
  }
  if (!receipt) throw badRequest('order.report_not_found');
  if (receipt.status !== 'success') throw badRequest('order.report_reverted');
  const pays = paidEvents(ctx, receipt.logs).some(
    (e) =>
      e.orderId === order.id &&
      e.payer === order.address &&
      e.usdtAmount === order.priceUsdt &&
      e.agcAmount === order.feeAgc,
  );
  if (!pays) throw badRequest('order.report_other_order');
}

/**
 * The member reports the pay transaction: Unpaid → Verifying, once the chain shows that it pays the
 * order (assertPaysOrder). Reporting the same hash again is answered with the order as it is (a retried
 * request); the chain watcher decides Success.
 */
export async function reportPayment(
  ctx: AppContext,
  user: SessionUser,
  id: bigint,
  txHash: string,
  retry = true,
): Promise<OrderView> {
  const hash = txHash.toLowerCase();
  const order = await findOwnOrder(ctx.db, user.id, id);
  if (order.payTxHash === hash) return order;
  if (order.status !== 'Unpaid' && !(order.status === 'Success' && order.payTxHash === null))
    throw badRequest('order.not_payable');
  if (retry) await assertPaysOrder(ctx, order, hash as `0x${string}`);
  try {
    const [row] = await ctx.db
      .update(orders)
      .set(
        order.status === 'Unpaid'
          ? {
              status: 'Verifying',
              payTxHash: hash,
              payReportedAt: ctx.now(),
              reason: REASONS.awaitingConfirmation,
            }
          : { payTxHash: hash },
      )
      .where(and(eq(orders.id, id), eq(orders.status, order.status), sql`${orders.payTxHash} is null`))
      .returning();
    // The watcher may have confirmed the order between the read and the update: read it again.
    if (!row) {
      if (retry) return reportPayment(ctx, user, id, txHash, false);
      throw badRequest('order.not_payable');
    }
    return { ...row, address: user.address };
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError(ErrorCode.conflict, 'order.tx_used');
    throw e;
  }
}

/**
 * A reported payment that the watcher never confirmed (its block left the chain, say) within
 * ORDER_REPORT_TTL_MINUTES gives the order back to the member: Unpaid while the quote still holds (pay
 * again, or cancel), Canceled after. Orders with a payment event on record are never touched: money
 * arrived, an auditor decides. Returns how many orders went back.
 */
export async function expireReports(db: DbOrTx, now: Date, ttlMs: number): Promise<number> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      update orders o set
        status = case when o.quote_expires_at > ${now.toISOString()}::timestamptz then 'Unpaid' else 'Canceled' end,
        canceled_at = case when o.quote_expires_at > ${now.toISOString()}::timestamptz then null
          else ${now.toISOString()}::timestamptz end,
        pay_tx_hash = null, pay_reported_at = null, reason = ${REASONS.reportExpired}
      where o.status = 'Verifying' and o.reason = ${REASONS.awaitingConfirmation}
        and o.pay_reported_at < ${new Date(now.getTime() - ttlMs).toISOString()}::timestamptz
        and not exists (select 1 from chain_events e where e.order_id = o.id and e.orphaned_at is null)
      returning o.id::text as id`),
  );
  return rows.length;
}

/**
 * Cancels Unpaid orders whose quote expired more than the grace period ago (a payment sent just
 * before expiry may still be mined; the watcher would then find the order Unpaid and confirm it).
 * Returns how many were canceled.
 */
export async function expireOrders(db: DbOrTx, now: Date, graceMs: number): Promise<number> {
  const rows = await db
    .update(orders)
    .set({ status: 'Canceled', canceledAt: now, reason: REASONS.quoteExpired })
    .where(and(eq(orders.status, 'Unpaid'), lt(orders.quoteExpiresAt, new Date(now.getTime() - graceMs))))
    .returning({ id: orders.id });
  return rows.length;
}
