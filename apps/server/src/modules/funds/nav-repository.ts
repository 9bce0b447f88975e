import { type DbOrTx, rowsOf } from '@agc/db';
import { maxOf } from '@agc/shared';
import { defined } from '@agc/shared/defined';
import { pageAnswer } from '@server/lib/paging.ts';
import { type SQL, sql } from 'drizzle-orm';

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
