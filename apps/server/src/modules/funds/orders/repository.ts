import { type DbOrTx, rowsOf, schema } from '@agc/db';
import type { FundOrderStatus } from '@agc/shared';
import { defined } from '@agc/shared/defined';
import { isUniqueViolation } from '@server/lib/db-errors.ts';
import { pageAnswer, pageRows } from '@server/lib/paging.ts';
import { FUND_ORDER_TAG } from '@server/modules/chain/index.ts';
import { and, count, desc, eq, inArray, lt, max, ne, sql } from 'drizzle-orm';

const { fundOrders, fundRedemptions, users } = schema;

export type FundOrderRow = typeof fundOrders.$inferSelect;
export type FundOrderInsert = typeof fundOrders.$inferInsert;
/** A fund order with its member's address (the paying wallet). */
export type FundOrderView = FundOrderRow & { address: string };

const viewColumns = { order: fundOrders, address: users.address };
/** Fund orders joined to their members (select `viewColumns`, read with `flatten`). */
const viewQuery = (db: DbOrTx) =>
  db.select(viewColumns).from(fundOrders).innerJoin(users, eq(users.id, fundOrders.userId));
const flatten = (r: { order: FundOrderRow; address: string }): FundOrderView => ({
  ...r.order,
  address: r.address,
});

export async function insertFundOrder(db: DbOrTx, order: FundOrderInsert): Promise<FundOrderRow> {
  const [row] = await db.insert(fundOrders).values(order).returning();
  if (!row) throw new Error('fund order insert returned nothing');
  return row;
}

export async function findFundOrder(db: DbOrTx, id: bigint): Promise<FundOrderView | undefined> {
  const [row] = await viewQuery(db).where(eq(fundOrders.id, id)).limit(1);
  return row && flatten(row);
}

export interface FundOrderPageQuery {
  /** A member's own orders; absent: everyone's (the admins' view). */
  userId?: bigint;
  status?: FundOrderStatus;
  /** Only orders with one of these reasons. */
  reasons?: string[];
  page: number;
  size: number;
}

/** A page of fund orders, newest first: a member's own (userId) or everyone's. */
export async function fundOrderPage(db: DbOrTx, q: FundOrderPageQuery) {
  const where = and(
    q.userId === undefined ? undefined : eq(fundOrders.userId, q.userId),
    q.status === undefined ? undefined : eq(fundOrders.status, q.status),
    q.reasons === undefined ? undefined : inArray(fundOrders.reason, q.reasons),
  );
  const { list, total } = await pageRows(
    q,
    viewQuery(db).where(where).orderBy(desc(fundOrders.createdAt), desc(fundOrders.id)),
    db.select({ n: count() }).from(fundOrders).where(where),
  );
  return pageAnswer(list.map(flatten), total, q);
}

/** The member's fund orders that hold or wait for units (the summary), all of them. */
export async function openFundOrders(db: DbOrTx, userId: bigint): Promise<FundOrderRow[]> {
  return db
    .select()
    .from(fundOrders)
    .where(
      and(
        eq(fundOrders.userId, userId),
        inArray(fundOrders.status, ['Paid', 'Processing', 'Subscription', 'Redemption', 'Redeemed']),
      ),
    );
}

/** Cancels the order if it is still UnPaid; the row as it is now, or nothing when it was not. */
export async function cancelUnpaidFundOrder(
  db: DbOrTx,
  id: bigint,
  at: Date,
  reason: string,
): Promise<FundOrderRow | undefined> {
  const [row] = await db
    .update(fundOrders)
    .set({ status: 'Cancelled', cancelledAt: at, reason })
    .where(and(eq(fundOrders.id, id), eq(fundOrders.status, 'UnPaid')))
    .returning();
  return row;
}

/**
 * Records a reported payment hash on an order still UnPaid with no hash yet (→ Paid); nothing when the order
 * changed meanwhile; 'used' when the hash is already another fund order's.
 */
