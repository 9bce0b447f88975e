import { type DbOrTx, rowsOf } from '@agc/db';
import { maxOf } from '@agc/shared';
import { defined } from '@agc/shared/defined';
import { pageAnswer } from '@server/lib/paging.ts';
import { type SQL, sql } from 'drizzle-orm';
import { NAV_ONE, PPM } from '../math.ts';

const ppm = sql.raw(PPM.toString());
const navOne = sql.raw(NAV_ONE.toString());

/**
 * math.ts's rules written in SQL over numeric, for pricing whole sets of rows in the database: exact (numeric is
 * arbitrary precision, `div` is the integer quotient, which is the floor for the non-negative values here), and
 * checked against math.ts on random values (pricing.db.test.ts). Rounding favours the fund, as there.
 */
export const fundSql = {
  /** feeOf: `amount` × `ppm` / 1,000,000, rounded up. */
  feeOf: (amount: SQL, feePpm: SQL) => sql`div(${amount} * ${feePpm} + ${ppm} - 1, ${ppm})`,
  /** unitsFor: units that `usdt` buys at `nav`, rounded down. */
  unitsFor: (usdt: SQL, nav: SQL) => sql`div(${usdt} * ${navOne}, ${nav})`,
  /** unitsValue: USDT that `units` are worth at `nav`, rounded down. */
  unitsValue: (units: SQL, nav: SQL) => sql`div(${units} * ${nav}, ${navOne})`,
  /** costShare: the cost leaving with `units` of `held` units costing `cost`, rounded up; all of it at the end. */
  costShare: (cost: SQL, units: SQL, held: SQL) =>
    sql`(case when ${held} <= 0 then 0 when ${units} >= ${held} then ${cost}
      else div(${cost} * ${units} + ${held} - 1, ${held}) end)`,
};

/** Per member, what one NAV moved for them. */
export type MemberSum = { user_id: string; units: string; usdt: string; fee: string; n: number | string };

/** A product's lock period in days (undefined: no such product). */
export async function productLockDays(tx: DbOrTx, productId: number): Promise<number | undefined> {
  const [product] = rowsOf<{ lock_days: number | string }>(
    await tx.execute(sql`select lock_days from fund_products where id = ${productId}`),
  );
  return product && Number(product.lock_days);
}

/** The NAV a set of rows is priced at, and when. */
export interface PricingAt {
  navId: bigint;
  navE8: bigint;
  now: Date;
}

/**
 * Every Processing subscription of the product becomes a Subscription holding at the NAV (fee rounded up, units
 * rounded down), in one UPDATE straight on the rows (no join of the table with itself), its status re-checked on
 * the row it locks; per member, what moved.
 */
export async function priceProcessingSubscriptions(
  tx: DbOrTx,
  productId: number,
  at: PricingAt & { lockEndsAt: Date },
): Promise<MemberSum[]> {
  const navE8 = sql`${at.navE8.toString()}::numeric`;
  const fee = fundSql.feeOf(sql`o.amount_usdt`, sql`o.fee_ppm`);
  const units = fundSql.unitsFor(sql`(o.amount_usdt - ${fee})`, navE8);
  return rowsOf<MemberSum>(
    await tx.execute(sql`
      with priced as (
        update fund_orders o set status = 'Subscription', fee_usdt = ${fee}, units = ${units}, units_free = ${units},
          cost_usdt = o.amount_usdt, nav_id = ${at.navId.toString()}::bigint, nav_e8 = ${navE8},
          subscribed_at = ${at.now.toISOString()}::timestamptz, lock_ends_at = ${at.lockEndsAt.toISOString()}::timestamptz
        where o.product_id = ${productId} and o.status = 'Processing'
        returning o.user_id, o.amount_usdt, o.fee_usdt, o.units)
      select user_id::text as user_id, sum(units)::text as units, sum(amount_usdt)::text as usdt,
        sum(fee_usdt)::text as fee, count(*)::int as n
      from priced group by user_id`),
  );
}

/**
 * Every Approved redemption of the product is Completed at the NAV (value rounded down, fee rounded up), and each
 * holding they leave gives up the cost of the units leaving (pro rata, rounded up) and realises the amount paid
 * less that cost; redemptions are updated before their orders (cancels and rejections lock the order, then the
 * redemption). Per member, what moved.
 */
