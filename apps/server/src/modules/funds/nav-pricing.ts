import { type DbOrTx, rowsOf } from '@agc/db';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { type TransferInput, transferBatch } from '../ledger/index.ts';
import { FUND_ACCOUNTS, unitRef, usdtRef } from './accounts.ts';
import { costShare, priceRedemption, priceSubscription } from './math.ts';
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

/** Sums per member of what one NAV moves for them (a member has several orders and redemptions). */
class MemberSums {
  private readonly sums = new Map<string, bigint[]>();
  constructor(private readonly width: number) {}
  add(userId: string, values: bigint[]) {
    let s = this.sums.get(userId);
    if (!s) {
      s = new Array<bigint>(this.width).fill(0n);
      this.sums.set(userId, s);
    }
    for (let i = 0; i < this.width; i++) s[i]! += values[i]!;
  }
  entries() {
    return [...this.sums.entries()].map(([user, values]) => ({ user: BigInt(user), values }));
  }
}

/**
 * Prices a product's waiting business at a NAV just published, inside the publishing transaction (forward
 * pricing): every Processing subscription becomes a Subscription holding (fee rounded up, units rounded down),
 * every Approved redemption is Completed (value rounded down, fee rounded up, paid into available USDT).
 *
 * Set-based: a fixed number of statements whatever the count. The figures of each order and redemption are
 * computed with math.ts (the one place of the fund arithmetic) and written to its row with array parameters;
 * the row keeps them (fee, units, NAV id; gross, fee, amount). The ledger gets one transfer per member, account
 * pair and NAV — the sum of that member's rows priced at this NAV — under the keys `fundnav:<nav id>:<member>:…`
 * (ref `fundnav:<nav id>`): a publication priced 100,000 subscriptions and 100,000 redemptions would otherwise
 * post 600,000 journal rows, which alone takes longer than the 5 s the publication may take (measured in
 * bench/funds-nav.ts). The redemption fees of one NAV are one system transfer.
 *
 * Concurrency: the caller holds the product's row lock (one NAV action per product at a time). Rows move only if
 * still in the state read (status checked in each UPDATE, which locks the row), so a state changed meanwhile is
 * never priced twice or half. A holding's cost and its held units (free + redeeming) change only here; redemption
 * requests, cancels and rejections move units between free and redeeming, which the UPDATE applies as deltas.
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
  const postings: TransferInput[] = [];
  const subscriptions = await priceSubscriptions(tx, productId, nav, {
    now,
    lockEndsAt: lockEndOf(nav.day, Number(product.lock_days)),
    postings,
  });
  const redemptions = await completeRedemptions(tx, productId, nav, { now, postings });
  for (let i = 0; i < postings.length; i += POSTING_CHUNK)
    await transferBatch(tx, postings.slice(i, i + POSTING_CHUNK));
  return { subscriptions, redemptions };
}

async function priceSubscriptions(
  tx: DbOrTx,
  productId: number,
  nav: PublishedNav,
  o: { now: Date; lockEndsAt: Date; postings: TransferInput[] },
): Promise<number> {
  const rows = rowsOf<{ id: string; amount_usdt: string; fee_ppm: number | string }>(
    await tx.execute(sql`
      select id::text as id, amount_usdt::text as amount_usdt, fee_ppm
      from fund_orders where product_id = ${productId} and status = 'Processing'`),
  );
  if (rows.length === 0) return 0;
  const ids: string[] = [];
  const feeTexts: string[] = [];
  const units: string[] = [];
  for (const r of rows) {
    const priced = priceSubscription(BigInt(r.amount_usdt), Number(r.fee_ppm), nav.navE8);
    ids.push(r.id);
    feeTexts.push(priced.fee.toString());
    units.push(priced.units.toString());
  }
  const updated = rowsOf<{ user_id: string; amount: string; fee: string; units: string }>(
    await tx.execute(sql`
      update fund_orders o set status = 'Subscription', fee_usdt = u.fee, units = u.units, units_free = u.units,
        cost_usdt = o.amount_usdt, nav_id = ${nav.id.toString()}::bigint, nav_e8 = ${nav.navE8.toString()}::numeric,
        subscribed_at = ${o.now.toISOString()}::timestamptz, lock_ends_at = ${o.lockEndsAt.toISOString()}::timestamptz
      from unnest(${sql.param(ids)}::bigint[], ${sql.param(feeTexts)}::numeric[], ${sql.param(units)}::numeric[])
        as u(id, fee, units)
      where o.id = u.id and o.status = 'Processing' and o.product_id = ${productId}
      returning o.user_id::text as user_id, o.amount_usdt::text as amount, u.fee::text as fee, u.units::text as units`),
  );
  // Per member: [amount, units]; the whole payment goes to the fund's assets, the NAV's fees from there to the
  // fees account in one system transfer (as the redemption fees do).
  const sums = new MemberSums(2);
  let fees = 0n;
  for (const r of updated) {
    sums.add(r.user_id, [BigInt(r.amount), BigInt(r.units)]);
    fees += BigInt(r.fee);
  }
  const ref = `fundnav:${nav.id}`;
  for (const { user, values } of sums.entries()) {
    const [amount, issued] = values as [bigint, bigint];
    const key = `${ref}:${user}:subscription`;
    o.postings.push({
      debit: usdtRef(user, FUND_ACCOUNTS.subscribing),
      credit: usdtRef(null, FUND_ACCOUNTS.assets),
      amount,
      kind: 'fund.subscription.amount',
      ref,
      idempotencyKey: `${key}:amount`,
    });
    if (issued > 0n)
      o.postings.push({
        debit: unitRef(null, FUND_ACCOUNTS.unitsIssued, productId),
        credit: unitRef(user, FUND_ACCOUNTS.units, productId),
        amount: issued,
        kind: 'fund.subscription.units',
        ref,
        idempotencyKey: `${key}:units`,
      });
  }
  if (fees > 0n)
    o.postings.push({
      debit: usdtRef(null, FUND_ACCOUNTS.assets),
      credit: usdtRef(null, FUND_ACCOUNTS.fees),
      amount: fees,
      kind: 'fund.subscription.fee',
      ref,
      idempotencyKey: `${ref}:subscription_fees`,
    });
  return updated.length;
}

async function completeRedemptions(
  tx: DbOrTx,
  productId: number,
  nav: PublishedNav,
  o: { now: Date; postings: TransferInput[] },
): Promise<number> {
  const rows = rowsOf<{
    id: string;
    order_id: string;
    units: string;
    fee_ppm: number | string;
    held: string;
    cost: string;
  }>(
    await tx.execute(sql`
      select r.id::text as id, r.order_id::text as order_id, r.units::text as units, r.fee_ppm,
        (o.units_free + o.units_redeeming)::text as held, o.cost_usdt::text as cost
      from fund_redemptions r join fund_orders o on o.id = r.order_id
      where r.product_id = ${productId} and r.status = 'Approved'
      order by r.order_id, r.id`),
  );
  if (rows.length === 0) return 0;
  const red = { ids: [] as string[], gross: [] as string[], fee: [] as string[], amount: [] as string[] };
  // Per order: units leaving, cost leaving, revenue realised (an order may complete several redemptions at once).
  const orders = new Map<
    string,
    { held: bigint; cost: bigint; units: bigint; share: bigint; realized: bigint }
  >();
  for (const r of rows) {
    let order = orders.get(r.order_id);
    if (!order) {
      order = { held: BigInt(r.held), cost: BigInt(r.cost), units: 0n, share: 0n, realized: 0n };
      orders.set(r.order_id, order);
    }
    const units = BigInt(r.units);
    const priced = priceRedemption(units, Number(r.fee_ppm), nav.navE8);
    const share = costShare(order.cost - order.share, units, order.held - order.units);
    order.units += units;
    order.share += share;
    order.realized += priced.amount - share;
    red.ids.push(r.id);
    red.gross.push(priced.gross.toString());
    red.fee.push(priced.fee.toString());
    red.amount.push(priced.amount.toString());
  }
  const completed = rowsOf<{ user_id: string; units: string; fee: string; amount: string }>(
    await tx.execute(sql`
      update fund_redemptions r set status = 'Completed', nav_id = ${nav.id.toString()}::bigint,
        nav_e8 = ${nav.navE8.toString()}::numeric, gross_usdt = u.gross, fee_usdt = u.fee, amount_usdt = u.amount,
        completed_at = ${o.now.toISOString()}::timestamptz
      from unnest(${sql.param(red.ids)}::bigint[], ${sql.param(red.gross)}::numeric[],
        ${sql.param(red.fee)}::numeric[], ${sql.param(red.amount)}::numeric[]) as u(id, gross, fee, amount)
      where r.id = u.id and r.status = 'Approved'
      returning r.user_id::text as user_id, r.units::text as units, u.fee::text as fee, u.amount::text as amount`),
  );
  // The guarded update moved every row read: the redemptions of a product leave Approved only here, under the
  // product's lock. Anything else would leave the orders' figures below wrong, so refuse the whole publication.
  if (completed.length !== rows.length) throw new Error('fund redemptions changed while being priced');
  // An order with nothing left is Redeemed; one still holding units goes back to Subscription once no
  // redemption of it is open, and stays Redemption while one is.
  const ids = [...orders.keys()];
  const col = (f: (x: { units: bigint; share: bigint; realized: bigint }) => bigint) =>
    ids.map((id) => f(orders.get(id)!).toString());
  await tx.execute(sql`
    update fund_orders o set units_redeeming = o.units_redeeming - u.units, cost_usdt = o.cost_usdt - u.share,
      realized_usdt = o.realized_usdt + u.realized,
      status = case when o.units_free + o.units_redeeming - u.units = 0 then 'Redeemed'
                    when o.units_redeeming - u.units = 0 then 'Subscription' else 'Redemption' end
    from unnest(${sql.param(ids)}::bigint[], ${sql.param(col((x) => x.units))}::numeric[],
      ${sql.param(col((x) => x.share))}::numeric[], ${sql.param(col((x) => x.realized))}::numeric[])
      as u(id, units, share, realized)
    where o.id = u.id`);
  // Per member: [units, amount]; the fees of the whole NAV are one system transfer.
  const sums = new MemberSums(2);
  let fees = 0n;
  for (const r of completed) {
    sums.add(r.user_id, [BigInt(r.units), BigInt(r.amount)]);
    fees += BigInt(r.fee);
  }
  const ref = `fundnav:${nav.id}`;
  for (const { user, values } of sums.entries()) {
    const [units, amount] = values as [bigint, bigint];
    const key = `${ref}:${user}:redemption`;
    o.postings.push({
      debit: unitRef(user, FUND_ACCOUNTS.unitsRedeeming, productId),
      credit: unitRef(null, FUND_ACCOUNTS.unitsIssued, productId),
      amount: units,
      kind: 'fund.redemption.units',
      ref,
      idempotencyKey: `${key}:units`,
    });
    if (amount > 0n)
      o.postings.push({
        debit: usdtRef(null, FUND_ACCOUNTS.assets),
        credit: usdtRef(user, FUND_ACCOUNTS.memberAvailable),
        amount,
        kind: 'fund.redemption.amount',
        ref,
        idempotencyKey: `${key}:amount`,
      });
  }
  if (fees > 0n)
    o.postings.push({
      debit: usdtRef(null, FUND_ACCOUNTS.assets),
      credit: usdtRef(null, FUND_ACCOUNTS.fees),
      amount: fees,
      kind: 'fund.redemption.fee',
      ref,
      idempotencyKey: `${ref}:redemption_fees`,
    });
  return completed.length;
}
