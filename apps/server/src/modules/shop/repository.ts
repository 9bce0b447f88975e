import { type DbOrTx, rowsOf, schema } from '@agc/db';
import type { OrderStatus } from '@agc/shared';
import { isUniqueViolation } from '@server/lib/db-errors.ts';
import { pageAnswer, pageRows } from '@server/lib/paging.ts';
import { and, asc, count, desc, eq, inArray, lt, sql } from 'drizzle-orm';

const { chainEvents, orders, products, users } = schema;

export type ProductRow = typeof products.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type OrderInsert = typeof orders.$inferInsert;
/** An order with its member's address (the paying wallet). */
export type OrderView = OrderRow & { address: string };
/** An order locked for a decision, with its member's address and inviter. */
export type LockedOrder = OrderView & { inviterId: bigint | null };

// --- products ---

/** Products on sale, in shop order. */
export async function productsOnSale(db: DbOrTx): Promise<ProductRow[]> {
  return db
    .select()
    .from(products)
    .where(eq(products.status, 'on'))
    .orderBy(asc(products.sort), asc(products.id));
}

export async function findProduct(db: DbOrTx, id: number): Promise<ProductRow | undefined> {
  const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1);
  return row;
}

/** The translations of these products (for naming orders in the reader's language). */
export async function productTranslations(
  db: DbOrTx,
  ids: number[],
): Promise<Map<number, ProductRow['translations']>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, translations: products.translations })
    .from(products)
    .where(inArray(products.id, ids));
  return new Map(rows.map((r) => [r.id, r.translations]));
}

type SeedProduct = Pick<
  ProductRow,
  'name' | 'description' | 'imageKey' | 'translations' | 'priceUsdt' | 'sort'
>;

/**
 * Inserts the products when the catalogue is empty. A catalogue seeded before products had artwork and
 * translations gets them for the products of the same name that still have none.
 */
export async function insertProductsIfNone(db: DbOrTx, list: SeedProduct[]): Promise<void> {
  const [any] = await db.select({ id: products.id }).from(products).limit(1);
  if (!any) {
    await db.insert(products).values(list);
    return;
  }
  for (const p of list)
    await db
      .update(products)
      .set({ imageKey: p.imageKey, translations: p.translations })
      .where(and(eq(products.name, p.name), eq(products.imageKey, '')));
}

// --- orders ---

const viewColumns = { order: orders, address: users.address };
const flatten = (r: { order: OrderRow; address: string }): OrderView => ({ ...r.order, address: r.address });
/** Orders joined to their members (select `viewColumns`, read with `flatten`). */
const viewQuery = (db: DbOrTx) =>
  db.select(viewColumns).from(orders).innerJoin(users, eq(users.id, orders.userId));

export async function findOrder(db: DbOrTx, id: bigint): Promise<OrderView | undefined> {
  const [row] = await viewQuery(db).where(eq(orders.id, id)).limit(1);
  return row && flatten(row);
}

export interface OrderPageQuery {
  userId?: bigint;
  status?: OrderStatus;
  page: number;
  size: number;
}

/** A page of orders, newest first: a member's own (userId) or everyone's (the audit page). */
export async function orderPage(db: DbOrTx, q: OrderPageQuery) {
  const where = and(
    q.userId === undefined ? undefined : eq(orders.userId, q.userId),
    q.status === undefined ? undefined : eq(orders.status, q.status),
  );
  const { list, total } = await pageRows(
    q,
    viewQuery(db).where(where).orderBy(desc(orders.createdAt), desc(orders.id)),
    db.select({ n: count() }).from(orders).where(where),
  );
  return pageAnswer(list.map(flatten), total, q);
}

export async function insertOrder(db: DbOrTx, order: OrderInsert): Promise<OrderRow> {
  const [row] = await db.insert(orders).values(order).returning();
  if (!row) throw new Error('order insert returned nothing');
  return row;
}

/** Cancels the order if it is still Unpaid; the row as it is now, or nothing when it was not. */
export async function cancelUnpaid(
  db: DbOrTx,
  id: bigint,
  at: Date,
  reason: string,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .update(orders)
    .set({ status: 'Canceled', canceledAt: at, reason })
    .where(and(eq(orders.id, id), eq(orders.status, 'Unpaid')))
    .returning();
  return row;
}

/**
 * Records a reported payment hash on an order still in `from` with no hash yet (Unpaid → Verifying, or a
 * Success seen before its report); nothing when the order changed meanwhile. 'used' when the hash is
 * already another order's.
 */
export async function recordReport(
  db: DbOrTx,
  id: bigint,
  from: OrderStatus,
  set: Partial<OrderRow>,
): Promise<OrderRow | undefined | 'used'> {
  try {
    const [row] = await db
      .update(orders)
      .set(set)
      .where(and(eq(orders.id, id), eq(orders.status, from), sql`${orders.payTxHash} is null`))
      .returning();
    return row;
  } catch (e) {
    if (isUniqueViolation(e)) return 'used';
    throw e;
  }
}

