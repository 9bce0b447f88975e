import { type DbOrTx, rowsOf, schema } from '@agc/db';
import {
  AGC_DECIMALS,
  formatAmount,
  type SettlementRun,
  type SettlementTotals,
  USDT_DECIMALS,
} from '@agc/shared';
import { desc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { invalidate } from '../../lib/caches.ts';
import { AppError } from '../../lib/errors.ts';
import { writeAudit } from '../audit/index.ts';
import { ACCOUNTS, type TransferInput, transferBatch } from '../ledger/index.ts';
import type { AgcPrice } from '../pricing/index.ts';
import { dayKey, dayStart, nextDay } from '../rules/index.ts';
import { lockRewardsExclusive, rewardTransfers, splitReward } from './credit.ts';
import {
  type CarriedState,
  LEFT,
  NONE,
  RIGHT,
  type SettlementInput,
  type SettlementResult,
  settleDay,
  type TreeArrays,
} from './engine.ts';

const { settlementRuns, users } = schema;
const DAY_MS = 86_400_000;
const INT64_MAX = 2n ** 63n - 1n;
/** Rewards written per statement (their journal entries are three times as many). */
const WRITE_SLICE = 25_000;

export class SettlementError extends AppError {
  override name = 'SettlementError';
}

/** The whole placement tree as typed arrays, in one query (three strings, split in memory). */
async function loadTree(tx: DbOrTx): Promise<TreeArrays> {
  const [row] = rowsOf<{
    max: string | null;
    ids: string | null;
    parents: string | null;
    sides: string | null;
  }>(
    await tx.execute(sql`
      select max(id)::text as max, string_agg(id::text, ',') as ids,
        string_agg(coalesce(parent_id, 0)::text, ',') as parents,
        string_agg(case side when 'left' then '1' when 'right' then '2' else '0' end, '') as sides
      from users`),
  );
  const max = Number(row?.max ?? 0);
  if (max >= 2 ** 31 - 1) throw new Error('member ids beyond 2^31 need a wider tree index');
  const size = max + 1;
  const tree: TreeArrays = {
    size,
    parent: new Int32Array(size).fill(NONE),
    side: new Uint8Array(size),
    exists: new Uint8Array(size),
  };
  if (!row?.ids) return tree;
  const ids = row.ids.split(',');
  const parents = (row.parents ?? '').split(',');
  const sides = row.sides ?? '';
  for (let i = 0; i < ids.length; i++) {
    const id = Number(ids[i]);
    const parent = Number(parents[i]);
    tree.exists[id] = 1;
    tree.parent[id] = parent === 0 ? NONE : parent;
    const s = sides.charCodeAt(i) - 48;
    tree.side[id] = s === 1 ? LEFT : s === 2 ? RIGHT : 0;
  }
  return tree;
}

const bigMap = (rows: Array<{ id: string; v: string }>) =>
  new Map(rows.map((r) => [Number(r.id), BigInt(r.v)] as const));

/** Everything a day's settlement reads, inside the caller's transaction. */
async function loadInput(
  ctx: AppContext,
  tx: DbOrTx,
  day: string,
  phase?: (name: string) => void,
): Promise<SettlementInput> {
  const start = dayStart(day).toISOString();
  const end = dayStart(nextDay(day)).toISOString();
  const tree = await loadTree(tx);
  phase?.('load tree');
  const orders = rowsOf<{ id: string; inv: string; vol: string }>(
    await tx.execute(sql`
      select user_id::text as id, sum(price_usdt)::text as inv,
        coalesce(sum(price_usdt) filter (where confirmed_at >= ${start}::timestamptz), 0)::text as vol
      from orders where status = 'Success' and confirmed_at < ${end}::timestamptz
      group by user_id`),
  );
  const investment = bigMap(orders.map((o) => ({ id: o.id, v: o.inv })));
  const dayVolume = bigMap(orders.filter((o) => o.vol !== '0').map((o) => ({ id: o.id, v: o.vol })));
  let total = 0n;
  for (const v of dayVolume.values()) total += v;
  if (total > INT64_MAX)
    throw new Error(`a day's volume of ${total} minor units overflows the settlement's arrays`);
  const remaining = bigMap(
    rowsOf(
      await tx.execute(sql`
        select user_id::text as id, balance::text as v from ledger_accounts
        where code = ${ACCOUNTS.remainingDividends} and asset = 'USDT' and user_id is not null and balance > 0`),
    ),
  );
  const paidOnDay = bigMap(
    rowsOf(
      await tx.execute(sql`
        select user_id::text as id, sum(due - cut)::text as v from rewards where day = ${day}::date
        group by user_id`),
    ),
  );
  phase?.('load orders, balances');
  const state = new Map<number, CarriedState>();
  for (const r of rowsOf<{
    id: string;
    lc: string;
    rc: string;
    mb: string;
    mr: number;
    ts: number;
    tv: number;
  }>(
    await tx.execute(sql`
      select user_id::text as id, left_carry::text as lc, right_carry::text as rc, manage_base::text as mb,
        manage_rank as mr, team_size as ts, team_valid as tv from team_state`),
  ))
    state.set(Number(r.id), {
      leftCarry: BigInt(r.lc),
      rightCarry: BigInt(r.rc),
      manageBase: BigInt(r.mb),
      manageRank: Number(r.mr),
      teamSize: Number(r.ts),
      teamValid: Number(r.tv),
    });
  phase?.('load team state');
  return { tree, rules: ctx.config.rules, investment, dayVolume, remaining, paidOnDay, state };
}

const usdt = (v: bigint) => formatAmount(v, USDT_DECIMALS);

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
    static: usdt(t.static),
    pairing: usdt(t.pairing),
    management_base: usdt(t.managementBase),
    paid: usdt(t.static + t.pairing),
    cut: usdt(t.cutRemaining + t.cutDayTop),
    cut_remaining_dividends: usdt(t.cutRemaining),
    cut_day_top: usdt(t.cutDayTop),
    credited_usdt: usdt(creditedUsdt),
    credited_agc: formatAmount(creditedAgc, AGC_DECIMALS),
    members_paid: t.membersPaid,
    rewards: result.rewards.length,
    orders,
    new_volume: usdt(t.newVolume),
  };
}

