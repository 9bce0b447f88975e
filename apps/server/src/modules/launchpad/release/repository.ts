import { type DbOrTx, rowsOf } from '@agc/db';
import { sql } from 'drizzle-orm';
import type { ReleaseTerms } from './schedule.ts';

/** A purchase with AGC still locked, and its round's release terms. */
export interface LockedPurchase {
  id: bigint;
  userId: bigint;
  agc: bigint;
  released: bigint;
  terms: ReleaseTerms;
}

/**
 * Purchases with AGC still locked, with their round's release terms. Every one (what the platform owes: the
 * solvency view), or, with `releasable`, up to `limit` after `afterId` (by id) in rounds whose release started
 * (ends_at + cliff ≤ at), locked FOR UPDATE SKIP LOCKED: two processes never take the same purchase.
 */
export async function lockedPurchases(
  db: DbOrTx,
  releasable?: { at: Date; afterId: bigint; limit: number },
): Promise<LockedPurchase[]> {
  const batch = releasable
    ? sql`and p.id > ${releasable.afterId.toString()}::bigint
        and r.ends_at + make_interval(days => r.cliff_days) <= ${releasable.at.toISOString()}::timestamptz
      order by p.id limit ${releasable.limit}
      for update of p skip locked`
    : sql``;
  const rows = rowsOf<{
    id: string;
    user_id: string;
    agc: string;
    released: string;
    ends_at: string | Date;
    cliff_days: number;
    linear_days: number;
  }>(
    await db.execute(sql`
      select p.id::text as id, p.user_id::text as user_id, p.agc::text as agc, p.released_agc::text as released,
        r.ends_at, r.cliff_days, r.linear_days
      from launchpad_purchases p join launchpad_rounds r on r.id = p.round_id
      where p.released_agc < p.agc ${batch}`),
  );
  return rows.map((r) => ({
    id: BigInt(r.id),
    userId: BigInt(r.user_id),
    agc: BigInt(r.agc),
    released: BigInt(r.released),
    terms: {
      endsAt: new Date(r.ends_at),
      cliffDays: Number(r.cliff_days),
      linearDays: Number(r.linear_days),
    },
  }));
}

/** Sets each purchase's released AGC to `after` (one statement). */
export async function setReleasedAgc(
  tx: DbOrTx,
  moves: ReadonlyArray<{ id: bigint; after: bigint }>,
): Promise<void> {
  await tx.execute(sql`
    update launchpad_purchases p set released_agc = k.after
    from unnest(${sql.param(moves.map((m) => m.id.toString()))}::bigint[], ${sql.param(moves.map((m) => m.after.toString()))}::numeric[])
      as k(id, after)
    where p.id = k.id`);
}
