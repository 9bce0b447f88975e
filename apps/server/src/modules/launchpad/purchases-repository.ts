import { type DbOrTx, rowsOf, schema } from '@agc/db';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';

const { launchpadPurchases, launchpadRounds, launchpadCopies, users } = schema;

export type LaunchpadPurchaseRow = typeof launchpadPurchases.$inferSelect;

/** What the round's row says once `n` copies were taken: the new sold count and the round's terms. */
export interface TakenCopies {
  sold: number;
  priceUsdt: bigint;
  agcPerCopy: bigint;
  perMemberLimit: number;
}

/**
 * The purchase's serialization point: takes `n` copies of an open round in its sale window, never above its
 * copies. The row stays locked until the transaction ends, so the purchases of one round run one after another
 * from here on (copy numbers, the per-member limit). Undefined when the round refuses (closed, outside its
 * window, too few copies left): the caller reads the round again to say why.
 */
export async function takeCopies(
  tx: DbOrTx,
  roundId: number,
  n: number,
  now: Date,
): Promise<TakenCopies | undefined> {
  const [row] = await tx
    .update(launchpadRounds)
    .set({ sold: sql`${launchpadRounds.sold} + ${n}` })
    .where(
      and(
        eq(launchpadRounds.id, roundId),
        eq(launchpadRounds.status, 'open'),
        sql`${launchpadRounds.startsAt} <= ${now.toISOString()}::timestamptz`,
        sql`${launchpadRounds.endsAt} > ${now.toISOString()}::timestamptz`,
        sql`${launchpadRounds.sold} + ${n} <= ${launchpadRounds.copies}`,
      ),
    )
    .returning({
      sold: launchpadRounds.sold,
      priceUsdt: launchpadRounds.priceUsdt,
      agcPerCopy: launchpadRounds.agcPerCopy,
      perMemberLimit: launchpadRounds.perMemberLimit,
    });
  return row;
}

/**
 * Inserts the purchase and its numbered copies (first..first + copies − 1) in one statement, only when the
 * member's copies in the round stay within `limit` (counted by this statement: under the round's lock, taken
 * before, it sees every earlier purchase). Returns the purchase, or undefined when the limit refuses.
 */
export async function insertPurchaseWithin(
  tx: DbOrTx,
  p: {
    roundId: number;
    userId: bigint;
    copies: number;
    firstCopy: number;
    amountUsdt: bigint;
    agc: bigint;
    limit: number;
    now: Date;
  },
): Promise<LaunchpadPurchaseRow | undefined> {
  const uid = p.userId.toString();
  const at = p.now.toISOString();
  const [row] = rowsOf<{ id: string }>(
    await tx.execute(sql`
      with p as (
        insert into launchpad_purchases (round_id, user_id, copies, first_copy, amount_usdt, agc, created_at)
        select ${p.roundId}, ${uid}::bigint, ${p.copies}, ${p.firstCopy}, ${p.amountUsdt.toString()}::numeric,
          ${p.agc.toString()}::numeric, ${at}::timestamptz
        where (select coalesce(sum(copies), 0) from launchpad_purchases
               where round_id = ${p.roundId} and user_id = ${uid}::bigint) + ${p.copies} <= ${p.limit}
        returning id),
      c as (
        insert into launchpad_copies (round_id, copy_no, purchase_id, user_id, created_at)
        select ${p.roundId}, g, p.id, ${uid}::bigint, ${at}::timestamptz
        from p, generate_series(${p.firstCopy}::int, ${p.firstCopy + p.copies - 1}::int) g)
      select id::text as id from p`),
  );
  if (!row) return undefined;
  return {
    id: BigInt(row.id),
    roundId: p.roundId,
    userId: p.userId,
    copies: p.copies,
    firstCopy: p.firstCopy,
    amountUsdt: p.amountUsdt,
    agc: p.agc,
    releasedAgc: 0n,
    createdAt: p.now,
  };
}

export type PurchaseWithRound = LaunchpadPurchaseRow & {
  round: typeof launchpadRounds.$inferSelect;
};

const purchaseWithRound = (r: {
  launchpad_purchases: LaunchpadPurchaseRow;
  launchpad_rounds: typeof launchpadRounds.$inferSelect;
}): PurchaseWithRound => ({ ...r.launchpad_purchases, round: r.launchpad_rounds });

/** A member's purchases, newest first, with their rounds. */
export async function listPurchases(db: DbOrTx, userId: bigint, q: { page: number; size: number }) {
  const rows = await db
    .select()
    .from(launchpadPurchases)
    .innerJoin(launchpadRounds, eq(launchpadRounds.id, launchpadPurchases.roundId))
    .where(eq(launchpadPurchases.userId, userId))
    .orderBy(desc(launchpadPurchases.id))
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  const [total] = await db
    .select({ n: count() })
    .from(launchpadPurchases)
    .where(eq(launchpadPurchases.userId, userId));
  return { rows: rows.map(purchaseWithRound), total: Number(total?.n ?? 0) };
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
  const rows = await db
    .select({ copyNo: launchpadCopies.copyNo, address: users.address, createdAt: launchpadCopies.createdAt })
    .from(launchpadCopies)
    .innerJoin(users, eq(users.id, launchpadCopies.userId))
    .where(eq(launchpadCopies.roundId, roundId))
    .orderBy(asc(launchpadCopies.copyNo))
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  const [total] = await db
    .select({ n: count() })
    .from(launchpadCopies)
    .where(eq(launchpadCopies.roundId, roundId));
  return { rows, total: Number(total?.n ?? 0) };
}
