import type { DbOrTx } from '@agc/db';
import type { AppContext } from '@server/context.ts';
import { invalidate } from '@server/lib/caches.ts';
import { balanceOf, transfer, transferBatch } from '@server/modules/ledger/index.ts';
import { dayKey, nextDay } from '@server/modules/rules/index.ts';
import { dailyRateE18 } from './math.ts';
import {
  checkEarnJournal,
  claimDay,
  claimDueOuts,
  drainTransferGate,
  type EarnCheck,
  finishDay,
  INTEREST_KEY_PREFIX,
  interestBounds,
  settleInterestDay,
} from './repository.ts';
import { EARN_REFS } from './service.ts';

/** How many transfers out one arrival transaction takes. */
const ARRIVAL_BATCH = 500;

/**
 * Arrivals: Pending transfers out due by now become Arrived and their money moves member.earn_pending →
 * member.available (ledger key `earn:out:<id>`), status and posting in one transaction per batch. SKIP LOCKED lets
 * concurrent runs take different rows; a row once Arrived is never taken again, and the key refuses a second
 * posting: exactly once across processes and restarts. Returns how many arrived.
 */
export async function arriveDueOuts(ctx: AppContext): Promise<number> {
  let arrived = 0;
  for (;;) {
    const now = ctx.now();
    const due = await ctx.db.transaction(async (tx) => {
      const rows = await claimDueOuts(tx, now, ARRIVAL_BATCH);
      await transferBatch(
        tx,
        rows.map((r) => ({
          debit: EARN_REFS.pending(r.userId),
          credit: EARN_REFS.available(r.userId),
          amount: r.amount,
          kind: 'earn_arrival',
          ref: `earn:${r.id}`,
          idempotencyKey: `earn:out:${r.id}`,
        })),
      );
      return rows;
    });
    if (due.length === 0) return arrived;
    arrived += due.length;
    invalidate(ctx, { kind: 'figures', ids: [...new Set(due.map((r) => r.userId))] });
    if (due.length < ARRIVAL_BATCH) return arrived;
  }
}

export interface EarnDayRun {
  day: string;
  /** False when another process settled the day first (this run wrote nothing). */
  settled: boolean;
  holders: number;
  total: bigint;
}

/**
 * A day settles this long after it ended: transfers of other processes whose clocks lag a little behind this one's
 * still date their movements that day, and the gate waits for them only once they have begun.
 */
export const SETTLE_AFTER_MS = 60_000;

/**
 * The next day to settle (the day after the last settled one, or the first movement's), null until it has ended
 * (SETTLE_AFTER_MS ago).
 */
export async function nextInterestDay(db: DbOrTx, now: Date): Promise<string | null> {
  const { last, first } = await interestBounds(db);
  const candidate = last ? nextDay(last) : first;
  return candidate !== null && candidate < dayKey(new Date(now.getTime() - SETTLE_AFTER_MS))
    ? candidate
    : null;
}

/**
 * Settles one day's interest for every holder: the gate is drained first (no transfer of the day still in flight),
 * then one transaction: the day's earn_days row (its primary key makes the day settle once whichever process races),
 * the one set-based statement, and one ledger transfer system.earn_interest_paid → system.earn_holdings of the total
 * (key `earn:interest:<day>`).
 */
export async function settleEarnDay(ctx: AppContext, day: string): Promise<EarnDayRun> {
  await ctx.db.transaction(async (tx) => drainTransferGate(tx));
  const rateE18 = dailyRateE18(ctx.config.earn.apyPpm);
  return ctx.db.transaction(async (tx) => {
    const { last } = await interestBounds(tx);
    if (!(await claimDay(tx, day, rateE18, ctx.now()))) return { day, settled: false, holders: 0, total: 0n };
    const r = await settleInterestDay(tx, { day, after: last, rateE18, now: ctx.now() });
    if (r.total > 0n)
      await transfer(tx, {
        debit: EARN_REFS.interestPaid,
        credit: EARN_REFS.holdings,
        amount: r.total,
        kind: 'earn_interest',
        ref: `earn:${day}`,
        idempotencyKey: `${INTEREST_KEY_PREFIX}${day}`,
      });
    await finishDay(tx, day, r.holders, r.total, ctx.now());
    return { day, settled: true, ...r };
  });
}

/** The daily job: every ended day not settled yet, in order, from the day of the first movement ever. */
export async function settleDueEarnDays(ctx: AppContext): Promise<EarnDayRun[]> {
  const done: EarnDayRun[] = [];
  for (;;) {
    const day = await nextInterestDay(ctx.db, ctx.now());
    if (!day) return done;
    done.push(await settleEarnDay(ctx, day));
  }
}

/**
 * The subsidiary ledger's invariants (docs/decisions/0100-earn-ledger.md): system.earn_holdings equals the
 * sum of the members' balances; each balance equals its transfers in − out + interest (and total_interest its
 * interest); each day's total equals its interest rows and its single ledger transfer; each member.earn_pending
 * equals that member's Pending transfers out. Clean when `ok`.
 */
export async function checkEarn(db: DbOrTx): Promise<EarnCheck & { ok: boolean }> {
  const check = await checkEarnJournal(db, await balanceOf(db, EARN_REFS.holdings));
  const ok =
    check.control.ledger === check.control.accounts &&
    check.accounts.length === 0 &&
    check.days.length === 0 &&
    check.pending.length === 0;
  return { ...check, ok };
}
