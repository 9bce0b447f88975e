import type { DbOrTx } from '@agc/db';
import type { AppContext } from '@server/context.ts';
import { invalidate } from '@server/lib/caches.ts';
import { ACCOUNTS, transferBatch } from '@server/modules/ledger/index.ts';
import { lockedPurchases, setReleasedAgc } from './repository.ts';
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
  const rows = await lockedPurchases(tx, { at: now, afterId, limit: BATCH });
  const moves = rows
    .map((r) => {
      const vested = vestedAgc(r.agc, r.terms, now);
      return { id: r.id, userId: r.userId, after: vested, amount: vested - r.released };
    })
    .filter((m) => m.amount > 0n);
  if (moves.length > 0) {
    await setReleasedAgc(tx, moves);
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
    last: rows.at(-1)?.id ?? afterId,
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
