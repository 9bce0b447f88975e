import type { DbOrTx } from '@agc/db';
import {
  AGC_DECIMALS,
  ErrorCode,
  formatAmount,
  formatUsdt,
  type SettlementRun,
  type SettlementTotals,
} from '@agc/shared';
import { defined } from '@agc/shared/defined';
import type { AppContext } from '@server/context.ts';
import { invalidate } from '@server/lib/caches.ts';
import { AppError } from '@server/lib/errors.ts';
import { writeAudit } from '@server/modules/audit/index.ts';
import { type TransferInput, transferBatch } from '@server/modules/ledger/index.ts';
import type { AgcPrice } from '@server/modules/pricing/index.ts';
import { dayKey, nextDay } from '@server/modules/rules/index.ts';
import { type SettlementInput, type SettlementResult, settleDay } from './engine.ts';
import {
  carriedState,
  findRuns,
  insertRun,
  insertSettledRewards,
  investmentsOn,
  loadTree,
  lockRewardsExclusive,
  ordersConfirmedOn,
  paidOnDay,
  type RunWithAddress,
  remainingDividends,
  settlementBounds,
  upsertTeamState,
} from './repository.ts';
import { rewardTransfers, splitReward } from './service.ts';

const DAY_MS = 86_400_000;
const INT64_MAX = 2n ** 63n - 1n;
/** Rewards written per statement (their journal entries are three times as many). */
const WRITE_SLICE = 25_000;

export class SettlementError extends AppError {
  override name = 'SettlementError';
}

/** Everything a day's settlement reads, inside the caller's transaction. */
async function loadInput(
  ctx: AppContext,
  tx: DbOrTx,
  day: string,
  phase?: (name: string) => void,
): Promise<SettlementInput> {
  const tree = await loadTree(tx);
  phase?.('load tree');
  const { investment, dayVolume } = await investmentsOn(tx, day);
  let total = 0n;
  for (const v of dayVolume.values()) total += v;
  if (total > INT64_MAX)
    throw new Error(`a day's volume of ${total} minor units overflows the settlement's arrays`);
  const remaining = await remainingDividends(tx);
  const paidOnDayByMember = new Map(
    [...(await paidOnDay(tx, day))].map(([id, v]) => [Number(id), v] as const),
  );
  phase?.('load orders, balances');
  const state = await carriedState(tx);
  phase?.('load team state');
  return {
    tree,
    rules: ctx.config.rules,
    investment,
    dayVolume,
    remaining,
    paidOnDay: paidOnDayByMember,
    state,
  };
}

function totalsOf(
  result: SettlementResult,
  splits: Array<{ usdt: bigint; agc: bigint }>,
  orders: number,
): SettlementTotals {
  const t = result.totals;
  let creditedUsdt = 0n;
  let creditedAgc = 0n;
  for (const s of splits) {
    creditedUsdt += s.usdt;
    creditedAgc += s.agc;
  }
  return {
    static: formatUsdt(t.static),
    pairing: formatUsdt(t.pairing),
    management_base: formatUsdt(t.managementBase),
    paid: formatUsdt(t.static + t.pairing),
    cut: formatUsdt(t.cutRemaining + t.cutDayTop),
    cut_remaining_dividends: formatUsdt(t.cutRemaining),
    cut_day_top: formatUsdt(t.cutDayTop),
    credited_usdt: formatUsdt(creditedUsdt),
    credited_agc: formatAmount(creditedAgc, AGC_DECIMALS),
    members_paid: t.membersPaid,
    rewards: result.rewards.length,
    orders,
    new_volume: formatUsdt(t.newVolume),
  };
}

/**
 * The next day to settle: the day after the last settled one; before any settlement, the day of the
 * first confirmed order (or yesterday in an empty system). Null while that day has not ended.
 */
