import { type DbOrTx, rowsOf, schema } from '@agc/db';
import { and, asc, gte, lte, sql } from 'drizzle-orm';

/** Serialises rollup runs across processes (besides the job lease): a day is computed by one run at a time. */
const ROLLUP_LOCK = 0x616e_6c79; // "anly"

/** Every figure of one day as the database computes it: counts and minor units, as decimal strings. */
export type DayFigures = Record<string, string>;

/** Where a range's levels start: members and valid members at the end of the day before it. */
export interface Levels {
  all: bigint;
  valid: bigint;
}

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/**
 * The levels at an instant: members who joined before it, and members with a confirmed order before it ("valid":
 * a confirmed order is what credits member.investment, docs/product-rules.md "Members and the team tree").
 */
export async function levelsAt(db: DbOrTx, at: Date): Promise<Levels> {
  const [row] = rowsOf<{ all: string; valid: string }>(
    await db.execute(sql`select
      (select count(*) from users where created_at < ${ts(at)})::text as all,
      (select count(distinct user_id) from orders where status = 'Success' and confirmed_at < ${ts(at)})::text as valid`),
  );
  return { all: BigInt(row?.all ?? '0'), valid: BigInt(row?.valid ?? '0') };
}

/**
 * Every figure of every UTC day from `from` to `to` (both included), set-based: one statement, each source read
 * once through its day index over [from 00:00, to + 1 day 00:00). Levels (members_all, members_valid) are the
 * day's flows added to `base`, the levels at the range's start.
 */
export async function computeDays(
  db: DbOrTx,
  from: string,
  to: string,
  start: Date,
  end: Date,
  base: Levels,
): Promise<Array<{ day: string; figures: DayFigures }>> {
  const s = ts(start);
  const e = ts(end);
  const inRange = (col: string) => sql`${sql.raw(col)} >= ${s} and ${sql.raw(col)} < ${e}`;
  const dayOf = (col: string) => sql.raw(`(${col} at time zone 'UTC')::date`);
  // Ten grouped sources joined on the day make the planner's row estimates explode (it cannot know each has one row
  // per day), and PostgreSQL's JIT then spends ~2 s compiling a statement that runs in milliseconds: JIT off for it.
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return tx.execute(sql`
      with days as (
        select d::date as day from generate_series(${from}::date, ${to}::date, interval '1 day') d
      ),
      u as (
        select ${dayOf('created_at')} as day, count(*) as n from users where ${inRange('created_at')} group by 1
      ),
      fv as (
        select ${dayOf('first_at')} as day, count(*) as n from (
          select o.user_id, min(o.confirmed_at) as first_at from orders o
          where o.status = 'Success' and ${inRange('o.confirmed_at')}
            and not exists (select 1 from orders p
              where p.user_id = o.user_id and p.status = 'Success' and p.confirmed_at < ${s})
          group by o.user_id) x
        group by 1
      ),
      so as (
        select ${dayOf('confirmed_at')} as day, count(*) as n, sum(price_usdt) as usdt
        from orders where status = 'Success' and ${inRange('confirmed_at')} group by 1
      ),
      fo as (
        select ${dayOf('confirmed_at')} as day, count(*) as n, sum(amount_usdt) as usdt
        from fund_orders where confirmed_at is not null and ${inRange('confirmed_at')} group by 1
      ),
      wr as (
        select ${dayOf('created_at')} as day, count(*) as n,
          sum(amount) filter (where asset = 'USDT') as usdt, sum(amount) filter (where asset = 'AGC') as agc
        from withdrawals where ${inRange('created_at')} group by 1
      ),
      wa as (
        select ${dayOf('audited_at')} as day, count(*) as n,
          sum(amount) filter (where asset = 'USDT') as usdt, sum(amount) filter (where asset = 'AGC') as agc
        from withdrawals
        where audited_at is not null and ${inRange('audited_at')}
          and (status in ('Withdrawable', 'Success') or revoke_requested_at is not null)
        group by 1
      ),
      wp as (
        select ${dayOf('claimed_at')} as day, count(*) as n,
          sum(received) filter (where asset = 'USDT') as usdt, sum(received) filter (where asset = 'AGC') as agc
        from withdrawals where status = 'Success' and claimed_at is not null and ${inRange('claimed_at')} group by 1
      ),
      rw as (
        select day,
          sum(credited_usdt) filter (where kind = 'referral') as referral_usdt,
          sum(credited_agc) filter (where kind = 'referral') as referral_agc,
          sum(credited_usdt) filter (where kind = 'pairing') as pairing_usdt,
          sum(credited_agc) filter (where kind = 'pairing') as pairing_agc,
          sum(credited_usdt) filter (where kind = 'static') as static_usdt,
          sum(credited_agc) filter (where kind = 'static') as static_agc,
          sum(credited_usdt) filter (where kind = 'management') as management_usdt,
          sum(credited_agc) filter (where kind = 'management') as management_agc
        from rewards where day >= ${from}::date and day <= ${to}::date group by 1
      ),
      ex as (
        select ${dayOf('accepted_at')} as day, count(*) as n,
          sum(amount_in) filter (where from_asset = 'USDT') as buy_usdt,
          sum(amount_out) filter (where to_asset = 'USDT') as sell_usdt
        from exchange_quotes where status = 'Accepted' and ${inRange('accepted_at')} group by 1
      ),
      lp as (
        select ${dayOf('created_at')} as day, count(*) as n, sum(copies) as copies, sum(amount_usdt) as usdt
        from launchpad_purchases where ${inRange('created_at')} group by 1
      )
      select to_char(days.day, 'YYYY-MM-DD') as day,
        (${base.all.toString()}::bigint + sum(coalesce(u.n, 0)) over w)::text as members_all,
        (${base.valid.toString()}::bigint + sum(coalesce(fv.n, 0)) over w)::text as members_valid,
        coalesce(u.n, 0)::text as members_new,
        coalesce(so.n, 0)::text as shop_orders, coalesce(so.usdt, 0)::text as shop_usdt,
        coalesce(fo.n, 0)::text as fund_subscriptions, coalesce(fo.usdt, 0)::text as fund_usdt,
        coalesce(wr.n, 0)::text as withdraw_requested, coalesce(wr.usdt, 0)::text as withdraw_requested_usdt,
        coalesce(wr.agc, 0)::text as withdraw_requested_agc,
        coalesce(wa.n, 0)::text as withdraw_approved, coalesce(wa.usdt, 0)::text as withdraw_approved_usdt,
        coalesce(wa.agc, 0)::text as withdraw_approved_agc,
        coalesce(wp.n, 0)::text as withdraw_paid, coalesce(wp.usdt, 0)::text as withdraw_paid_usdt,
        coalesce(wp.agc, 0)::text as withdraw_paid_agc,
        coalesce(rw.referral_usdt, 0)::text as reward_referral_usdt,
        coalesce(rw.referral_agc, 0)::text as reward_referral_agc,
        coalesce(rw.pairing_usdt, 0)::text as reward_pairing_usdt,
        coalesce(rw.pairing_agc, 0)::text as reward_pairing_agc,
        coalesce(rw.static_usdt, 0)::text as reward_static_usdt,
        coalesce(rw.static_agc, 0)::text as reward_static_agc,
        coalesce(rw.management_usdt, 0)::text as reward_management_usdt,
        coalesce(rw.management_agc, 0)::text as reward_management_agc,
        coalesce(ex.n, 0)::text as exchange_count, coalesce(ex.buy_usdt, 0)::text as exchange_buy_usdt,
        coalesce(ex.sell_usdt, 0)::text as exchange_sell_usdt,
        coalesce(lp.n, 0)::text as launchpad_purchases, coalesce(lp.copies, 0)::text as launchpad_copies,
        coalesce(lp.usdt, 0)::text as launchpad_usdt
      from days
        left join u using (day) left join fv using (day) left join so using (day) left join fo using (day)
        left join wr using (day) left join wa using (day) left join wp using (day) left join rw using (day)
        left join ex using (day) left join lp using (day)
      window w as (order by days.day)
      order by days.day`);
  });
  const rows = rowsOf<Record<string, string>>(result);
  return rows.map(({ day, ...figures }) => ({ day: String(day), figures }));
}

