import { type DbOrTx, rowsOf, schema } from '@agc/db';
import { defined } from '@agc/shared/defined';
import { pageRows } from '@server/lib/paging.ts';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';

const { launchpadPurchases, launchpadRounds, launchpadCopies, users } = schema;

export type LaunchpadPurchaseRow = typeof launchpadPurchases.$inferSelect;

/**
 * Adds the copies a group sold to the round's counter: `update … set sold = sold + n where … and sold + n <= copies`.
 * The caller holds the round's row lock (lockRound) and decided the group against it, so the guard cannot fail
 * unless a rule was broken; it stays, with the table's check, as the last word on "never oversold". Returns the
 * new sold count, or undefined when the guard refused.
 */
export async function addSold(tx: DbOrTx, roundId: number, n: number): Promise<number | undefined> {
  const [row] = await tx
    .update(launchpadRounds)
    .set({ sold: sql`${launchpadRounds.sold} + ${n}` })
    .where(
      and(
        eq(launchpadRounds.id, roundId),
        eq(launchpadRounds.status, 'open'),
        sql`${launchpadRounds.sold} + ${n} <= ${launchpadRounds.copies}`,
      ),
    )
    .returning({ sold: launchpadRounds.sold });
  return row?.sold;
}

/** Copies each of `userIds` holds in the round (absent: none). */
export async function heldCopies(
  tx: DbOrTx,
  roundId: number,
  userIds: bigint[],
): Promise<Map<bigint, number>> {
  const rows = rowsOf<{ user_id: string; n: number | string }>(
    await tx.execute(sql`select user_id::text as user_id, sum(copies)::int as n from launchpad_purchases
      where round_id = ${roundId} and user_id = any(${sql.param(userIds.map(String))}::bigint[])
      group by user_id`),
  );
  return new Map(rows.map((r) => [BigInt(r.user_id), Number(r.n)]));
}

export interface NewPurchase {
  userId: bigint;
  copies: number;
  firstCopy: number;
  amountUsdt: bigint;
  agc: bigint;
}

/**
 * Inserts purchases of one round and their numbered copies (first..first + copies − 1) in one statement, whatever
 * their number. Returns the rows in the order given.
 */
export async function insertPurchases(
  tx: DbOrTx,
  roundId: number,
  list: NewPurchase[],
  now: Date,
  price: PurchasePrice,
): Promise<LaunchpadPurchaseRow[]> {
  const at = now.toISOString();
  const rows = rowsOf<{ id: string; first_copy: number }>(
    await tx.execute(sql`
      with p as (
        insert into launchpad_purchases (round_id, user_id, copies, first_copy, amount_usdt, agc, created_at,
          agc_price_usdt, price_source, price_block)
        select ${roundId}, k.u, k.c, k.f, k.a, k.g, ${at}::timestamptz,
          ${price.agcPriceUsdt?.toString() ?? null}::numeric, ${price.priceSource}::text,
          ${price.priceBlock?.toString() ?? null}::bigint
        from unnest(${sql.param(list.map((p) => p.userId.toString()))}::bigint[],
          ${sql.param(list.map((p) => p.copies))}::int[], ${sql.param(list.map((p) => p.firstCopy))}::int[],
          ${sql.param(list.map((p) => p.amountUsdt.toString()))}::numeric[],
          ${sql.param(list.map((p) => p.agc.toString()))}::numeric[]) as k(u, c, f, a, g)
        returning id, user_id, copies, first_copy),
      c as (
        insert into launchpad_copies (round_id, copy_no, purchase_id, user_id, created_at)
        select ${roundId}, g, p.id, p.user_id, ${at}::timestamptz
        from p, generate_series(p.first_copy, p.first_copy + p.copies - 1) g)
      select id::text as id, first_copy from p`),
  );
  const ids = new Map(rows.map((r) => [Number(r.first_copy), BigInt(r.id)]));
  return list.map((p) => ({
    ...p,
    ...price,
    id: defined(ids.get(p.firstCopy)),
    roundId,
    releasedAgc: 0n,
    createdAt: now,
  }));
}

/** The AGC market price recorded with a group's purchases (the same for all of them), its source and block. */
export type PurchasePrice = Pick<LaunchpadPurchaseRow, 'agcPriceUsdt' | 'priceSource' | 'priceBlock'>;

export type PurchaseWithRound = LaunchpadPurchaseRow & {
  round: typeof launchpadRounds.$inferSelect;
};

const purchaseWithRound = (r: {
  launchpad_purchases: LaunchpadPurchaseRow;
  launchpad_rounds: typeof launchpadRounds.$inferSelect;
}): PurchaseWithRound => ({ ...r.launchpad_purchases, round: r.launchpad_rounds });

/** A member's purchases, newest first, with their rounds. */
export async function listPurchases(db: DbOrTx, userId: bigint, q: { page: number; size: number }) {
  const where = eq(launchpadPurchases.userId, userId);
  const { list, total } = await pageRows(
    q,
    db
      .select()
      .from(launchpadPurchases)
      .innerJoin(launchpadRounds, eq(launchpadRounds.id, launchpadPurchases.roundId))
      .where(where)
      .orderBy(desc(launchpadPurchases.id)),
    db.select({ n: count() }).from(launchpadPurchases).where(where),
  );
  return { rows: list.map(purchaseWithRound), total };
}

/** One purchase with its round (any member's: the caller checks the owner). */
export async function findPurchase(db: DbOrTx, id: bigint): Promise<PurchaseWithRound | undefined> {
  const [row] = await db
    .select()
    .from(launchpadPurchases)
    .innerJoin(launchpadRounds, eq(launchpadRounds.id, launchpadPurchases.roundId))
    .where(eq(launchpadPurchases.id, id));
  return row && purchaseWithRound(row);
}

/** A round's copies by number, with the buyer's address. */
export async function listCopies(db: DbOrTx, roundId: number, q: { page: number; size: number }) {
  const where = eq(launchpadCopies.roundId, roundId);
  const { list, total } = await pageRows(
    q,
    db
      .select({
        copyNo: launchpadCopies.copyNo,
        address: users.address,
        createdAt: launchpadCopies.createdAt,
      })
      .from(launchpadCopies)
      .innerJoin(users, eq(users.id, launchpadCopies.userId))
      .where(where)
      .orderBy(asc(launchpadCopies.copyNo)),
    db.select({ n: count() }).from(launchpadCopies).where(where),
  );
  return { rows: list, total };
}