export async function completeApprovedRedemptions(
  tx: DbOrTx,
  productId: number,
  at: PricingAt,
): Promise<MemberSum[]> {
  const navE8 = sql`${at.navE8.toString()}::numeric`;
  const gross = fundSql.unitsValue(sql`r.units`, navE8);
  const redFee = fundSql.feeOf(gross, sql`r.fee_ppm`);
  const share = fundSql.costShare(sql`o.cost_usdt`, sql`q.units`, sql`(o.units_free + o.units_redeeming)`);
  return rowsOf<MemberSum>(
    await tx.execute(sql`
      with done as (
        update fund_redemptions r set status = 'Completed', nav_id = ${at.navId.toString()}::bigint, nav_e8 = ${navE8},
          gross_usdt = ${gross}, fee_usdt = ${redFee}, amount_usdt = ${gross} - ${redFee},
          completed_at = ${at.now.toISOString()}::timestamptz
        where r.product_id = ${productId} and r.status = 'Approved'
        returning r.order_id, r.user_id, r.units, r.fee_usdt, r.amount_usdt),
      leaving as (
        select order_id, sum(units) as units, sum(amount_usdt) as amount from done group by order_id),
      holdings as (
        update fund_orders o set units_redeeming = o.units_redeeming - q.units,
          cost_usdt = o.cost_usdt - ${share},
          realized_usdt = o.realized_usdt + q.amount - ${share},
          status = case when o.units_free + o.units_redeeming - q.units = 0 then 'Redeemed'
                        when o.units_redeeming - q.units = 0 then 'Subscription' else 'Redemption' end
        from leaving q where o.id = q.order_id
        returning o.id)
      select user_id::text as user_id, sum(units)::text as units, sum(amount_usdt)::text as usdt,
        sum(fee_usdt)::text as fee, count(*)::int as n
      from done group by user_id`),
  );
}

/** A published NAV: its row id, UTC day and value (USDT per whole unit, 8 decimals). */
export interface PublishedNav {
  id: bigint;
  day: string;
  navE8: bigint;
}

/** The latest published NAV of each product (absent: none published yet), in one query. */
export async function latestNavs(db: DbOrTx, productIds: number[]): Promise<Map<number, PublishedNav>> {
  const out = new Map<number, PublishedNav>();
  if (productIds.length === 0) return out;
  const rows = rowsOf<{ product_id: number | string; id: string; day: string; nav_e8: string }>(
    await db.execute(sql`
      select distinct on (product_id) product_id, id::text as id, day::text as day, nav_e8::text as nav_e8
      from fund_navs
      where status = 'Published' and product_id = any(${sql.param([...new Set(productIds)])}::int[])
      order by product_id, day desc`),
  );
  for (const r of rows)
    out.set(Number(r.product_id), { id: BigInt(r.id), day: r.day, navE8: BigInt(r.nav_e8) });
  return out;
}

/**
 * The UTC day the next NAV of a product will be published for: the day after its latest published NAV, and never
 * before today. Forward pricing: a subscription confirmed, or a redemption approved, now is priced at that NAV.
 */
