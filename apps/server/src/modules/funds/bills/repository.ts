import { type DbOrTx, rowsOf, schema } from '@agc/db';
import { pageRows } from '@server/lib/paging.ts';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';

const { fundBills, fundProducts } = schema;

/**
 * Monthly bills and the monthly Interest (distribution), set-based: one statement per month for each,
 * whatever the number of holdings. Both are keyed (bills on (order_id, month), Interest on its ref), so a
 * rerun or a concurrent run writes nothing twice; the advisory lock only keeps two runs from doing the
 * same work at once.
 */
const FUND_BILLS_LOCK = 0x46_42_49_4c; // "FBIL"

export async function lockFundBills(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${FUND_BILLS_LOCK})`);
}

/** A calendar month's bounds: its first day, last day, and the instants it starts and ends (UTC). */
export interface MonthBounds {
  month: string;
  firstDay: string;
  lastDay: string;
  start: Date;
  end: Date;
}

export function monthBounds(month: string): MonthBounds {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const start = new Date(Date.UTC(y, m - 1, 1));
  const end = new Date(Date.UTC(y, m, 1));
  return {
    month,
    firstDay: start.toISOString().slice(0, 10),
    lastDay: new Date(end.getTime() - 86_400_000).toISOString().slice(0, 10),
    start,
    end,
  };
}

/** The month after `month` ('YYYY-MM'). */
export const nextMonth = (month: string) => monthBounds(month).end.toISOString().slice(0, 7);

/**
 * CTE `h`: every fund order that held units at some time in the month (priced before its end, not fully
 * redeemed before its start), with its units at the month's start and end (from the subscription and the
 * Completed redemptions), what it subscribed and what its redemptions credited in the month, its fees in
 * the month, and the product's latest published NAV on or before the month's first and last day.
 */
function holdingsCte(b: MonthBounds): SQL {
  const t0 = b.start.toISOString();
  const t1 = b.end.toISOString();
  return sql`
    red as (
      select r.order_id,
        coalesce(sum(r.units) filter (where r.completed_at < ${t0}::timestamptz), 0) as before_units,
        sum(r.units) as until_units,
        coalesce(sum(r.amount_usdt) filter (where r.completed_at >= ${t0}::timestamptz), 0) as red_amount,
        coalesce(sum(r.fee_usdt) filter (where r.completed_at >= ${t0}::timestamptz), 0) as red_fees
      from fund_redemptions r
      where r.status = 'Completed' and r.completed_at < ${t1}::timestamptz
      group by r.order_id),
    o as (
      select o.id, o.user_id, o.product_id,
        case when o.subscribed_at < ${t0}::timestamptz then o.units - coalesce(red.before_units, 0) else 0 end
          as opening_units,
        o.units - coalesce(red.until_units, 0) as closing_units,
        case when o.subscribed_at >= ${t0}::timestamptz then o.amount_usdt else 0 end as subs,
        (case when o.subscribed_at >= ${t0}::timestamptz then o.fee_usdt else 0 end) + coalesce(red.red_fees, 0)
          as fees,
        coalesce(red.red_amount, 0) as reds
      from fund_orders o left join red on red.order_id = o.id
      where o.subscribed_at < ${t1}::timestamptz),
    pn as (
      select p.id, p.distribution_ppm,
        (select n.nav_e8 from fund_navs n where n.product_id = p.id and n.status = 'Published'
          and n.day <= ${b.firstDay}::date order by n.day desc limit 1) as opening_nav,
        (select n.nav_e8 from fund_navs n where n.product_id = p.id and n.status = 'Published'
          and n.day <= ${b.lastDay}::date order by n.day desc limit 1) as closing_nav
      from fund_products p),
    h as (
      select o.*, pn.distribution_ppm, pn.opening_nav, pn.closing_nav
      from o join pn on pn.id = o.product_id
      where o.opening_units > 0 or o.subs > 0)`;
}

/**
 * Records the month's Interest of every holding of a product with a distribution rate: the value at the
 * month's closing NAV (rounded down) × distribution_ppm / 12 / 1e6, rounded down, under the ref
 * `interest:<order>:<YYYY-MM>` (unique). Returns only the rows written now (a rerun returns none), for the ledger.
 */
export async function insertMonthInterest(
  tx: DbOrTx,
  b: MonthBounds,
): Promise<Array<{ userId: bigint; amount: bigint; ref: string }>> {
  const rows = rowsOf<{ user_id: string; amount: string; ref: string }>(
    await tx.execute(sql`
      with ${holdingsCte(b)},
      v as (
        select h.id, h.user_id, h.distribution_ppm, div(h.closing_units * h.closing_nav, 100000000) as value
        from h where h.distribution_ppm > 0 and h.closing_units > 0 and h.closing_nav is not null)
      insert into fund_earnings (user_id, kind, day, base, rate_ppm, amount_usdt, source_user_id, ref)
      select v.user_id, 'Interest', ${b.firstDay}::date, v.value, v.distribution_ppm,
        div(v.value * v.distribution_ppm, 12000000), null, 'interest:' || v.id || ':' || ${b.month}
      from v where div(v.value * v.distribution_ppm, 12000000) > 0
      on conflict (kind, ref) do nothing
      returning user_id::text as user_id, amount_usdt::text as amount, ref`),
  );
  return rows.map((r) => ({ userId: BigInt(r.user_id), amount: BigInt(r.amount), ref: r.ref }));
}

/** Writes the month's bills (one per holding; existing ones stay). Returns how many were written now. */
export async function insertMonthBills(tx: DbOrTx, b: MonthBounds): Promise<number> {
  const rows = rowsOf<{ n: number | string }>(
    await tx.execute(sql`
      with ${holdingsCte(b)},
      ins as (
        insert into fund_bills (order_id, user_id, product_id, month, opening_units, closing_units,
          opening_nav_e8, closing_nav_e8, opening_value_usdt, closing_value_usdt, subscriptions_usdt,
          redemptions_usdt, interest_usdt, fees_usdt)
        select h.id, h.user_id, h.product_id, ${b.month}, h.opening_units, h.closing_units,
          h.opening_nav, h.closing_nav,
          coalesce(div(h.opening_units * h.opening_nav, 100000000), 0),
          coalesce(div(h.closing_units * h.closing_nav, 100000000), 0),
          h.subs, h.reds, coalesce(i.amount_usdt, 0), h.fees
        from h left join fund_earnings i on i.kind = 'Interest'
          and i.ref = 'interest:' || h.id || ':' || ${b.month}
        on conflict (order_id, month) do nothing
        returning 1)
      select count(*)::int as n from ins`),
  );
  return Number(rows[0]?.n ?? 0);
}

/**
 * The first month the job has to visit: the month after the latest one billed (a month's Interest and bills are
 * written in one transaction, so a billed month is complete), else the month of the first priced subscription;
 * null when nothing was ever priced.
 */
export async function firstMonthToBill(db: DbOrTx): Promise<string | null> {
  const [r] = rowsOf<{ billed: string | null; first: string | null }>(
    await db.execute(sql`
      select (select max(month) from fund_bills) as billed,
        (select to_char(min(subscribed_at) at time zone 'UTC', 'YYYY-MM') from fund_orders
          where subscribed_at is not null) as first`),
  );
  return r?.billed ? nextMonth(r.billed) : (r?.first ?? null);
}

export type FundBillRow = typeof fundBills.$inferSelect;
export type BillWithProduct = {
  bill: FundBillRow;
  product: Pick<typeof fundProducts.$inferSelect, 'id' | 'name' | 'description' | 'translations'>;
};

const billColumns = {
  bill: fundBills,
  product: {
    id: fundProducts.id,
    name: fundProducts.name,
    description: fundProducts.description,
    translations: fundProducts.translations,
  },
};

/** The member's bills, newest month first (optionally one month), a page of them and the total. */
export async function billPage(
  db: DbOrTx,
  q: { userId: bigint; month?: string; page: number; size: number },
): Promise<{ list: BillWithProduct[]; total: number }> {
  const where = and(eq(fundBills.userId, q.userId), q.month ? eq(fundBills.month, q.month) : undefined);
  return pageRows(
    q,
    db
      .select(billColumns)
      .from(fundBills)
      .innerJoin(fundProducts, eq(fundProducts.id, fundBills.productId))
      .where(where)
      .orderBy(desc(fundBills.month), desc(fundBills.orderId)),
    db.select({ n: count() }).from(fundBills).where(where),
  );
}

/** Every bill of the member (optionally one month), newest month first: the CSV's rows. */
export async function allBills(
  db: DbOrTx,
  q: { userId: bigint; month?: string; limit: number },
): Promise<BillWithProduct[]> {
  return db
    .select(billColumns)
    .from(fundBills)
    .innerJoin(fundProducts, eq(fundProducts.id, fundBills.productId))
    .where(and(eq(fundBills.userId, q.userId), q.month ? eq(fundBills.month, q.month) : undefined))
    .orderBy(desc(fundBills.month), desc(fundBills.orderId))
    .limit(q.limit);
}