export async function nextSettlementDay(db: DbOrTx, now: Date): Promise<string | null> {
  const r = await settlementBounds(db);
  const yesterday = dayKey(new Date(now.getTime() - DAY_MS));
  const candidate = r.last ? nextDay(r.last) : (r.first ?? yesterday);
  return candidate <= yesterday ? candidate : null;
}

interface Prepared {
  result: SettlementResult;
  splits: Array<{ usdt: bigint; agc: bigint }>;
  totals: SettlementTotals;
  price: AgcPrice;
}

async function prepare(
  ctx: AppContext,
  tx: DbOrTx,
  day: string,
  phase?: (name: string) => void,
): Promise<Prepared> {
  const input = await loadInput(ctx, tx, day, phase);
  const result = settleDay(input);
  phase?.('compute');
  const price = await ctx.prices.agcPrice();
  const splits = result.rewards.map((r) => splitReward(ctx.config.rules, r.paid, price));
  return { result, splits, totals: totalsOf(result, splits, await ordersConfirmedOn(tx, day)), price };
}

/**
 * A day not over yet (today, a future day): 425 Too Early with when it can be settled, so that the page
 * says "not yet, from then" instead of a failure. `data.settleable_from` is the instant the day ends.
 */
function notOverYet(day: string): SettlementError {
  const end = nextDay(day);
  return new SettlementError(
    ErrorCode.tooEarly,
    'settlement.day_not_over',
    { day, from: `${end} 00:00` },
    { day, settleable_from: `${end}T00:00:00.000Z` },
  );
}

/** Why a day cannot be settled now (or null): days settle in order, once, after they ended. */
async function refusal(db: DbOrTx, day: string, now: Date): Promise<SettlementError | null> {
  const [done] = await findRuns(db, { day });
  if (done) return new SettlementError(409, 'settlement.already_settled', { day });
  if (day >= dayKey(now)) return notOverYet(day);
  const next = await nextSettlementDay(db, now);
  if (next !== day) return new SettlementError(400, 'settlement.out_of_order', { day, next: next ?? '—' });
  return null;
}

/** Test hook: called inside the settlement's transaction after every write, before the commit. */
export interface SettlementHooks {
  beforeCommit?: () => Promise<void>;
  /** Called as each phase ends (benchmarks print where the time goes). */
  phase?: (name: string) => void;
}

/**
 * Settles one day in one transaction: static and pairing rewards (capped, recorded with what the caps
 * cut, credited to the journal split by vc_rate), the carry-forward, management bases and team sizes,
 * and the run's row. The exclusive rewards lock serialises runs and holds reward postings off; the
 * run's primary key is the last guard. A second run of the day answers already_settled and changes
 * nothing; a crash rolls everything back and the next run does the whole day.
 */
