import { type DbOrTx, rowsOf, schema } from '@agc/db';
import type { WithdrawAsset, WithdrawStatus, WithdrawType } from '@agc/shared';
import { pageAnswer, pageRows } from '@server/lib/paging.ts';
import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';

const { withdrawals } = schema;

export type WithdrawalRow = typeof withdrawals.$inferSelect;

/** The key of one member's asset in the maps of this module. */
export const memberKey = (userId: bigint, asset: string) => `${userId}|${asset}`;

/**
 * What members requested on `day` per asset, rejected requests aside, by memberKey: one query for
 * any number of member-asset pairs.
 */
export async function usedOnDay(
  db: DbOrTx,
  pairs: Array<{ userId: bigint; asset: WithdrawAsset }>,
  day: string,
): Promise<Map<string, bigint>> {
  const rows = rowsOf<{ uid: string; asset: string; used: string }>(
    await db.execute(sql`
      select k.uid::text as uid, k.asset, coalesce(sum(w.amount), 0)::text as used
      from unnest(${sql.param(pairs.map((p) => p.userId.toString()))}::bigint[],
        ${sql.param(pairs.map((p) => p.asset))}::text[]) as k(uid, asset)
      left join withdrawals w on w.user_id = k.uid and w.asset = k.asset and w.day = ${day}::date
        and w.status <> 'Rejected'
      group by k.uid, k.asset`),
  );
  return new Map(rows.map((r) => [memberKey(BigInt(r.uid), r.asset), BigInt(r.used)]));
}

/** A member's own withdrawal (another member's is not found). */
export async function findOwn(db: DbOrTx, userId: bigint, id: bigint): Promise<WithdrawalRow | undefined> {
  const [row] = await db
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.id, id), eq(withdrawals.userId, userId)))
    .limit(1);
  return row;
}

export interface WithdrawPageQuery {
  page: number;
  size: number;
  status?: WithdrawStatus;
  userId?: bigint;
  type?: WithdrawType;
  address?: string;
}

/** A page of withdrawals, newest first: a member's (userId) or everyone's, filtered. */
export async function withdrawalPage(db: DbOrTx, q: WithdrawPageQuery) {
  const conditions: SQL[] = [];
  if (q.userId !== undefined) conditions.push(eq(withdrawals.userId, q.userId));
  if (q.status !== undefined) conditions.push(eq(withdrawals.status, q.status));
  if (q.type !== undefined) conditions.push(eq(withdrawals.type, q.type));
  if (q.address !== undefined) conditions.push(eq(withdrawals.address, q.address));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const { list, total } = await pageRows(
    q,
    db.select().from(withdrawals).where(where).orderBy(desc(withdrawals.id)),
    db.select({ n: count() }).from(withdrawals).where(where),
  );
  return pageAnswer(list, total, q);
}

/** Inserts withdrawals in one statement and gives each row its id. */
export async function insertWithdrawals(tx: DbOrTx, rows: WithdrawalRow[]): Promise<void> {
  const inserted = rowsOf<{
    id: string;
    user_id: string;
    asset: string;
    amount: string;
    price: string | null;
    block: string | null;
  }>(
    await tx.execute(sql`
      insert into withdrawals (user_id, type, asset, amount, fee, received, fee_ppm, address, day, created_at,
        agc_price_usdt, price_source, price_block)
      select * from unnest(
        ${sql.param(rows.map((w) => w.userId.toString()))}::bigint[],
        ${sql.param(rows.map((w) => w.type))}::smallint[],
        ${sql.param(rows.map((w) => w.asset))}::text[],
        ${sql.param(rows.map((w) => w.amount.toString()))}::numeric[],
        ${sql.param(rows.map((w) => w.fee.toString()))}::numeric[],
        ${sql.param(rows.map((w) => w.received.toString()))}::numeric[],
        ${sql.param(rows.map((w) => w.feePpm))}::int[],
        ${sql.param(rows.map((w) => w.address))}::text[],
        ${sql.param(rows.map((w) => w.day))}::date[],
        ${sql.param(rows.map((w) => w.createdAt.toISOString()))}::timestamptz[],
        ${sql.param(rows.map((w) => w.agcPriceUsdt?.toString() ?? null))}::numeric[],
        ${sql.param(rows.map((w) => w.priceSource))}::text[],
        ${sql.param(rows.map((w) => w.priceBlock?.toString() ?? null))}::bigint[])
      returning id::text as id, user_id::text as user_id, asset, amount::text as amount,
        agc_price_usdt::text as price, price_block::text as block`),
  );
  // Matched by content, not by position (SQL promises no order of RETURNING): rows of one batch that
  // share member, asset, amount and recorded price (and its block) are identical in every column, so which id goes
  // to which is moot.
  const contentKey = (
    userId: string,
    asset: string,
    amount: string,
    price: string | null,
    block: string | null,
  ) => `${userId}|${asset}|${amount}|${price ?? ''}|${block ?? ''}`;
  const idsByContent = new Map<string, bigint[]>();
  for (const r of inserted) {
    const key = contentKey(r.user_id, r.asset, r.amount, r.price, r.block);
    idsByContent.set(key, [...(idsByContent.get(key) ?? []), BigInt(r.id)]);
  }
  for (const w of rows) {
    const key = contentKey(
      w.userId.toString(),
      w.asset,
      w.amount.toString(),
      w.agcPriceUsdt?.toString() ?? null,
      w.priceBlock?.toString() ?? null,
    );
    const id = idsByContent.get(key)?.shift();
    if (id === undefined) throw new Error('a withdrawal insert returned other rows than it was given');
    w.id = id;
  }
}

