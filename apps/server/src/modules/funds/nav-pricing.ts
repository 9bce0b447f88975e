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
const POSTING_CHUNK = 60_000;

/** The moment a holding's lock ends: the NAV day plus the product's lock period, 00:00 UTC. */
export function lockEndOf(navDay: string, lockDays: number): Date {
  const end = new Date(`${navDay}T00:00:00Z`);
  end.setUTCDate(end.getUTCDate() + lockDays);
  return end;
}

/**
 * Prices a product's waiting business at a NAV just published, inside the publishing transaction (forward
 * pricing): every Processing subscription becomes a Subscription holding (fee rounded up, units rounded down),
 * every Approved redemption is Completed (value rounded down, fee rounded up, paid into available USDT). Set-based:
 * a fixed number of statements whatever the count (the figures are computed in bulk with math.ts, the one place
 * of the fund arithmetic, and written with array parameters). Rows are locked in id order (fund_orders, then
 * fund_redemptions), as the redemption requests lock an order before touching its redemptions.
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
  const rows = rowsOf<{ id: string; user_id: string; amount_usdt: string; fee_ppm: number | string }>(
    await tx.execute(sql`
      select id::text as id, user_id::text as user_id, amount_usdt::text as amount_usdt, fee_ppm
      from fund_orders where product_id = ${productId} and status = 'Processing'
      order by id for update`),
  );
  if (rows.length === 0) return 0;
  const ids: string[] = [];
  const fees: string[] = [];
  const units: string[] = [];
  for (const r of rows) {
    const user = BigInt(r.user_id);
    const priced = priceSubscription(BigInt(r.amount_usdt), Number(r.fee_ppm), nav.navE8);
    ids.push(r.id);
    fees.push(priced.fee.toString());
    units.push(priced.units.toString());
    const ref = `fundorder:${r.id}`;
    if (priced.net > 0n)
      o.postings.push({
        debit: usdtRef(user, FUND_ACCOUNTS.subscribing),
        credit: usdtRef(null, FUND_ACCOUNTS.assets),
        amount: priced.net,
        kind: 'fund.subscription.net',
        ref,
        idempotencyKey: `fundorder:${r.id}:net`,
      });
    if (priced.fee > 0n)
      o.postings.push({
        debit: usdtRef(user, FUND_ACCOUNTS.subscribing),
        credit: usdtRef(null, FUND_ACCOUNTS.fees),
        amount: priced.fee,
        kind: 'fund.subscription.fee',
        ref,
        idempotencyKey: `fundorder:${r.id}:fee`,
      });
    if (priced.units > 0n)
      o.postings.push({
        debit: unitRef(null, FUND_ACCOUNTS.unitsIssued, productId),
        credit: unitRef(user, FUND_ACCOUNTS.units, productId),
        amount: priced.units,
        kind: 'fund.subscription.units',
        ref,
        idempotencyKey: `fundorder:${r.id}:units`,
      });
  }
  await tx.execute(sql`
    update fund_orders o set status = 'Subscription', fee_usdt = u.fee, units = u.units, units_free = u.units,
      cost_usdt = o.amount_usdt, nav_id = ${nav.id.toString()}::bigint, nav_e8 = ${nav.navE8.toString()}::numeric,
      subscribed_at = ${o.now.toISOString()}::timestamptz, lock_ends_at = ${o.lockEndsAt.toISOString()}::timestamptz
    from unnest(${sql.param(ids)}::bigint[], ${sql.param(fees)}::numeric[], ${sql.param(units)}::numeric[])
      as u(id, fee, units)
    where o.id = u.id`);
  return rows.length;
}

interface HeldOrder {
  free: bigint;
  redeeming: bigint;
  cost: bigint;
  realized: bigint;
}

async function completeRedemptions(
  tx: DbOrTx,
  productId: number,
  nav: PublishedNav,
  o: { now: Date; postings: TransferInput[] },
): Promise<number> {
  // Orders first (the lock order of the redemption requests), then their Approved redemptions.
  const orderIds = rowsOf<{ order_id: string }>(
    await tx.execute(sql`
      select distinct order_id::text as order_id from fund_redemptions
      where product_id = ${productId} and status = 'Approved'`),
  ).map((r) => r.order_id);
  if (orderIds.length === 0) return 0;
  const orders = new Map<string, HeldOrder>();
  for (const r of rowsOf<{
    id: string;
    units_free: string;
    units_redeeming: string;
    cost_usdt: string;
    realized_usdt: string;
  }>(
    await tx.execute(sql`
      select o.id::text as id, o.units_free::text as units_free, o.units_redeeming::text as units_redeeming,
        o.cost_usdt::text as cost_usdt, o.realized_usdt::text as realized_usdt
      from fund_orders o join unnest(${sql.param(orderIds)}::bigint[]) as k(id) on o.id = k.id
      order by o.id for update of o`),
  ))
    orders.set(r.id, {
      free: BigInt(r.units_free),
      redeeming: BigInt(r.units_redeeming),
      cost: BigInt(r.cost_usdt),
      realized: BigInt(r.realized_usdt),
    });
  const rows = rowsOf<{
    id: string;
    order_id: string;
    user_id: string;
    units: string;
    fee_ppm: number | string;
  }>(
    await tx.execute(sql`
      select id::text as id, order_id::text as order_id, user_id::text as user_id, units::text as units, fee_ppm
      from fund_redemptions where product_id = ${productId} and status = 'Approved'
      order by id for update`),
  );
  const red = { ids: [] as string[], gross: [] as string[], fee: [] as string[], amount: [] as string[] };
  for (const r of rows) {
    const order = orders.get(r.order_id);
    // Approved after the orders were locked: it waits for the next NAV.
    if (!order) continue;
    const user = BigInt(r.user_id);
    const units = BigInt(r.units);
    const priced = priceRedemption(units, Number(r.fee_ppm), nav.navE8);
    const share = costShare(order.cost, units, order.free + order.redeeming);
    order.redeeming -= units;
    order.cost -= share;
    order.realized += priced.amount - share;
    red.ids.push(r.id);
    red.gross.push(priced.gross.toString());
    red.fee.push(priced.fee.toString());
    red.amount.push(priced.amount.toString());
    const ref = `fundredemption:${r.id}`;
    o.postings.push({
      debit: unitRef(user, FUND_ACCOUNTS.unitsRedeeming, productId),
      credit: unitRef(null, FUND_ACCOUNTS.unitsIssued, productId),
      amount: units,
      kind: 'fund.redemption.units',
      ref,
      idempotencyKey: `fundredemption:${r.id}:units`,
    });
    if (priced.amount > 0n)
      o.postings.push({
        debit: usdtRef(null, FUND_ACCOUNTS.assets),
        credit: usdtRef(user, FUND_ACCOUNTS.memberAvailable),
        amount: priced.amount,
        kind: 'fund.redemption.amount',
        ref,
        idempotencyKey: `fundredemption:${r.id}:amount`,
      });
    if (priced.fee > 0n)
      o.postings.push({
        debit: usdtRef(null, FUND_ACCOUNTS.assets),
        credit: usdtRef(null, FUND_ACCOUNTS.fees),
        amount: priced.fee,
        kind: 'fund.redemption.fee',
        ref,
        idempotencyKey: `fundredemption:${r.id}:fee`,
      });
  }
  if (red.ids.length === 0) return 0;
  await tx.execute(sql`
    update fund_redemptions r set status = 'Completed', nav_id = ${nav.id.toString()}::bigint,
      nav_e8 = ${nav.navE8.toString()}::numeric, gross_usdt = u.gross, fee_usdt = u.fee, amount_usdt = u.amount,
      completed_at = ${o.now.toISOString()}::timestamptz
    from unnest(${sql.param(red.ids)}::bigint[], ${sql.param(red.gross)}::numeric[], ${sql.param(red.fee)}::numeric[],
      ${sql.param(red.amount)}::numeric[]) as u(id, gross, fee, amount)
    where r.id = u.id`);
  // An order with nothing left is Redeemed; one still holding units goes back to Subscription once no
  // redemption of it is open, and stays Redemption while one is.
  const ids = [...orders.keys()];
  const at = (f: (h: HeldOrder) => bigint) => ids.map((id) => f(orders.get(id)!).toString());
  await tx.execute(sql`
    update fund_orders o set units_redeeming = u.redeeming, cost_usdt = u.cost, realized_usdt = u.realized,
      status = case when o.units_free + u.redeeming = 0 then 'Redeemed'
                    when u.redeeming = 0 then 'Subscription' else 'Redemption' end
    from unnest(${sql.param(ids)}::bigint[], ${sql.param(at((h) => h.redeeming))}::numeric[],
      ${sql.param(at((h) => h.cost))}::numeric[], ${sql.param(at((h) => h.realized))}::numeric[])
      as u(id, redeeming, cost, realized)
    where o.id = u.id`);
  return red.ids.length;
}