export function nextNavDay(latestDay: string | null, now: Date): string {
  const today = now.toISOString().slice(0, 10);
  if (latestDay === null) return today;
  const next = new Date(`${latestDay}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  const day = next.toISOString().slice(0, 10);
  return maxOf(day, today);
}

/** A product's published NAVs of the last `days` days up to its latest one, oldest first. */
export async function navHistory(
  db: DbOrTx,
  productId: number,
  days: number,
): Promise<Array<{ day: string; navE8: bigint }>> {
  const rows = rowsOf<{ day: string; nav_e8: string }>(
    await db.execute(sql`
      select day::text as day, nav_e8::text as nav_e8 from fund_navs
      where product_id = ${productId} and status = 'Published'
        and day > (select max(day) from fund_navs where product_id = ${productId} and status = 'Published')
          - ${days}::int
      order by day`),
  );
  return rows.map((r) => ({ day: r.day, navE8: BigInt(r.nav_e8) }));
}

/** A row of the NAV history as the admins see it: the entry, its product, who entered and confirmed it. */
export interface NavEntryRow {
  id: bigint;
  productId: number;
  productName: string;
  day: string;
  navE8: bigint;
  previousNavE8: bigint | null;
  /** The week's NAV the rolling-week bound measured this one against, when entered (null: none). */
  weekBaseNavE8: bigint | null;
  status: 'Published' | 'PendingConfirmation' | 'Rejected';
  enteredBy: bigint | null;
  enteredByAddress: string | null;
  confirmedByAddress: string | null;
  publishedAt: Date | null;
  createdAt: Date;
  pricedSubscriptions: number;
  pricedRedemptions: number;
}

type RawNavEntry = {
  id: string;
  product_id: number | string;
  product_name: string;
  day: string;
  nav_e8: string;
  previous_nav_e8: string | null;
  week_base_nav_e8: string | null;
  status: NavEntryRow['status'];
  entered_by: string | null;
  entered_by_address: string | null;
  confirmed_by_address: string | null;
  published_at: string | Date | null;
  created_at: string | Date;
  subs: number | string;
  reds: number | string;
};

const asDate = (v: string | Date) => (v instanceof Date ? v : new Date(v));

/**
 * NAV entries with what the admins' list shows; `where` filters fund_navs (alias n). The previous NAV is the
 * last published one of the product before the entry's day; the priced counts are the orders and redemptions
 * that carry the entry's id.
 */
async function navEntries(db: DbOrTx, where: SQL, tail: SQL = sql``): Promise<NavEntryRow[]> {
  const rows = rowsOf<RawNavEntry>(
    await db.execute(sql`
      with e as (
        select n.* from fund_navs n where ${where} order by n.day desc, n.id desc ${tail}),
      subs as (
        select nav_id, count(*)::int as c from fund_orders where nav_id in (select id from e) group by nav_id),
      reds as (
        select nav_id, count(*)::int as c from fund_redemptions where nav_id in (select id from e) group by nav_id)
      select e.id::text as id, e.product_id, p.name as product_name, e.day::text as day, e.nav_e8::text as nav_e8,
        (select pn.nav_e8::text from fund_navs pn
          where pn.product_id = e.product_id and pn.status = 'Published' and pn.day < e.day
          order by pn.day desc limit 1) as previous_nav_e8,
        e.week_base_nav_e8::text as week_base_nav_e8, e.status, e.entered_by::text as entered_by, eu.address as entered_by_address,
        cu.address as confirmed_by_address, e.published_at, e.created_at,
        coalesce(subs.c, 0) as subs, coalesce(reds.c, 0) as reds
      from e
      join fund_products p on p.id = e.product_id
      left join users eu on eu.id = e.entered_by
      left join users cu on cu.id = e.confirmed_by
      left join subs on subs.nav_id = e.id
      left join reds on reds.nav_id = e.id
      order by e.day desc, e.id desc`),
  );
  return rows.map((r) => ({
    id: BigInt(r.id),
    productId: Number(r.product_id),
    productName: r.product_name,
    day: r.day,
    navE8: BigInt(r.nav_e8),
    previousNavE8: r.previous_nav_e8 === null ? null : BigInt(r.previous_nav_e8),
    weekBaseNavE8: r.week_base_nav_e8 === null ? null : BigInt(r.week_base_nav_e8),
    status: r.status,
    enteredBy: r.entered_by === null ? null : BigInt(r.entered_by),
    enteredByAddress: r.entered_by_address,
    confirmedByAddress: r.confirmed_by_address,
    publishedAt: r.published_at === null ? null : asDate(r.published_at),
    createdAt: asDate(r.created_at),
    pricedSubscriptions: Number(r.subs),
    pricedRedemptions: Number(r.reds),
  }));
}

export async function findNavEntry(db: DbOrTx, id: bigint): Promise<NavEntryRow | null> {
  const [row] = await navEntries(db, sql`n.id = ${id.toString()}::bigint`);
  return row ?? null;
}

/** Entries waiting for a second admin, newest first. */
export const pendingNavEntries = (db: DbOrTx) => navEntries(db, sql`n.status = 'PendingConfirmation'`);

/** A page of the NAV history (every status), newest day first, optionally of one product. */
export async function navEntryPage(db: DbOrTx, q: { productId?: number; page: number; size: number }) {
  const where = q.productId === undefined ? sql`true` : sql`n.product_id = ${q.productId}`;
  const [list, count] = await Promise.all([
    navEntries(db, where, sql`limit ${q.size} offset ${(q.page - 1) * q.size}`),
    db.execute(sql`select count(*)::int as n from fund_navs n where ${where}`),
  ]);
  const total = Number(rowsOf<{ n: number | string }>(count)[0]?.n ?? 0);
  return pageAnswer(list, total, q);
}

/** The NAV row id, its product, day, value and status, locked for a decision on it. */
export async function lockNav(tx: DbOrTx, id: bigint) {
  const [row] = rowsOf<{
    id: string;
    product_id: number | string;
    day: string;
    nav_e8: string;
    status: string;
    entered_by: string | null;
  }>(
    await tx.execute(sql`select id::text as id, product_id, day::text as day, nav_e8::text as nav_e8, status,
      entered_by::text as entered_by from fund_navs where id = ${id.toString()}::bigint for update`),
  );
  if (!row) return null;
  return {
    id: BigInt(row.id),
    productId: Number(row.product_id),
    day: row.day,
    navE8: BigInt(row.nav_e8),
    status: row.status as NavEntryRow['status'],
    enteredBy: row.entered_by === null ? null : BigInt(row.entered_by),
  };
}

/**
 * The published NAVs a new NAV for `day` is measured against by the rolling-week bound: the one in force when the 7
 * days before `day` began (the latest for a day up to day − 7) and every one published for a day after it and before
 * `day`.
 */
export async function weekNavs(db: DbOrTx, productId: number, day: string): Promise<bigint[]> {
  const rows = rowsOf<{ nav_e8: string }>(
    await db.execute(sql`
      (select nav_e8::text as nav_e8 from fund_navs
        where product_id = ${productId} and status = 'Published' and day <= ${day}::date - 7
        order by day desc limit 1)
      union all
      (select nav_e8::text from fund_navs
        where product_id = ${productId} and status = 'Published'
          and day > ${day}::date - 7 and day < ${day}::date)`),
  );
  return rows.map((r) => BigInt(r.nav_e8));
}

/** Whether a product has an entry waiting for a second admin. */
export async function hasPendingNav(db: DbOrTx, productId: number): Promise<boolean> {
  const rows = rowsOf<{ one: number }>(
    await db.execute(
      sql`select 1 as one from fund_navs where product_id = ${productId} and status = 'PendingConfirmation' limit 1`,
    ),
  );
  return rows.length > 0;
}

export async function insertNav(
  tx: DbOrTx,
  v: {
    productId: number;
    day: string;
    navE8: bigint;
    status: 'Published' | 'PendingConfirmation';
    weekBaseNavE8: bigint | null;
    enteredBy: bigint | null;
    publishedAt: Date | null;
  },
): Promise<bigint> {
  const [row] = rowsOf<{ id: string }>(
    await tx.execute(sql`
      insert into fund_navs (product_id, day, nav_e8, status, week_base_nav_e8, entered_by, published_at)
      values (${v.productId}, ${v.day}::date, ${v.navE8.toString()}::numeric, ${v.status},
        ${v.weekBaseNavE8?.toString() ?? null}::numeric,
        ${v.enteredBy === null ? null : v.enteredBy.toString()}::bigint, ${v.publishedAt?.toISOString() ?? null}::timestamptz)
      returning id::text as id`),
  );
  return BigInt(defined(row).id);
}

/** Publishes a pending entry (second admin) or rejects it. */
export async function decideNav(
  tx: DbOrTx,
  id: bigint,
  decision:
    | { status: 'Published'; confirmedBy: bigint; at: Date }
    | { status: 'Rejected'; confirmedBy: bigint },
): Promise<void> {
  const at = decision.status === 'Published' ? decision.at.toISOString() : null;
  await tx.execute(sql`
    update fund_navs set status = ${decision.status}, confirmed_by = ${decision.confirmedBy.toString()}::bigint,
      published_at = ${at}::timestamptz
    where id = ${id.toString()}::bigint`);
}

/** Published NAV rows, one per (product, day), as column arrays (the demo's history). */
export async function insertPublishedNavs(
  db: DbOrTx,
  rows: { products: string[]; days: string[]; navs: string[]; published: string[] },
): Promise<void> {
  if (rows.products.length === 0) return;
  await db.execute(sql`
    insert into fund_navs (product_id, day, nav_e8, status, published_at)
    select p, d, n, 'Published', at
    from unnest(${sql.param(rows.products)}::int[], ${sql.param(rows.days)}::date[], ${sql.param(rows.navs)}::numeric[],
      ${sql.param(rows.published)}::timestamptz[]) as k(p, d, n, at)`);
}

/** The NAV published for `day` of the first fund in the list's order that has one, with its subscription fee. */
export async function firstPublishedNavOn(
  db: DbOrTx,
  day: string,
): Promise<{ nav: PublishedNav; productId: number; feePpm: number } | undefined> {
  const [row] = rowsOf<{ product_id: number | string; id: string; day: string; nav_e8: string; fee: number }>(
    await db.execute(sql`
      select n.product_id, n.id::text as id, n.day::text as day, n.nav_e8::text as nav_e8,
        p.subscription_fee_ppm as fee
      from fund_navs n join fund_products p on p.id = n.product_id
      where n.status = 'Published' and n.day = ${day}::date
      order by p.sort, p.id limit 1`),
  );
  return (
    row && {
      nav: { id: BigInt(row.id), day: row.day, navE8: BigInt(row.nav_e8) },
      productId: Number(row.product_id),
      feePpm: Number(row.fee),
    }
  );
}
