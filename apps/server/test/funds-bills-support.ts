/**
 * Fund fixtures for the bills and earnings suites: members placed in the tree, products, NAVs, priced
 * subscriptions and completed redemptions written straight as rows (the states the NAV pricing leaves),
 * so these suites test the monthly and daily jobs on exact, known figures.
 */
import { type DbOrTx, rowsOf, schema } from '@agc/db';
import { defined } from '@agc/shared/defined';
import type { AppContext } from '@server/context.ts';
import { openSessionFor } from '@server/modules/auth/sessions.ts';
import { type Member, newInviteCode } from '@server/modules/members/index.ts';
import { insertPlaced, insertRoot } from '@server/modules/team/index.ts';
import { sql } from 'drizzle-orm';
import { newWallet } from './helpers.ts';

export const USDT = 10n ** 6n;
export const UNIT = 10n ** 6n;
export const NAV = 10n ** 8n;

export const addRoot = (ctx: AppContext) =>
  ctx.db.transaction((tx) => insertRoot(tx, newWallet().address.toLowerCase(), newInviteCode()));

/** A member invited by `inviter`, placed at the outermost free place of `side` under it. */
export const addMember = (ctx: AppContext, inviter: Member, side: 'left' | 'right') =>
  ctx.db.transaction((tx) =>
    insertPlaced(tx, {
      address: newWallet().address.toLowerCase(),
      inviteCode: newInviteCode(),
      inviter,
      side,
    }),
  );

/** Bearer headers of a member (a token as sign-in issues it). */
export const headersOf = async (ctx: AppContext, m: Member) => ({
  authorization: `Bearer ${await ctx.tokens.sign(m.address, m.id, await openSessionFor(ctx.db, m.id, 3_600_000))}`,
  'x-wallet-address': m.address,
});

export async function addProduct(
  db: DbOrTx,
  p: Partial<typeof schema.fundProducts.$inferInsert> = {},
): Promise<number> {
  const [row] = await db
    .insert(schema.fundProducts)
    .values({ name: 'Test fund', risk: 'Low', lockDays: 30, minimumUsdt: 100n * USDT, ...p })
    .returning({ id: schema.fundProducts.id });
  return defined(row).id;
}

/**
 * A product open for subscriptions: `p`'s fields and a NAV of 1 published now for the server's yesterday, which
 * prices today's subscriptions.
 */
export async function addOpenProduct(
  ctx: AppContext,
  p: Partial<typeof schema.fundProducts.$inferInsert> = {},
): Promise<number> {
  const productId = await addProduct(ctx.db, p);
  await ctx.db.insert(schema.fundNavs).values({
    productId,
    day: new Date(ctx.now().getTime() - 86_400_000).toISOString().slice(0, 10),
    navE8: 100_000_000n,
    status: 'Published',
    publishedAt: new Date(),
  });
  return productId;
}

export async function addNav(db: DbOrTx, productId: number, day: string, navE8: bigint): Promise<bigint> {
  const [row] = await db
    .insert(schema.fundNavs)
    .values({ productId, day, navE8, status: 'Published', publishedAt: new Date(`${day}T12:00:00Z`) })
    .returning({ id: schema.fundNavs.id });
  return defined(row).id;
}

/** A subscription priced at `subscribedAt`: `units` issued, `fee` taken from `amount`. */
export async function addHolding(
  db: DbOrTx,
  o: {
    userId: bigint;
    productId: number;
    amount: bigint;
    fee: bigint;
    units: bigint;
    at: string;
    navE8?: bigint;
  },
): Promise<bigint> {
  const at = new Date(o.at);
  const [row] = await db
    .insert(schema.fundOrders)
    .values({
      userId: o.userId,
      productId: o.productId,
      status: 'Subscription',
      amountUsdt: o.amount,
      feePpm: 0,
      feeUsdt: o.fee,
      quoteExpiresAt: at,
      paidAt: at,
      confirmedAt: at,
      navE8: o.navE8 ?? NAV,
      units: o.units,
      unitsFree: o.units,
      costUsdt: o.amount,
      subscribedAt: at,
      lockEndsAt: at,
      createdAt: at,
    })
    .returning({ id: schema.fundOrders.id });
  return defined(row).id;
}

/** A redemption of a holding: Completed at `at` (amounts given) or still Pending. */
export async function addRedemption(
  db: DbOrTx,
  r: {
    orderId: bigint;
    units: bigint;
    at: string;
    status?: 'Completed' | 'Pending';
    gross?: bigint;
    fee?: bigint;
    navE8?: bigint;
  },
): Promise<void> {
  const [o] = await db.select().from(schema.fundOrders).where(sql`id = ${r.orderId.toString()}::bigint`);
  const done = (r.status ?? 'Completed') === 'Completed';
  const at = new Date(r.at);
  await db.insert(schema.fundRedemptions).values({
    orderId: r.orderId,
    userId: defined(o).userId,
    productId: defined(o).productId,
    status: done ? 'Completed' : 'Pending',
    units: r.units,
    feePpm: 0,
    navE8: done ? (r.navE8 ?? NAV) : null,
    grossUsdt: done ? defined(r.gross) : null,
    feeUsdt: done ? defined(r.fee) : null,
    amountUsdt: done ? defined(r.gross) - defined(r.fee) : null,
    completedAt: done ? at : null,
    createdAt: at,
  });
  await db.execute(sql`update fund_orders set units_free = units_free - ${r.units.toString()}::numeric,
    units_redeeming = units_redeeming + ${(done ? 0n : r.units).toString()}::numeric
    where id = ${r.orderId.toString()}::bigint`);
}

/** A member's ledger balance of one USDT account. */
export async function usdtBalance(db: DbOrTx, userId: bigint | null, code: string): Promise<bigint> {
  const [row] = rowsOf<{ b: string }>(
    await db.execute(sql`select coalesce((select balance from ledger_accounts where coalesce(user_id, 0) =
      ${(userId ?? 0n).toString()}::bigint and code = ${code} and asset = 'USDT'), 0)::text as b`),
  );
  return BigInt(defined(row).b);
}
