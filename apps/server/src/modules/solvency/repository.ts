import { type DbOrTx, rowsOf } from '@agc/db';
import { ACCOUNTS } from '@server/modules/ledger/index.ts';
import { sql } from 'drizzle-orm';

/**
 * All SQL of the solvency view: read-only aggregates over the ledger and the records whose amounts the ledger holds
 * (withdrawals in member.locked, earn transfers out in member.earn_pending, launchpad purchases in
 * member.launchpad_locked, fund orders and redemptions in member.fund_units / member.fund_units_redeeming). Each
 * query reads one partial index or one grouped scan; none loops per member.
 */

/** The member accounts the view sums, by code (USDT and AGC only: fund units are valued separately). */
export const MEMBER_TOKEN_CODES = [
  ACCOUNTS.available,
  ACCOUNTS.fundAvailableProfit,
  ACCOUNTS.fundSubscribing,
] as const;

/** The balance of a system account (0 when it does not exist yet). */
export async function systemBalance(db: DbOrTx, code: string, asset: string): Promise<bigint> {
  const [row] = rowsOf<{ balance: string }>(
    await db.execute(sql`select balance::text as balance from ledger_accounts
      where coalesce(user_id, 0) = 0 and code = ${code} and asset = ${asset}`),
  );
  return BigInt(row?.balance ?? '0');
}

/** Withdrawals not paid and not rejected, per token and status: what the vault pays (received) and the count. */
export async function openWithdrawals(db: DbOrTx) {
  const rows = rowsOf<{ asset: 'USDT' | 'AGC'; status: 'Auditing' | 'Withdrawable'; received: string }>(
    await db.execute(sql`
      select asset, status, sum(received)::text as received from withdrawals
      where status in ('Auditing', 'Withdrawable') group by asset, status`),
  );
  return rows.map((r) => ({ asset: r.asset, status: r.status, received: BigInt(r.received) }));
}

/**
 * Pending simple-earn transfers out (USDT), summed by when they arrive: already due (the arrival job has not moved
 * them yet), by `min5`, by `h72`, later.
 */
export async function pendingEarnOuts(db: DbOrTx, now: Date, min5: Date, h72: Date) {
  const [row] = rowsOf<{ due: string; min5: string; h72: string; later: string }>(
    await db.execute(sql`
      select
        coalesce(sum(amount) filter (where arrives_at <= ${now.toISOString()}::timestamptz), 0)::text as due,
        coalesce(sum(amount) filter (where arrives_at > ${now.toISOString()}::timestamptz
          and arrives_at <= ${min5.toISOString()}::timestamptz), 0)::text as min5,
        coalesce(sum(amount) filter (where arrives_at > ${min5.toISOString()}::timestamptz
          and arrives_at <= ${h72.toISOString()}::timestamptz), 0)::text as h72,
        coalesce(sum(amount) filter (where arrives_at > ${h72.toISOString()}::timestamptz), 0)::text as later
      from earn_movements where status = 'Pending'`),
  );
  return {
    now: BigInt(row?.due ?? '0'),
    min5: BigInt(row?.min5 ?? '0'),
    h72: BigInt(row?.h72 ?? '0'),
    later: BigInt(row?.later ?? '0'),
  };
}

/** Fund units members hold and may redeem, per product, split by whether the lock has ended at `now`. */
export async function heldFundUnits(db: DbOrTx, now: Date) {
  const rows = rowsOf<{ product_id: number | string; unlocked: boolean; units: string }>(
    await db.execute(sql`
      select product_id, coalesce(lock_ends_at <= ${now.toISOString()}::timestamptz, false) as unlocked,
        sum(units_free)::text as units
      from fund_orders where units_free > 0
      group by 1, 2`),
  );
  return rows.map((r) => ({
    productId: Number(r.product_id),
    unlocked: r.unlocked === true,
    units: BigInt(r.units),
  }));
}

