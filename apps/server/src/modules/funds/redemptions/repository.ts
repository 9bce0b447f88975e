import { type DbOrTx, rowsOf, schema } from '@agc/db';
import type { FundRedemptionStatus } from '@agc/shared';
import { maxOf, minOf } from '@agc/shared';
import { pageAnswer, pageRows } from '@server/lib/paging.ts';
import { and, count, desc, eq, sql } from 'drizzle-orm';

const { fundOrders, fundRedemptions, users } = schema;

export type FundRedemptionRow = typeof fundRedemptions.$inferSelect;
/** A redemption with its queue place among the product's open (Pending, Approved) redemptions, null otherwise. */
export type RedemptionView = FundRedemptionRow & { queuePlace: number | null; address: string };

/**
 * Moves `units` of the order from free to redeeming, only while the order is the member's holding with that many
 * free units and its lock has ended (one conditional UPDATE: concurrent requests queue on the row and each sees the
 * units the one before left). The order is Redemption after it. Returns the product id, or null when refused.
 */
export async function reserveUnits(
  tx: DbOrTx,
  q: { orderId: bigint; userId: bigint; units: bigint; now: Date },
): Promise<{ productId: number } | null> {
  const [row] = await tx
    .update(fundOrders)
    .set({
      unitsFree: sql`${fundOrders.unitsFree} - ${q.units.toString()}::numeric`,
      unitsRedeeming: sql`${fundOrders.unitsRedeeming} + ${q.units.toString()}::numeric`,
      status: 'Redemption',
    })
    .where(
      and(
        eq(fundOrders.id, q.orderId),
        eq(fundOrders.userId, q.userId),
        sql`${fundOrders.status} in ('Subscription', 'Redemption')`,
        sql`${fundOrders.lockEndsAt} <= ${q.now.toISOString()}::timestamptz`,
        sql`${fundOrders.unitsFree} >= ${q.units.toString()}::numeric`,
      ),
    )
    .returning({ productId: fundOrders.productId });
  return row ?? null;
}

/**
 * Gives `units` back from redeeming to free (a cancelled or rejected request); the order is a Subscription again
 * when no open redemption is left.
 */
export async function releaseUnits(tx: DbOrTx, orderId: bigint, units: bigint): Promise<void> {
  await tx
    .update(fundOrders)
    .set({
      unitsFree: sql`${fundOrders.unitsFree} + ${units.toString()}::numeric`,
      unitsRedeeming: sql`${fundOrders.unitsRedeeming} - ${units.toString()}::numeric`,
      status: sql`case when ${fundOrders.unitsRedeeming} - ${units.toString()}::numeric = 0 then 'Subscription' else 'Redemption' end`,
    })
    .where(eq(fundOrders.id, orderId));
}

/**
 * Takes the share lock the new redemption's foreign key on its product would take, up front: publishing a NAV locks
 * the product FOR UPDATE and then the orders it prices, so a request must meet the product before it locks its
 * order, or the two wait for each other (a deadlock PostgreSQL showed under load).
 */
export async function shareProduct(tx: DbOrTx, productId: number): Promise<void> {
  await tx.execute(sql`select 1 from fund_products where id = ${productId} for key share`);
}

/** Locks one order row (order before redemption, everywhere: the lock order pricing at a NAV keeps too). */
export async function lockOrderRow(tx: DbOrTx, orderId: bigint): Promise<void> {
  await tx.select({ id: fundOrders.id }).from(fundOrders).where(eq(fundOrders.id, orderId)).for('update');
}

export async function insertRedemption(
  tx: DbOrTx,
  r: typeof fundRedemptions.$inferInsert,
): Promise<FundRedemptionRow> {
  const [row] = await tx.insert(fundRedemptions).values(r).returning();
  if (!row) throw new Error('redemption insert returned nothing');
  return row;
}

export async function findRedemption(db: DbOrTx, id: bigint): Promise<FundRedemptionRow | undefined> {
  const [row] = await db.select().from(fundRedemptions).where(eq(fundRedemptions.id, id)).limit(1);
  return row;
}

/** Moves a redemption from `from` to the set fields; the row after, or nothing when it was not in `from`. */
export async function moveRedemption(
  tx: DbOrTx,
  id: bigint,
  from: FundRedemptionStatus,
  set: Partial<FundRedemptionRow>,
): Promise<FundRedemptionRow | undefined> {
  const [row] = await tx
    .update(fundRedemptions)
    .set(set)
    .where(and(eq(fundRedemptions.id, id), eq(fundRedemptions.status, from)))
    .returning();
  return row;
}