export type RollupRow = typeof schema.analyticsDaily.$inferSelect;

/** The rollup rows of a range of days, oldest first. */
export function rollupsBetween(db: DbOrTx, from: string, to: string): Promise<RollupRow[]> {
  const t = schema.analyticsDaily;
  return db
    .select()
    .from(t)
    .where(and(gte(t.day, from), lte(t.day, to)))
    .orderBy(asc(t.day));
}

/** Takes the rollup lock for the rest of the transaction. */
export async function lockRollups(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ROLLUP_LOCK})`);
}

/**
 * The closed days up to `lastClosed` that need computing: those without a row from the first member's day on, and
 * those computed before their settlement that has run since. Oldest first.
 */
export async function daysToRoll(db: DbOrTx, lastClosed: string): Promise<string[]> {
  const rows = rowsOf<{ day: string }>(
    await db.execute(sql`
      with first as (select (min(created_at) at time zone 'UTC')::date as day from users)
      select to_char(d::date, 'YYYY-MM-DD') as day
      from first, generate_series(first.day, ${lastClosed}::date, interval '1 day') d
      where first.day is not null and (
        not exists (select 1 from analytics_daily a where a.day = d::date)
        or exists (select 1 from analytics_daily a join settlement_runs r on r.day = a.day
                   where a.day = d::date and not a.settled))
      order by 1`),
  );
  return rows.map((r) => String(r.day));
}

/** The settled days among `days`. */
export async function settledDays(db: DbOrTx, from: string, to: string): Promise<Set<string>> {
  const rows = rowsOf<{ day: string }>(
    await db.execute(sql`select to_char(day, 'YYYY-MM-DD') as day from settlement_runs
      where day >= ${from}::date and day <= ${to}::date`),
  );
  return new Set(rows.map((r) => String(r.day)));
}

/** Writes rollup rows; a day computed again replaces its row and counts a revision. */
export async function upsertRollups(
  tx: DbOrTx,
  rows: Array<{ day: string; figures: DayFigures; settled: boolean }>,
  at: Date,
): Promise<void> {
  if (rows.length === 0) return;
  const t = schema.analyticsDaily;
  await tx
    .insert(t)
    .values(rows.map((r) => ({ day: r.day, figures: r.figures, settled: r.settled, computedAt: at })))
    .onConflictDoUpdate({
      target: t.day,
      set: {
        figures: sql`excluded.figures`,
        settled: sql`excluded.settled`,
        computedAt: sql`excluded.computed_at`,
        revision: sql`${t.revision} + 1`,
      },
    });
}