/** Units in Pending or Approved redemptions, per product and the fee rate fixed at each request. */
export async function openRedemptionUnits(db: DbOrTx) {
  const rows = rowsOf<{ product_id: number | string; fee_ppm: number | string; units: string }>(
    await db.execute(sql`
      select product_id, fee_ppm, sum(units)::text as units from fund_redemptions
      where status in ('Pending', 'Approved') group by product_id, fee_ppm`),
  );
  return rows.map((r) => ({
    productId: Number(r.product_id),
    feePpm: Number(r.fee_ppm),
    units: BigInt(r.units),
  }));
}

/** The redemption fee rate (ppm) of each product. */
export async function redemptionFees(db: DbOrTx, productIds: number[]): Promise<Map<number, number>> {
  if (productIds.length === 0) return new Map();
  const rows = rowsOf<{ id: number | string; fee: number | string }>(
    await db.execute(sql`select id, redemption_fee_ppm as fee from fund_products
      where id = any(${sql.param([...new Set(productIds)])}::int[])`),
  );
  return new Map(rows.map((r) => [Number(r.id), Number(r.fee)]));
}

// --- The same parts per member (the proof of liabilities, a member's assets): each query groups by member what one
// query above sums, over the same rows, so the members' amounts add up to the view's figures in one snapshot. Zero
// rows are left out. `only` narrows a query to one member's rows; the fund queries take `products` instead (every
// holder of those products: a member's share of a group's value depends on the whole group).

const ofMember = (only: bigint | undefined) =>
  only === undefined ? sql.empty() : sql` and user_id = ${only.toString()}::bigint`;
const ofProducts = (products: readonly number[] | undefined) =>
  products === undefined ? sql.empty() : sql` and product_id = any(${sql.param([...products])}::int[])`;

/**
 * Each member's balance per (code, token) for the given codes, where it is not zero; made one at a time as the caller
 * walks them (a million members' balances are a million rows: no second array of them beside the driver's).
 */
export async function memberBalances(db: DbOrTx, codes: readonly string[], only?: bigint) {
  const rows = rowsOf<{ user_id: string; code: string; asset: 'USDT' | 'AGC'; balance: string }>(
    await db.execute(sql`
      select user_id::text as user_id, code, asset, balance::text as balance from ledger_accounts
      where user_id is not null and code = any(${sql.param([...codes])}::text[]) and asset in ('USDT', 'AGC')
        and balance <> 0${ofMember(only)}`),
  );
  return (function* () {
    for (const r of rows)
      yield { userId: BigInt(r.user_id), code: r.code, asset: r.asset, amount: BigInt(r.balance) };
  })();
}

/** A member's balance of one code and token (all three null: a member with none). */
export interface MemberBalanceRow {
  id: string;
  address: string;
  code: string | null;
  asset: 'USDT' | 'AGC' | null;
  balance: string | null;
}

/**
 * Every member (those owed nothing too) by id, with their address and their non-zero token balances of `codes`: one
 * row per balance (one with null code, asset and balance for a member with none), a member's rows together. Read
 * through a cursor in the caller's transaction (`pageSize` rows per fetch), so that neither the driver nor the
 * caller ever holds every row; a member's rows may straddle two pages.
 */
export async function* memberBalanceRows(
  tx: DbOrTx,
  codes: readonly string[],
  pageSize: number,
): AsyncGenerator<MemberBalanceRow[]> {
  await tx.execute(sql`
    declare member_balances no scroll cursor for
    select u.id::text as id, u.address, a.code, a.asset, a.balance::text as balance
    from users u left join ledger_accounts a on coalesce(a.user_id, 0) = u.id
      and a.code = any(${sql.param([...codes])}::text[]) and a.asset in ('USDT', 'AGC') and a.balance <> 0
    order by u.id`);
  try {
    for (;;) {
      const rows = rowsOf<MemberBalanceRow>(
        await tx.execute(sql.raw(`fetch forward ${Math.trunc(pageSize)} from member_balances`)),
      );
      if (rows.length === 0) return;
      yield rows;
      if (rows.length < pageSize) return;
    }
  } finally {
    await tx.execute(sql`close member_balances`);
  }
}