async function countOrders(tx: DbOrTx, day: string): Promise<number> {
  const [r] = rowsOf<{ n: number | string }>(
    await tx.execute(sql`
      select count(*)::int as n from orders where status = 'Success'
      and confirmed_at >= ${dayStart(day).toISOString()}::timestamptz
      and confirmed_at < ${dayStart(nextDay(day)).toISOString()}::timestamptz`),
  );
  return Number(r?.n ?? 0);
}

/**
 * The next day to settle: the day after the last settled one; before any settlement, the day of the
 * first confirmed order (or yesterday in an empty system). Null while that day has not ended.
 */
export async function nextSettlementDay(db: DbOrTx, now: Date): Promise<string | null> {
  const [r] = rowsOf<{ last: string | null; first: string | null }>(
    await db.execute(sql`
      select (select max(day)::text from settlement_runs) as last,
        (select to_char(min(confirmed_at) at time zone 'UTC', 'YYYY-MM-DD') from orders where status = 'Success') as first`),
  );
  const yesterday = dayKey(new Date(now.getTime() - DAY_MS));
  const candidate = r?.last ? nextDay(r.last) : (r?.first ?? yesterday);
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
  return { result, splits, totals: totalsOf(result, splits, await countOrders(tx, day)), price };
}

/** Why a day cannot be settled now (or null): days settle in order, once, after they ended. */
async function refusal(db: DbOrTx, day: string, now: Date): Promise<SettlementError | null> {
  const [done] = await db
    .select({ day: settlementRuns.day })
    .from(settlementRuns)
    .where(eq(settlementRuns.day, day));
  if (done) return new SettlementError(409, 'settlement.already_settled', { day });
  if (day >= dayKey(now)) return new SettlementError(400, 'settlement.day_not_over', { day });
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
      await tx.execute(sql`
        insert into rewards (user_id, kind, base, rate_ppm, due, cut, cut_reason, credited_usdt, credited_agc,
          level, day, ref, created_at)
        select u, k, b, r, d, c, cr, cu, ca, l, ${day}::date, f, ${now.toISOString()}::timestamptz
        from unnest(
          ${sql.param(rewards.map((x) => String(x.userId)))}::bigint[],
          ${sql.param(rewards.map((x) => x.kind))}::text[],
          ${sql.param(rewards.map((x) => x.base.toString()))}::numeric[],
          ${sql.param(rewards.map((x) => Number(x.ratePpm)))}::int[],
          ${sql.param(rewards.map((x) => x.due.toString()))}::numeric[],
          ${sql.param(rewards.map((x) => x.cut.toString()))}::numeric[],
          ${sql.param(rewards.map((x) => x.cutReason))}::text[],
          ${sql.param(part.map((x) => x.usdt.toString()))}::numeric[],
          ${sql.param(part.map((x) => x.agc.toString()))}::numeric[],
          ${sql.param(rewards.map((x) => x.level))}::int[],
          ${sql.param(rewards.map((x) => refOf(x.userId)))}::text[]) as v(u, k, b, r, d, c, cr, cu, ca, l, f)`);
      const transfers: TransferInput[] = [];
      rewards.forEach((r, i) => {
        const ref = `reward:${r.kind}:${refOf(r.userId)}`;
        for (const t of rewardTransfers(BigInt(r.userId), r.kind, ref, r.paid, part[i]!)) transfers.push(t);
      });
      await transferBatch(tx, transfers);
    }
    hooks.phase?.('write rewards and journal');

    const all = [...result.stateChanges];
    for (let from = 0; from < all.length; from += WRITE_SLICE * 4) {
      const changes = all.slice(from, from + WRITE_SLICE * 4);
      await tx.execute(sql`
        insert into team_state as s (user_id, left_carry, right_carry, manage_base, manage_rank, team_size, team_valid, day)
        select u, lc, rc, mb, mr, ts, tv, ${day}::date
        from unnest(
          ${sql.param(changes.map(([id]) => String(id)))}::bigint[],
          ${sql.param(changes.map(([, s]) => s.leftCarry.toString()))}::numeric[],
          ${sql.param(changes.map(([, s]) => s.rightCarry.toString()))}::numeric[],
          ${sql.param(changes.map(([, s]) => s.manageBase.toString()))}::numeric[],
          ${sql.param(changes.map(([, s]) => s.manageRank))}::int[],
          ${sql.param(changes.map(([, s]) => s.teamSize))}::int[],
          ${sql.param(changes.map(([, s]) => s.teamValid))}::int[]) as v(u, lc, rc, mb, mr, ts, tv)
        on conflict (user_id) do update set left_carry = excluded.left_carry, right_carry = excluded.right_carry,
          manage_base = excluded.manage_base, manage_rank = excluded.manage_rank,
          team_size = excluded.team_size, team_valid = excluded.team_valid, day = excluded.day`);
    }
    hooks.phase?.('write team state');
    const finishedAt = ctx.now();
    const durationMs = Math.round(performance.now() - t0);
    await tx.insert(settlementRuns).values({
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
  const [run] = await runsQuery(ctx.db).where(eq(settlementRuns.day, day));
  if (run) return { run: toRun(run), totals: null };
  const refused = await refusal(ctx.db, day, ctx.now());
  if (refused) throw refused;
  const totals = await ctx.db.transaction(async (tx) => (await prepare(ctx, tx, day)).totals, {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
  return { run: null, totals };
}

const runsQuery = (db: DbOrTx) =>
  db
    .select({ run: settlementRuns, address: users.address })
    .from(settlementRuns)
    .leftJoin(users, eq(users.id, settlementRuns.runBy))
    .$dynamic();

function toRun(r: { run: typeof settlementRuns.$inferSelect; address: string | null }): SettlementRun {
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
  const rows = await runsQuery(ctx.db).orderBy(desc(settlementRuns.day)).limit(limit);
  return rows.map(toRun);
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
