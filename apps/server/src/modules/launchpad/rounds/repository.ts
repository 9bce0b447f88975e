import { type DbOrTx, rowsOf, schema } from '@agc/db';
import { defined } from '@agc/shared/defined';
import type { Translations } from '@server/lib/translations.ts';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';

const { launchpadRounds, launchpadPurchases } = schema;

export type LaunchpadRoundRow = typeof launchpadRounds.$inferSelect;
export type LaunchpadRoundInput = Omit<
  typeof launchpadRounds.$inferInsert,
  'id' | 'sold' | 'status' | 'closedAt' | 'createdAt'
> & { translations: Translations };

/** Every round, newest first. */
export function listRounds(db: DbOrTx): Promise<LaunchpadRoundRow[]> {
  return db.select().from(launchpadRounds).orderBy(desc(launchpadRounds.id));
}

export async function findRound(db: DbOrTx, id: number): Promise<LaunchpadRoundRow | undefined> {
  const [row] = await db.select().from(launchpadRounds).where(eq(launchpadRounds.id, id));
  return row;
}

/** The rounds of these ids (absent ones left out), by id. */
export async function findRounds(
  db: DbOrTx,
  ids: readonly number[],
): Promise<Map<number, LaunchpadRoundRow>> {
  const rows = await db
    .select()
    .from(launchpadRounds)
    .where(inArray(launchpadRounds.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

/** The round's row, locked for an admin's change. */
export async function lockRound(tx: DbOrTx, id: number): Promise<LaunchpadRoundRow | undefined> {
  const [row] = await tx.select().from(launchpadRounds).where(eq(launchpadRounds.id, id)).for('update');
  return row;
}

export async function insertRound(db: DbOrTx, input: LaunchpadRoundInput): Promise<LaunchpadRoundRow> {
  const [row] = await db.insert(launchpadRounds).values(input).returning();
  return defined(row);
}

/** Inserts the rounds when there is none yet (demo data); returns what it inserted. */
export async function insertRoundsIfNone(
  db: DbOrTx,
  list: LaunchpadRoundInput[],
): Promise<LaunchpadRoundRow[]> {
  const [any] = await db.select({ id: launchpadRounds.id }).from(launchpadRounds).limit(1);
  if (any || list.length === 0) return [];
  return db.insert(launchpadRounds).values(list).returning();
}

/** A round's terms as an admin's edit sets them (who created it stays). */
export async function updateRoundRow(
  tx: DbOrTx,
  id: number,
  input: Omit<LaunchpadRoundInput, 'createdBy'>,
): Promise<LaunchpadRoundRow> {
  const [row] = await tx.update(launchpadRounds).set(input).where(eq(launchpadRounds.id, id)).returning();
  return defined(row);
}

export async function closeRoundRow(tx: DbOrTx, id: number, at: Date): Promise<LaunchpadRoundRow> {
  const [row] = await tx
    .update(launchpadRounds)
    .set({ status: 'closed', closedAt: at })
    .where(eq(launchpadRounds.id, id))
    .returning();
  return defined(row);
}

/** Copies `userId` holds per round (absent: none). */
export async function copiesByRound(db: DbOrTx, userId: bigint, roundIds: number[]) {
  const out = new Map<number, number>();
  if (roundIds.length === 0) return out;
  const rows = rowsOf<{ round_id: number; n: number | string }>(
    await db.execute(sql`select round_id, sum(copies)::int as n from launchpad_purchases
      where user_id = ${userId.toString()}::bigint
        and round_id = any(${sql.param(roundIds)}::int[]) group by round_id`),
  );
  for (const r of rows) out.set(Number(r.round_id), Number(r.n));
  return out;
}

/** Copies each (member, round) pair holds, in one query: the count of pair i at position i. */
export async function copiesOfPairs(
  db: DbOrTx,
  pairs: ReadonlyArray<{ userId: bigint; roundId: number }>,
): Promise<number[]> {
  const rows = rowsOf<{ i: number | string; n: number | string }>(
    await db.execute(sql`select k.i, coalesce(sum(p.copies), 0)::int as n
      from unnest(${sql.param(pairs.map((x) => x.userId.toString()))}::bigint[],
        ${sql.param(pairs.map((x) => x.roundId))}::int[]) with ordinality as k(uid, rid, i)
      left join launchpad_purchases p on p.user_id = k.uid and p.round_id = k.rid
      group by k.i`),
  );
  const out = pairs.map(() => 0);
  for (const r of rows) out[Number(r.i) - 1] = Number(r.n);
  return out;
}

/** Per round: USDT raised and distinct buyers (the admins' list). */
export async function roundTotals(db: DbOrTx) {
  const rows = rowsOf<{ round_id: number; raised: string; buyers: number | string }>(
    await db.execute(sql`select round_id, sum(amount_usdt)::text as raised, count(distinct user_id)::int as buyers
      from launchpad_purchases group by round_id`),
  );
  return new Map(
    rows.map((r) => [Number(r.round_id), { raised: BigInt(r.raised), buyers: Number(r.buyers) }]),
  );
}

/** Copies a member already holds in a round. */
export async function memberCopies(db: DbOrTx, roundId: number, userId: bigint): Promise<number> {
  const [row] = await db
    .select({ n: sql<string>`coalesce(sum(${launchpadPurchases.copies}), 0)::text` })
    .from(launchpadPurchases)
    .where(and(eq(launchpadPurchases.roundId, roundId), eq(launchpadPurchases.userId, userId)));
  return Number(row?.n ?? 0);
}
