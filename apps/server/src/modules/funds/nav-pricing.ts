import { type DbOrTx, rowsOf } from '@agc/db';
import type { AppContext } from '@server/context.ts';
import { type TransferInput, transferBatch } from '@server/modules/ledger/index.ts';
import { type SQL, sql } from 'drizzle-orm';
import { FUND_ACCOUNTS, unitRef, usdtRef } from './accounts.ts';
import { NAV_ONE, PPM } from './math.ts';
import type { PublishedNav } from './nav-repository.ts';

/** What one publication priced. */
export interface PricedCounts {
  subscriptions: number;
  redemptions: number;
}

/** Postings per transferBatch call: bounds the size of one statement's array parameters. */
const POSTING_CHUNK = 50_000;

/** The moment a holding's lock ends: the NAV day plus the product's lock period, 00:00 UTC. */
export function lockEndOf(navDay: string, lockDays: number): Date {
  const end = new Date(`${navDay}T00:00:00Z`);
  end.setUTCDate(end.getUTCDate() + lockDays);
  return end;
}

const ppm = sql.raw(PPM.toString());
const navOne = sql.raw(NAV_ONE.toString());

/**
 * math.ts's rules written in SQL over numeric, for pricing whole sets of rows in the database: exact (numeric is
 * arbitrary precision, `div` is the integer quotient, which is the floor for the non-negative values here), and
 * checked against math.ts on random values (nav-pricing.test.ts). Rounding favours the fund, as there.
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
type MemberSum = { user_id: string; units: string; usdt: string; fee: string; n: number | string };

/**
 * Prices a product's waiting business at a NAV just published, inside the publishing transaction (forward
 * pricing): every Processing subscription becomes a Subscription holding (fee rounded up, units rounded down),
 * every Approved redemption is Completed (value rounded down, fee rounded up, paid into available USDT); a holding
 * whose redemptions complete gives up the cost of the units leaving (pro rata, rounded up) and realises the
 * amount paid less that cost.
 *
 * Set-based: one statement per side whatever the count, the arithmetic of `fundSql` in the database, each row
 * keeping its own figures (fee, units, NAV id; gross, fee, amount). The ledger gets one transfer per member,
 * account pair and NAV — the sum of that member's rows priced at this NAV — under the keys
 * `fundnav:<nav id>:<member>:…` (ref `fundnav:<nav id>`); payments go whole to the fund's assets and the NAV's
 * subscription fees, and its redemption fees, from the assets to the fees account in one system transfer each.
 * Per-row journal entries would be 600,000 rows for 100,000 subscriptions and 100,000 redemptions, which alone
 * take longer than the 5 s a publication may take (bench/funds-nav.ts).
 *
 * Concurrency: the caller holds the product's row lock (one NAV action per product at a time; redemption
 * requests share it). Rows move only if still in the state read (status checked by each UPDATE, which locks the
 * row); redemptions are updated before their orders, as cancels and rejections lock the order, then the Pending
 * redemption. Cancels and rejections move units between free and redeeming, which the UPDATE reads as it is.
 */
