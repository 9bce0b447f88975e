import { type DbOrTx, rowsOf } from '@agc/db';
import { defined } from '@agc/shared/defined';
import type { AppContext } from '@server/context.ts';
import { invalidate } from '@server/lib/caches.ts';
import { ACCOUNTS, transferBatch } from '@server/modules/ledger/index.ts';
import { sql } from 'drizzle-orm';
import { vestedAgc } from './schedule.ts';

/** Purchases released per transaction. */
const BATCH = 2_000;

/**
 * One batch of the release: the purchases with AGC still locked in rounds whose release started (ends_at + cliff
 * ≤ now), locked with SKIP LOCKED (two processes never take the same purchase), each raised to what the schedule
 * has released by `now` (schedule.ts), the difference moved member.launchpad_locked → member.available (AGC) under
 * the key `launchpad:release:<purchase>:<released after>`, so a repeated run posts nothing twice. Returns the
 * members whose balances moved and how many purchases were looked at.
 */
async function releaseBatch(
  tx: DbOrTx,
  now: Date,
  afterId: bigint,
): Promise<{ members: bigint[]; seen: number; last: bigint }> {
  const rows = rowsOf<{
    id: string;
    user_id: string;
    agc: string;
    released: string;
    ends_at: string | Date;
    cliff_days: number;
    linear_days: number;
  }>(
    await tx.execute(sql`
      select p.id::text as id, p.user_id::text as user_id, p.agc::text as agc, p.released_agc::text as released,
        r.ends_at, r.cliff_days, r.linear_days
      from launchpad_purchases p join launchpad_rounds r on r.id = p.round_id
      where p.released_agc < p.agc and p.id > ${afterId.toString()}::bigint
        and r.ends_at + make_interval(days => r.cliff_days) <= ${now.toISOString()}::timestamptz
      order by p.id limit ${BATCH}
      for update of p skip locked`),
  );
  const moves = rows
    .map((r) => {
      const agc = BigInt(r.agc);
      const vested = vestedAgc(
        agc,
        { endsAt: new Date(r.ends_at), cliffDays: Number(r.cliff_days), linearDays: Number(r.linear_days) },
        now,
      );
      return { id: r.id, userId: BigInt(r.user_id), after: vested, amount: vested - BigInt(r.released) };
    })
    .filter((m) => m.amount > 0n);
  if (moves.length > 0) {
    await tx.execute(sql`
      update launchpad_purchases p set released_agc = k.after
      from unnest(${sql.param(moves.map((m) => m.id))}::bigint[], ${sql.param(moves.map((m) => m.after.toString()))}::numeric[])
        as k(id, after)
      where p.id = k.id`);
    await transferBatch(
      tx,
      moves.map((m) => ({
        debit: { userId: m.userId, code: ACCOUNTS.launchpadLocked, asset: 'AGC' as const },
        credit: { userId: m.userId, code: ACCOUNTS.available, asset: 'AGC' as const },
        amount: m.amount,
        kind: 'launchpad.release',
        ref: `launchpad_purchase:${m.id}`,
        idempotencyKey: `launchpad:release:${m.id}:${m.after}`,
      })),
    );
  }
  return {
    members: [...new Set(moves.map((m) => m.userId))],
    seen: rows.length,
    last: rows.length > 0 ? BigInt(defined(rows[rows.length - 1]).id) : afterId,
  };
}

/**
 * Releases every launchpad AGC due at `now` (the job runs it every minute). Purchases whose next step is not due
 * are looked at and left; batches walk the purchases by id, so each is looked at once per run.
 * Returns the number of members whose AGC moved.
 */
export async function releaseDueAgc(ctx: AppContext, now = ctx.now()): Promise<number> {
  const moved = new Set<bigint>();
  let afterId = 0n;
  for (;;) {
    const { members, seen, last } = await ctx.db.transaction((tx) => releaseBatch(tx, now, afterId));
    for (const m of members) moved.add(m);
    if (seen < BATCH) break;
    afterId = last;
  }
  if (moved.size > 0) invalidate(ctx, { kind: 'figures', ids: [...moved] });
  return moved.size;
}