export interface RedemptionPageQuery {
  userId?: bigint;
  orderId?: bigint;
  status?: FundRedemptionStatus;
  /** Oldest first (the admins' queue) instead of newest first. */
  oldestFirst?: boolean;
  page: number;
  size: number;
}

const viewSelect = (db: DbOrTx) =>
  db
    .select({ r: fundRedemptions, address: users.address })
    .from(fundRedemptions)
    .innerJoin(users, eq(users.id, fundRedemptions.userId));

/**
 * Redemptions with their queue places: an open one's (Pending, Approved) rank by id among its product's open
 * redemptions, the order pricing follows; null for the others. One statement per call: a count of the open
 * redemptions before the lowest id asked and a ranking between the lowest and the highest
 * (fund_redemptions_product_status_idx), not one count per row (at the end of a queue of 100,000 open redemptions
 * a page of 20 took 0.7 s with a count per row).
 */
async function withQueuePlaces(
  db: DbOrTx,
  rows: Array<{ r: FundRedemptionRow; address: string }>,
): Promise<RedemptionView[]> {
  const open = rows.filter((x) => x.r.status === 'Pending' || x.r.status === 'Approved').map((x) => x.r);
  const places = new Map<string, number>();
  if (open.length > 0) {
    const ids = open.map((r) => r.id);
    const min = ids.reduce((a, b) => minOf(a, b));
    const max = ids.reduce((a, b) => maxOf(a, b));
    const products = sql.param([...new Set(open.map((r) => r.productId))]);
    // Those before the page's lowest id are counted (index only); those between its lowest and highest ranked.
    const ranked = rowsOf<{ id: string; place: string | number }>(
      await db.execute(sql`
        with before as (
          select product_id, count(*) as n from fund_redemptions
          where product_id = any(${products}::int[]) and status in ('Pending', 'Approved')
            and id < ${min.toString()}::bigint
          group by product_id)
        select q.id::text as id, coalesce(b.n, 0) + q.rank as place from (
          select id, product_id, row_number() over (partition by product_id order by id) as rank
          from fund_redemptions
          where product_id = any(${products}::int[]) and status in ('Pending', 'Approved')
            and id between ${min.toString()}::bigint and ${max.toString()}::bigint
        ) q left join before b on b.product_id = q.product_id
        where q.id = any(${sql.param(ids.map(String))}::bigint[])`),
    );
    for (const r of ranked) places.set(r.id, Number(r.place));
  }
  return rows.map((x) => ({ ...x.r, address: x.address, queuePlace: places.get(x.r.id.toString()) ?? null }));
}

/** A page of redemptions (a member's, an order's, or everyone's by status), with their queue places. */
export async function redemptionPage(db: DbOrTx, q: RedemptionPageQuery) {
  const where = and(
    q.userId === undefined ? undefined : eq(fundRedemptions.userId, q.userId),
    q.orderId === undefined ? undefined : eq(fundRedemptions.orderId, q.orderId),
    q.status === undefined ? undefined : eq(fundRedemptions.status, q.status),
  );
  const { list, total } = await pageRows(
    q,
    viewSelect(db)
      .where(where)
      .orderBy(q.oldestFirst ? fundRedemptions.id : desc(fundRedemptions.id)),
    db.select({ n: count() }).from(fundRedemptions).where(where),
  );
  return pageAnswer(await withQueuePlaces(db, list), total, q);
}

/** One redemption as redemptionPage answers it. */
export async function redemptionView(db: DbOrTx, id: bigint): Promise<RedemptionView | undefined> {
  const rows = await viewSelect(db).where(eq(fundRedemptions.id, id)).limit(1);
  return (await withQueuePlaces(db, rows))[0];
}

/** An order's redemptions, newest first (the order's detail). */
export async function orderRedemptions(db: DbOrTx, orderId: bigint): Promise<RedemptionView[]> {
  return withQueuePlaces(
    db,
    await viewSelect(db).where(eq(fundRedemptions.orderId, orderId)).orderBy(desc(fundRedemptions.id)),
  );
}

/** How many redemptions of a product are open (Pending, Approved): the queue a new request joins at its end. */
export async function openRedemptionCount(db: DbOrTx, productId: number): Promise<number> {
  const [row] = rowsOf<{ n: number | string }>(
    await db.execute(sql`select count(*)::int as n from fund_redemptions
      where product_id = ${productId} and status in ('Pending', 'Approved')`),
  );
  return Number(row?.n ?? 0);
}