/** Each member's open withdrawals (what the vault pays: received), per token and status. */
export async function memberOpenWithdrawals(db: DbOrTx, only?: bigint) {
  const rows = rowsOf<{
    user_id: string;
    asset: 'USDT' | 'AGC';
    status: 'Auditing' | 'Withdrawable';
    received: string;
  }>(
    await db.execute(sql`
      select user_id::text as user_id, asset, status, sum(received)::text as received from withdrawals
      where status in ('Auditing', 'Withdrawable')${ofMember(only)} group by user_id, asset, status`),
  );
  return rows.map((r) => ({
    userId: BigInt(r.user_id),
    asset: r.asset,
    status: r.status,
    received: BigInt(r.received),
  }));
}

/** Each member's simple-earn holding (the subledger whose control account the view reads), where not zero. */
export async function memberEarnHoldings(db: DbOrTx, only?: bigint) {
  const rows = rowsOf<{ user_id: string; balance: string }>(
    await db.execute(sql`select user_id::text as user_id, balance::text as balance from earn_accounts
      where balance <> 0${ofMember(only)}`),
  );
  return rows.map((r) => ({ userId: BigInt(r.user_id), amount: BigInt(r.balance) }));
}

/** Each member's pending simple-earn transfers out (USDT). */
export async function memberPendingEarnOuts(db: DbOrTx, only?: bigint) {
  const rows = rowsOf<{ user_id: string; amount: string }>(
    await db.execute(sql`select user_id::text as user_id, sum(amount)::text as amount from earn_movements
      where status = 'Pending'${ofMember(only)} group by user_id`),
  );
  return rows.map((r) => ({ userId: BigInt(r.user_id), amount: BigInt(r.amount) }));
}

/** Each member's launchpad AGC not released yet (bought less released, over their purchases). */
export async function memberUnreleasedAgc(db: DbOrTx, only?: bigint) {
  const rows = rowsOf<{ user_id: string; amount: string }>(
    await db.execute(sql`select user_id::text as user_id, sum(agc - released_agc)::text as amount
      from launchpad_purchases where released_agc < agc${ofMember(only)} group by user_id`),
  );
  return rows.map((r) => ({ userId: BigInt(r.user_id), amount: BigInt(r.amount) }));
}

/** Each member's fund units held, per product and whether the lock has ended at `now` (heldFundUnits, per member). */
export async function memberHeldFundUnits(db: DbOrTx, now: Date, products?: readonly number[]) {
  const rows = rowsOf<{ user_id: string; product_id: number | string; unlocked: boolean; units: string }>(
    await db.execute(sql`
      select user_id::text as user_id, product_id,
        coalesce(lock_ends_at <= ${now.toISOString()}::timestamptz, false) as unlocked, sum(units_free)::text as units
      from fund_orders where units_free > 0${ofProducts(products)}
      group by 1, 2, 3`),
  );
  return rows.map((r) => ({
    userId: BigInt(r.user_id),
    productId: Number(r.product_id),
    unlocked: r.unlocked === true,
    units: BigInt(r.units),
  }));
}

/** Each member's units in Pending or Approved redemptions, per product and fee rate (openRedemptionUnits, per member). */
export async function memberRedemptionUnits(db: DbOrTx, products?: readonly number[]) {
  const rows = rowsOf<{
    user_id: string;
    product_id: number | string;
    fee_ppm: number | string;
    units: string;
  }>(
    await db.execute(sql`
      select user_id::text as user_id, product_id, fee_ppm, sum(units)::text as units from fund_redemptions
      where status in ('Pending', 'Approved')${ofProducts(products)} group by 1, 2, 3`),
  );
  return rows.map((r) => ({
    userId: BigInt(r.user_id),
    productId: Number(r.product_id),
    feePpm: Number(r.fee_ppm),
    units: BigInt(r.units),
  }));
}

/** The fund products a member holds units of or is redeeming (the groups their fund parts are shares of). */
export async function memberFundProducts(db: DbOrTx, userId: bigint): Promise<number[]> {
  const rows = rowsOf<{ product_id: number | string }>(
    await db.execute(sql`
      select product_id from fund_orders where units_free > 0 and user_id = ${userId.toString()}::bigint
      union
      select product_id from fund_redemptions
      where status in ('Pending', 'Approved') and user_id = ${userId.toString()}::bigint`),
  );
  return rows.map((r) => Number(r.product_id));
}