/** Locks one withdrawal for a decision. */
export async function lockWithdrawal(tx: DbOrTx, id: bigint): Promise<WithdrawalRow | undefined> {
  const [row] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update');
  return row;
}

/** Locks withdrawals in id order; only those in `status` when given. */
export async function lockWithdrawals(
  tx: DbOrTx,
  ids: bigint[],
  status?: WithdrawStatus,
): Promise<WithdrawalRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(withdrawals)
    .where(
      and(inArray(withdrawals.id, ids), status === undefined ? undefined : eq(withdrawals.status, status)),
    )
    .orderBy(withdrawals.id)
    .for('update');
}

/** Sets columns of one withdrawal; the row as it is now. */
export async function updateWithdrawal(
  db: DbOrTx,
  id: bigint,
  set: Partial<WithdrawalRow>,
): Promise<WithdrawalRow | undefined> {
  const [row] = await db.update(withdrawals).set(set).where(eq(withdrawals.id, id)).returning();
  return row;
}

/** Sets the same columns on many withdrawals. */
export async function updateWithdrawals(
  tx: DbOrTx,
  ids: bigint[],
  set: Partial<WithdrawalRow>,
): Promise<void> {
  if (ids.length === 0) return;
  await tx.update(withdrawals).set(set).where(inArray(withdrawals.id, ids));
}

/** Keeps the latest voucher deadline of a Withdrawable withdrawal (never moves it back). */
export async function extendVoucherDeadline(db: DbOrTx, id: bigint, deadlineAt: Date): Promise<void> {
  await db
    .update(withdrawals)
    .set({ voucherDeadline: deadlineAt })
    .where(
      and(
        eq(withdrawals.id, id),
        eq(withdrawals.status, 'Withdrawable'),
        sql`(${withdrawals.voucherDeadline} is null or ${withdrawals.voucherDeadline} < ${deadlineAt})`,
      ),
    );
}

/** States a withdrawal waits in: for an admin's audit, for the member's claim. */
export const WAITING_WITHDRAW_STATES = ['Auditing', 'Withdrawable'] as const;

/**
 * Withdrawals waiting, per state and asset (metrics): one grouped read of `withdrawals_status_idx`'s open states,
 * no per-member work.
 */
export async function waitingWithdrawals(
  db: DbOrTx,
): Promise<Array<{ state: (typeof WAITING_WITHDRAW_STATES)[number]; asset: WithdrawAsset; count: number }>> {
  const rows = await db
    .select({ state: withdrawals.status, asset: withdrawals.asset, n: count() })
    .from(withdrawals)
    .where(inArray(withdrawals.status, [...WAITING_WITHDRAW_STATES]))
    .groupBy(withdrawals.status, withdrawals.asset);
  return rows.map((r) => ({
    state: r.state as (typeof WAITING_WITHDRAW_STATES)[number],
    asset: r.asset,
    count: Number(r.n),
  }));
}

/** What the members' Auditing withdrawals hold, per member and asset (minor units), by memberKey. */
export async function auditingTotals(db: DbOrTx, userIds: readonly bigint[]): Promise<Map<string, bigint>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({
      userId: withdrawals.userId,
      asset: withdrawals.asset,
      total: sql<string>`sum(${withdrawals.amount})::text`,
    })
    .from(withdrawals)
    .where(and(inArray(withdrawals.userId, [...new Set(userIds)]), eq(withdrawals.status, 'Auditing')))
    .groupBy(withdrawals.userId, withdrawals.asset);
  return new Map(rows.map((r) => [memberKey(r.userId, r.asset), BigInt(r.total)]));
}