/**
 * Gives back reported payments never confirmed: Verifying orders waiting for their confirmation whose
 * report is older than `before`, with no payment event on record, become Unpaid while the quote holds
 * (`now` before its expiry), Canceled after. Returns how many.
 */
export async function returnUnconfirmedReports(
  db: DbOrTx,
  q: { now: Date; before: Date; waitingReason: string; reason: string },
): Promise<number> {
  const now = q.now.toISOString();
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      update orders o set
        status = case when o.quote_expires_at > ${now}::timestamptz then 'Unpaid' else 'Canceled' end,
        canceled_at = case when o.quote_expires_at > ${now}::timestamptz then null else ${now}::timestamptz end,
        pay_tx_hash = null, pay_reported_at = null, reason = ${q.reason}
      where o.status = 'Verifying' and o.reason = ${q.waitingReason}
        and o.pay_reported_at < ${q.before.toISOString()}::timestamptz
        and not exists (select 1 from chain_events e where e.order_id = o.id and e.orphaned_at is null)
      returning o.id::text as id`),
  );
  return rows.length;
}

/** Cancels Unpaid orders whose quote expired before `before`; returns how many. */
export async function cancelExpiredQuotes(
  db: DbOrTx,
  before: Date,
  at: Date,
  reason: string,
): Promise<number> {
  const rows = await db
    .update(orders)
    .set({ status: 'Canceled', canceledAt: at, reason })
    .where(and(eq(orders.status, 'Unpaid'), lt(orders.quoteExpiresAt, before)))
    .returning({ id: orders.id });
  return rows.length;
}

/** Locks orders (in id order), with their member's address and inviter; by id. */
export async function lockOrders(tx: DbOrTx, ids: bigint[]): Promise<Map<bigint, LockedOrder>> {
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

/** Moves orders to Verifying, each with its reason (one statement). */
export async function markVerifying(tx: DbOrTx, reasons: Map<bigint, string>): Promise<void> {
  if (reasons.size === 0) return;
  await tx.execute(sql`
    update orders o set status = 'Verifying', reason = v.reason
    from unnest(${sql.param([...reasons.keys()].map(String))}::bigint[],
      ${sql.param([...reasons.values()])}::text[]) as v(id, reason)
    where o.id = v.id`);
}

/**
 * Marks orders Success (one statement, arrays rather than a VALUES list to build): when, the journal transfer of
 * each payment, and the reason and note when an auditor confirmed it. A payment not reported yet counts as known
 * from now.
 */
export async function markSuccess(
  tx: DbOrTx,
  list: Array<{ id: bigint; paymentTransferId: bigint | undefined }>,
  at: Date,
  audit: { reason: string; note: string } | null,
): Promise<void> {
  if (list.length === 0) return;
  await tx.execute(sql`
    update orders o set status = 'Success', confirmed_at = ${at.toISOString()}::timestamptz,
      payment_transfer_id = coalesce(v.transfer_id, o.payment_transfer_id),
      -- Paid but not reported yet (the app reports after its pause): the payment was seen now.
      pay_reported_at = coalesce(o.pay_reported_at, ${at.toISOString()}::timestamptz),
      reason = ${audit?.reason ?? null}, audit_note = ${audit?.note ?? null}
    from unnest(${sql.param(list.map((o) => o.id.toString()))}::bigint[],
      ${sql.param(list.map((o) => o.paymentTransferId?.toString() ?? null))}::bigint[]) as v(id, transfer_id)
    where o.id = v.id`);
}

/** Sets a Verifying order's reason (what a recheck found on chain). */
export async function setVerifyingReason(tx: DbOrTx, id: bigint, reason: string): Promise<void> {
  await tx
    .update(orders)
    .set({ reason })
    .where(and(eq(orders.id, id), eq(orders.status, 'Verifying')));
}

/** An auditor's cancellation, with the reason and the note. */
export async function cancelByAuditor(tx: DbOrTx, id: bigint, at: Date, reason: string, note: string) {
  await tx
    .update(orders)
    .set({ status: 'Canceled', canceledAt: at, reason, auditNote: note })
    .where(eq(orders.id, id));
}

/** Whether an ingested, not orphaned payment event for the order covers its quote. */
export async function hasCoveringPayment(
  tx: DbOrTx,
  q: { chainId: number; orderId: bigint; usdt: bigint; agc: bigint },
): Promise<boolean> {
  const [covering] = await tx
    .select({ id: chainEvents.id })
    .from(chainEvents)
    .where(
      and(
        eq(chainEvents.orderId, q.orderId),
        eq(chainEvents.name, 'Paid'),
        eq(chainEvents.chainId, q.chainId),
        sql`${chainEvents.orphanedAt} is null`,
        sql`(${chainEvents.args}->>'usdtAmount')::numeric >= ${q.usdt.toString()}::numeric`,
        sql`(${chainEvents.args}->>'agcAmount')::numeric >= ${q.agc.toString()}::numeric`,
      ),
    )
    .limit(1);
  return covering !== undefined;
}