export async function recordFundReport(
  db: DbOrTx,
  id: bigint,
  hash: string,
  at: Date,
  reason: string,
): Promise<FundOrderRow | undefined | 'used'> {
  try {
    const [row] = await db
      .update(fundOrders)
      .set({ status: 'Paid', payTxHash: hash, paidAt: at, reason })
      .where(
        and(eq(fundOrders.id, id), eq(fundOrders.status, 'UnPaid'), sql`${fundOrders.payTxHash} is null`),
      )
      .returning();
    return row;
  } catch (e) {
    if (isUniqueViolation(e)) return 'used';
    throw e;
  }
}

/** The on-chain id of a fund order in SQL (FUND_ORDER_TAG | id, as the Paid event's args carry it). */
const onChainIdText = (orderId: unknown) => sql`(${FUND_ORDER_TAG.toString()}::numeric + ${orderId})::text`;

/**
 * Gives back reported payments never confirmed: Paid orders reported before `before` with no Paid event on record
 * for their on-chain id become UnPaid while the quote holds, Cancelled after. Returns how many.
 */
export async function returnUnconfirmedFundReports(
  db: DbOrTx,
  q: { now: Date; before: Date; reason: string },
): Promise<number> {
  const now = q.now.toISOString();
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      update fund_orders o set
        status = case when o.quote_expires_at > ${now}::timestamptz then 'UnPaid' else 'Cancelled' end,
        cancelled_at = case when o.quote_expires_at > ${now}::timestamptz then null else ${now}::timestamptz end,
        pay_tx_hash = null, paid_at = null, reason = ${q.reason}
      where o.status = 'Paid' and o.paid_at < ${q.before.toISOString()}::timestamptz
        and not exists (
          select 1 from chain_events e
          where e.contract = 'transfer' and e.name = 'Paid' and e.orphaned_at is null
            and e.args->>'orderId' = ${onChainIdText(sql`o.id`)})
      returning o.id::text as id`),
  );
  return rows.length;
}

/** Cancels UnPaid fund orders whose quote expired before `before`; returns how many. */
export async function cancelExpiredFundQuotes(
  db: DbOrTx,
  before: Date,
  at: Date,
  reason: string,
): Promise<number> {
  const rows = await db
    .update(fundOrders)
    .set({ status: 'Cancelled', cancelledAt: at, reason })
    .where(and(eq(fundOrders.status, 'UnPaid'), lt(fundOrders.quoteExpiresAt, before)))
    .returning({ id: fundOrders.id });
  return rows.length;
}

/** Locks fund orders (in id order), with their member's address; by id. */
export async function lockFundOrders(tx: DbOrTx, ids: bigint[]): Promise<Map<bigint, FundOrderView>> {
  if (ids.length === 0) return new Map();
  const rows = await viewQuery(tx)
    .where(inArray(fundOrders.id, ids))
    .orderBy(fundOrders.id)
    .for('update', { of: fundOrders });
  return new Map(rows.map((r) => [r.order.id, flatten(r)]));
}

/**
 * Confirmed payments: the orders become Processing (one statement). A payment not reported yet counts as paid now,
 * with the hash of the transaction that paid it (unless that hash is already another order's).
 */
export async function markProcessing(
  tx: DbOrTx,
  list: Array<{ id: bigint; txHash: string | null }>,
  at: Date,
): Promise<void> {
  if (list.length === 0) return;
  const values = sql.join(
    list.map((o) => sql`(${o.id.toString()}::bigint, ${o.txHash}::text)`),
    sql`, `,
  );
  await tx.execute(sql`
    update fund_orders o set status = 'Processing', confirmed_at = ${at.toISOString()}::timestamptz,
      paid_at = coalesce(o.paid_at, ${at.toISOString()}::timestamptz), reason = null,
      pay_tx_hash = coalesce(o.pay_tx_hash, case when not exists (
        select 1 from fund_orders x where x.pay_tx_hash = v.hash) then v.hash end)
    from (values ${values}) as v(id, hash) where o.id = v.id`);
}

/**
 * Records why a payment was not credited on each order. An UnPaid or Paid order becomes Paid (a payment arrived;
 * an admin decides, and the expiry job leaves it alone since its event is on record); a Cancelled one stays so.
 */
export async function setFundOrderReasons(tx: DbOrTx, reasons: Map<bigint, string>, at: Date): Promise<void> {
  if (reasons.size === 0) return;
  const values = sql.join(
    [...reasons].map(([id, reason]) => sql`(${id.toString()}::bigint, ${reason})`),
    sql`, `,
  );
  await tx.execute(sql`
    update fund_orders o set reason = v.reason,
      status = case when o.status in ('UnPaid', 'Paid') then 'Paid' else o.status end,
      paid_at = case when o.status in ('UnPaid', 'Paid') then coalesce(o.paid_at, ${at.toISOString()}::timestamptz)
        else o.paid_at end
    from (values ${values}) as v(id, reason) where o.id = v.id`);
}

/**
 * Per order, the latest redemption request, audit and arrival (completion) among its redemptions not cancelled:
 * the order's redeem, audit and arrival dates. By order id.
 */
export async function redemptionDates(
  db: DbOrTx,
  orderIds: bigint[],
): Promise<Map<bigint, { createdAt: Date; auditedAt: Date | null; completedAt: Date | null }>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({
      orderId: fundRedemptions.orderId,
      createdAt: max(fundRedemptions.createdAt),
      auditedAt: max(fundRedemptions.auditedAt),
      completedAt: max(fundRedemptions.completedAt),
    })
    .from(fundRedemptions)
    .where(and(inArray(fundRedemptions.orderId, orderIds), ne(fundRedemptions.status, 'Cancelled')))
    .groupBy(fundRedemptions.orderId);
  return new Map(
    rows.map((r) => [
      r.orderId,
      { createdAt: defined(r.createdAt), auditedAt: r.auditedAt, completedAt: r.completedAt },
    ]),
  );
}

/** States a subscription waits in: quoted and unpaid, payment reported, paid and waiting for its NAV. */
export const WAITING_SUBSCRIPTION_STATES = ['UnPaid', 'Paid', 'Processing'] as const;

/** Fund subscriptions waiting, per state (metrics): the rows of the two partial indexes of those states. */
export async function waitingSubscriptions(
  db: DbOrTx,
): Promise<Array<{ state: (typeof WAITING_SUBSCRIPTION_STATES)[number]; count: number }>> {
  const rows = await db
    .select({ state: fundOrders.status, n: count() })
    .from(fundOrders)
    .where(inArray(fundOrders.status, [...WAITING_SUBSCRIPTION_STATES]))
    .groupBy(fundOrders.status);
  return rows.map((r) => ({
    state: r.state as (typeof WAITING_SUBSCRIPTION_STATES)[number],
    count: Number(r.n),
  }));
}

/**
 * A subscription reversed by a chain incident: Cancelled (`chain_reversed`) with nothing left — no units, no cost,
 * no pricing instant (so a day not settled yet never counts it as volume).
 */
export async function markReversed(tx: DbOrTx, id: bigint, now: Date): Promise<void> {
  await tx
    .update(fundOrders)
    .set({
      status: 'Cancelled',
      reason: 'chain_reversed',
      cancelledAt: now,
      unitsFree: 0n,
      costUsdt: 0n,
      subscribedAt: null,
    })
    .where(eq(fundOrders.id, id));
}

/**
 * A subscription as a confirmed payment leaves it (Processing, paid and confirmed on `day`): the demo's holding,
 * which the NAV pricing then prices as any other. Its id.
 */
export async function insertPaidSubscription(
  tx: DbOrTx,
  s: { userId: bigint; productId: number; amount: bigint; feePpm: number; day: string },
): Promise<bigint> {
  const [order] = rowsOf<{ id: string }>(
    await tx.execute(sql`
      insert into fund_orders (user_id, product_id, status, amount_usdt, fee_ppm, quote_expires_at, paid_at,
        confirmed_at)
      values (${s.userId.toString()}::bigint, ${s.productId}, 'Processing', ${s.amount.toString()}::numeric,
        ${s.feePpm}, ${s.day}::date, ${s.day}::date, ${s.day}::date)
      returning id::text as id`),
  );
  if (!order) throw new Error('fund order not inserted');
  return BigInt(order.id);
}