export async function priceAtNav(
  tx: DbOrTx,
  ctx: AppContext,
  productId: number,
  nav: PublishedNav,
): Promise<PricedCounts> {
  const now = ctx.now();
  const [product] = rowsOf<{ lock_days: number | string }>(
    await tx.execute(sql`select lock_days from fund_products where id = ${productId}`),
  );
  if (!product) throw new Error(`fund product ${productId} missing`);
  const navE8 = sql`${nav.navE8.toString()}::numeric`;
  const navId = sql`${nav.id.toString()}::bigint`;
  const at = sql`${now.toISOString()}::timestamptz`;
  const lockEndsAt = sql`${lockEndOf(nav.day, Number(product.lock_days)).toISOString()}::timestamptz`;

  // One UPDATE per side, straight on the rows (no join of the table with itself): each row's figures from its own
  // columns; its status re-checked on the row it locks.
  const fee = fundSql.feeOf(sql`o.amount_usdt`, sql`o.fee_ppm`);
  const units = fundSql.unitsFor(sql`(o.amount_usdt - ${fee})`, navE8);
  const subs = rowsOf<MemberSum>(
    await tx.execute(sql`
      with priced as (
        update fund_orders o set status = 'Subscription', fee_usdt = ${fee}, units = ${units}, units_free = ${units},
          cost_usdt = o.amount_usdt, nav_id = ${navId}, nav_e8 = ${navE8}, subscribed_at = ${at},
          lock_ends_at = ${lockEndsAt}
        where o.product_id = ${productId} and o.status = 'Processing'
        returning o.user_id, o.amount_usdt, o.fee_usdt, o.units)
      select user_id::text as user_id, sum(units)::text as units, sum(amount_usdt)::text as usdt,
        sum(fee_usdt)::text as fee, count(*)::int as n
      from priced group by user_id`),
  );

  const gross = fundSql.unitsValue(sql`r.units`, navE8);
  const redFee = fundSql.feeOf(gross, sql`r.fee_ppm`);
  const reds = rowsOf<MemberSum>(
    await tx.execute(sql`
      with done as (
        update fund_redemptions r set status = 'Completed', nav_id = ${navId}, nav_e8 = ${navE8},
          gross_usdt = ${gross}, fee_usdt = ${redFee}, amount_usdt = ${gross} - ${redFee}, completed_at = ${at}
        where r.product_id = ${productId} and r.status = 'Approved'
        returning r.order_id, r.user_id, r.units, r.fee_usdt, r.amount_usdt),
      leaving as (
        select order_id, sum(units) as units, sum(amount_usdt) as amount from done group by order_id),
      holdings as (
        update fund_orders o set units_redeeming = o.units_redeeming - q.units,
          cost_usdt = o.cost_usdt - ${fundSql.costShare(sql`o.cost_usdt`, sql`q.units`, sql`(o.units_free + o.units_redeeming)`)},
          realized_usdt = o.realized_usdt + q.amount
            - ${fundSql.costShare(sql`o.cost_usdt`, sql`q.units`, sql`(o.units_free + o.units_redeeming)`)},
          status = case when o.units_free + o.units_redeeming - q.units = 0 then 'Redeemed'
                        when o.units_redeeming - q.units = 0 then 'Subscription' else 'Redemption' end
        from leaving q where o.id = q.order_id
        returning o.id)
      select user_id::text as user_id, sum(units)::text as units, sum(amount_usdt)::text as usdt,
        sum(fee_usdt)::text as fee, count(*)::int as n
      from done group by user_id`),
  );

  const ref = `fundnav:${nav.id}`;
  const postings: TransferInput[] = [];
  let subscriptionFees = 0n;
  for (const m of subs) {
    const user = BigInt(m.user_id);
    const key = `${ref}:${m.user_id}:subscription`;
    subscriptionFees += BigInt(m.fee);
    postings.push({
      debit: usdtRef(user, FUND_ACCOUNTS.subscribing),
      credit: usdtRef(null, FUND_ACCOUNTS.assets),
      amount: BigInt(m.usdt),
      kind: 'fund.subscription.amount',
      ref,
      idempotencyKey: `${key}:amount`,
    });
    if (BigInt(m.units) > 0n)
      postings.push({
        debit: unitRef(null, FUND_ACCOUNTS.unitsIssued, productId),
        credit: unitRef(user, FUND_ACCOUNTS.units, productId),
        amount: BigInt(m.units),
        kind: 'fund.subscription.units',
        ref,
        idempotencyKey: `${key}:units`,
      });
  }
  let redemptionFees = 0n;
  for (const m of reds) {
    const user = BigInt(m.user_id);
    const key = `${ref}:${m.user_id}:redemption`;
    redemptionFees += BigInt(m.fee);
    postings.push({
      debit: unitRef(user, FUND_ACCOUNTS.unitsRedeeming, productId),
      credit: unitRef(null, FUND_ACCOUNTS.unitsIssued, productId),
      amount: BigInt(m.units),
      kind: 'fund.redemption.units',
      ref,
      idempotencyKey: `${key}:units`,
    });
    if (BigInt(m.usdt) > 0n)
      postings.push({
        debit: usdtRef(null, FUND_ACCOUNTS.assets),
        credit: usdtRef(user, FUND_ACCOUNTS.memberAvailable),
        amount: BigInt(m.usdt),
        kind: 'fund.redemption.amount',
        ref,
        idempotencyKey: `${key}:amount`,
      });
  }
  for (const [fees, side] of [
    [subscriptionFees, 'subscription'],
    [redemptionFees, 'redemption'],
  ] as const)
    if (fees > 0n)
      postings.push({
        debit: usdtRef(null, FUND_ACCOUNTS.assets),
        credit: usdtRef(null, FUND_ACCOUNTS.fees),
        amount: fees,
        kind: `fund.${side}.fee`,
        ref,
        idempotencyKey: `${ref}:${side}_fees`,
      });
  for (let i = 0; i < postings.length; i += POSTING_CHUNK)
    await transferBatch(tx, postings.slice(i, i + POSTING_CHUNK));
  const count = (rows: MemberSum[]) => rows.reduce((n, r) => n + Number(r.n), 0);
  return { subscriptions: count(subs), redemptions: count(reds) };
}