export async function runSettlement(
  ctx: AppContext,
  day: string,
  actor: { id: bigint; address: string } | null,
  hooks: SettlementHooks = {},
): Promise<SettlementRun> {
  const startedAt = ctx.now();
  const t0 = performance.now();
  const run = await ctx.db.transaction(async (tx) => {
    await lockRewardsExclusive(tx);
    const refused = await refusal(tx, day, ctx.now());
    if (refused) throw refused;
    const { result, splits, totals } = await prepare(ctx, tx, day, hooks.phase);

    const now = ctx.now();
    const refOf = (userId: number) => `settle:${day}:${userId}`;
    // Written in slices (same transaction): the statements' arrays and the journal's returned ids stay
    // small, so a million-member day fits in memory comfortably.
    for (let from = 0; from < result.rewards.length; from += WRITE_SLICE) {
      const rewards = result.rewards.slice(from, from + WRITE_SLICE);
      const part = splits.slice(from, from + WRITE_SLICE);
      await insertSettledRewards(
        tx,
        day,
        now,
        rewards.map((r, i) => ({ ...r, ref: refOf(r.userId), credited: defined(part[i]) })),
      );
      const transfers: TransferInput[] = [];
      rewards.forEach((r, i) => {
        const ref = `reward:${r.kind}:${refOf(r.userId)}`;
        for (const t of rewardTransfers(BigInt(r.userId), r.kind, ref, r.paid, defined(part[i])))
          transfers.push(t);
      });
      await transferBatch(tx, transfers);
    }
    hooks.phase?.('write rewards and journal');

    const all = [...result.stateChanges];
    for (let from = 0; from < all.length; from += WRITE_SLICE * 4) {
      await upsertTeamState(tx, day, all.slice(from, from + WRITE_SLICE * 4));
    }
    hooks.phase?.('write team state');
    const finishedAt = ctx.now();
    const durationMs = Math.round(performance.now() - t0);
    await insertRun(tx, {
      day,
      runBy: actor?.id ?? null,
      startedAt,
      finishedAt,
      durationMs,
      totals,
    });
    if (actor)
      await writeAudit(tx, {
        actorId: actor.id,
        action: 'settlement.run',
        target: `settlement:${day}`,
        before: null,
        after: totals,
      });
    await hooks.beforeCommit?.();
    hooks.phase?.('finish');
    return {
      day,
      status: 'done' as const,
      run_by: actor?.address ?? null,
      started_at: startedAt.toISOString(),
      finished_at: finishedAt.toISOString(),
      duration_ms: durationMs,
      totals,
    };
  });
  // Committed: every member's figures may have moved.
  invalidate(ctx, { kind: 'allFigures' });
  return run;
}

/**
 * What settling a day would pay now, computed exactly as a run would but written nowhere (a
 * repeatable-read snapshot; it takes no lock, so confirmations go on meanwhile). A settled day shows
 * its run instead.
 */
export async function previewSettlement(
  ctx: AppContext,
  day: string,
): Promise<{ run: SettlementRun | null; totals: SettlementTotals | null }> {
  const [run] = await findRuns(ctx.db, { day });
  if (run) return { run: toRun(run), totals: null };
  const refused = await refusal(ctx.db, day, ctx.now());
  if (refused) throw refused;
  const totals = await ctx.db.transaction(async (tx) => (await prepare(ctx, tx, day)).totals, {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
  return { run: null, totals };
}

function toRun(r: RunWithAddress): SettlementRun {
  return {
    day: r.run.day,
    status: 'done',
    run_by: r.address,
    started_at: r.run.startedAt.toISOString(),
    finished_at: r.run.finishedAt.toISOString(),
    duration_ms: r.run.durationMs,
    totals: r.run.totals as SettlementTotals,
  };
}

/** The runs so far, newest first (at most `limit`). */
export async function settlementHistory(ctx: AppContext, limit = 60): Promise<SettlementRun[]> {
  return (await findRuns(ctx.db, { limit })).map(toRun);
}

/** The admin history: the runs so far and the next day to settle. */
export async function settlementOverview(ctx: AppContext) {
  return { list: await settlementHistory(ctx), next_day: await nextSettlementDay(ctx.db, ctx.now()) };
}

/** The admin preview of a day (default: the next day to settle; none when there is nothing to settle). */
export async function settlementPreviewOf(ctx: AppContext, day?: string) {
  const next = await nextSettlementDay(ctx.db, ctx.now());
  const d = day ?? next;
  if (!d) return { day: '', next_day: null, run: null, totals: null };
  return { day: d, next_day: next, ...(await previewSettlement(ctx, d)) };
}

/** The daily job: settles every ended day not settled yet, in order (once the configured delay passed). */
export async function settleDueDays(ctx: AppContext): Promise<SettlementRun[]> {
  const done: SettlementRun[] = [];
  for (;;) {
    const due = new Date(ctx.now().getTime() - ctx.config.settlement.delayMs);
    const day = await nextSettlementDay(ctx.db, due);
    if (!day) return done;
    try {
      done.push(await runSettlement(ctx, day, null));
    } catch (err) {
      // Another process settled it meanwhile: go on with the next day.
      if (err instanceof SettlementError && err.key === 'settlement.already_settled') continue;
      throw err;
    }
  }
}
