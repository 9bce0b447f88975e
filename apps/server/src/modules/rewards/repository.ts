import { type DbOrTx, rowsOf, schema } from '@agc/db';
import type { RewardKind, SettlementTotals } from '@agc/shared';
import { ACCOUNTS } from '@server/modules/ledger/index.ts';
import { dayStart, nextDay } from '@server/modules/rules/index.ts';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { type CarriedState, LEFT, NONE, type RewardLine, RIGHT, type TreeArrays } from './engine.ts';

const { rewards, settlementRuns, teamState, users } = schema;

export type RewardInsert = typeof rewards.$inferInsert;

/**
 * Reward postings and the daily settlement exclude each other: every transaction that pays a reward
 * or grows a cap (order confirmation, profit/mng) holds this lock shared; the settlement holds it
 * exclusively, so the balances and day totals it reads cannot move under it, and no two settlements
 * run at once. Transaction-scoped: released at commit or rollback (or when a crashed process's
 * connection drops).
 */
const REWARDS_LOCK = 0x41_47_43_52; // "AGCR"

export async function lockRewardsShared(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${REWARDS_LOCK})`);
}

export async function lockRewardsExclusive(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${REWARDS_LOCK})`);
}

/**
 * What each member's rewards already count for a day (due − cut, every kind): what the day top has left
 * is the level's top minus this. Of the given members, or of every member when none are given.
 */
export async function paidOnDay(db: DbOrTx, day: string, userIds?: bigint[]): Promise<Map<bigint, bigint>> {
  if (userIds?.length === 0) return new Map();
  const rows = await db
    .select({ userId: rewards.userId, paid: sql<string>`sum(${rewards.due} - ${rewards.cut})::text` })
    .from(rewards)
    .where(and(eq(rewards.day, day), userIds ? inArray(rewards.userId, userIds) : undefined))
    .groupBy(rewards.userId);
  return new Map(rows.map((r) => [r.userId, BigInt(r.paid)]));
}

/**
 * Records many rewards once each (unique on kind and ref), in one statement with one array parameter per column:
 * a confirmation batch's referrals (drizzle's VALUES builder cost more of the process than the insert itself).
 */
export async function insertRewardBatch(tx: DbOrTx, rows: RewardInsert[]): Promise<void> {
  if (rows.length === 0) return;
  const col = <T>(f: (r: RewardInsert) => T) => sql.param(rows.map(f));
  const big = (v: bigint | null | undefined) => (v === null || v === undefined ? null : v.toString());
  await tx.execute(sql`
    insert into rewards (user_id, kind, base, rate_ppm, due, cut, cut_reason, credited_usdt, credited_agc,
      source_user_id, level, day, ref, created_at)
    select user_id, kind, base, rate_ppm, due, cut, cut_reason, credited_usdt, credited_agc, source_user_id, level,
      day, ref, coalesce(created_at, now())
    from unnest(${col((r) => r.userId.toString())}::bigint[], ${col((r) => r.kind)}::text[],
      ${col((r) => r.base.toString())}::numeric[], ${col((r) => r.ratePpm)}::int[], ${col((r) => r.due.toString())}::numeric[],
      ${col((r) => (r.cut ?? 0n).toString())}::numeric[], ${col((r) => r.cutReason ?? null)}::text[],
      ${col((r) => r.creditedUsdt.toString())}::numeric[], ${col((r) => (r.creditedAgc ?? 0n).toString())}::numeric[],
      ${col((r) => big(r.sourceUserId))}::bigint[], ${col((r) => r.level ?? 0)}::int[], ${col((r) => r.day)}::date[],
      ${col((r) => r.ref)}::text[], ${col((r) => r.createdAt?.toISOString() ?? null)}::timestamptz[])
      as k(user_id, kind, base, rate_ppm, due, cut, cut_reason, credited_usdt, credited_agc, source_user_id, level,
        day, ref, created_at)
    on conflict (kind, ref) do nothing`);
}

/** Records rewards once each (unique on kind and ref); returns the rows written now. */
export async function insertRewards(tx: DbOrTx, rows: RewardInsert[]) {
  if (rows.length === 0) return [];
  return tx.insert(rewards).values(rows).onConflictDoNothing().returning();
}

// --- the reward pages ---

/** A reward row as the reward pages read it (amounts as decimal strings of minor units). */
export interface RewardRow {
  id: string;
  kind: RewardKind;
  created_at: string | Date;
  day: string;
  base: string;
  rate_ppm: number;
  due: string;
  cut: string;
  cut_reason: 'remaining_dividends' | 'day_top_profit' | null;
  credited_usdt: string;
  credited_agc: string;
  source_address: string | null;
  level: number;
}

const columns = sql`r.id::text as id, r.kind, r.created_at, r.day::text as day, r.base::text as base, r.rate_ppm,
  r.due::text as due, r.cut::text as cut, r.cut_reason, r.credited_usdt::text as credited_usdt,
  r.credited_agc::text as credited_agc, s.address as source_address, r.level`;

/** What the member was credited (due − cut) per kind. */
export async function creditedByKind(db: DbOrTx, userId: bigint): Promise<Map<RewardKind, bigint>> {
  const rows = rowsOf<{ kind: RewardKind; v: string }>(
    await db.execute(sql`
      select kind, sum(due - cut)::text as v from rewards where user_id = ${userId.toString()}::bigint
      group by kind`),
  );
  return new Map(rows.map((r) => [r.kind, BigInt(r.v)]));
}

/** One kind's sums of one day (kind null: a day without rewards), minor units as decimal strings. */
export interface SeriesRow {
  day: string;
  kind: RewardKind | null;
  amount: string;
  usdt: string;
  agc: string;
}

/**
 * The member's rewards per day and kind over `days` days from `from` (UTC days, the rewards' `day`), in
 * one query: every day appears, a day without rewards as one row of kind null.
 */
export async function rewardSeries(
  db: DbOrTx,
  userId: bigint,
  from: string,
  days: number,
): Promise<SeriesRow[]> {
  return rowsOf<SeriesRow>(
    await db.execute(sql`
      select to_char(g.d, 'YYYY-MM-DD') as day, r.kind,
        coalesce(sum(r.due - r.cut), 0)::text as amount,
        coalesce(sum(r.credited_usdt), 0)::text as usdt,
        coalesce(sum(r.credited_agc), 0)::text as agc
      from (select ${from}::date + i as d from generate_series(0, ${days - 1}::int) as s(i)) g
      left join rewards r on r.user_id = ${userId.toString()}::bigint and r.day = g.d
      group by g.d, r.kind
      order by g.d, r.kind`),
  );
}

export interface RewardPageQuery {
  userId: bigint;
  kind?: RewardKind;
  day?: string;
  page: number;
  size: number;
}

/** A page of the member's rewards, newest first, and how many there are. */
export async function rewardPage(
  db: DbOrTx,
  q: RewardPageQuery,
): Promise<{ rows: RewardRow[]; total: number }> {
  const where = sql`r.user_id = ${q.userId.toString()}::bigint
    ${q.kind ? sql`and r.kind = ${q.kind}` : sql``} ${q.day ? sql`and r.day = ${q.day}::date` : sql``}`;
  const [count] = rowsOf<{ n: number | string }>(
    await db.execute(sql`select count(*)::int as n from rewards r where ${where}`),
  );
  const rows = rowsOf<RewardRow>(
    await db.execute(sql`
      select ${columns} from rewards r left join users s on s.id = r.source_user_id
      where ${where} order by r.day desc, r.created_at desc, r.id desc
      limit ${q.size} offset ${(q.page - 1) * q.size}`),
  );
  return { rows, total: Number(count?.n ?? 0) };
}

/** One of the member's rewards. */
export async function findOwnReward(db: DbOrTx, userId: bigint, id: bigint): Promise<RewardRow | undefined> {
  const [row] = rowsOf<RewardRow>(
    await db.execute(sql`
      select ${columns} from rewards r left join users s on s.id = r.source_user_id
      where r.id = ${id.toString()}::bigint and r.user_id = ${userId.toString()}::bigint`),
  );
  return row;
}

// --- management ---

/** The member's team state, locked (a double tap on profit/mng waits and then finds the base at 0). */
export async function lockTeamState(tx: DbOrTx, userId: bigint) {
  const [state] = await tx.select().from(teamState).where(eq(teamState.userId, userId)).for('update');
  return state;
}

/** After a management settlement the base and the rank start again from zero. */
export async function restartManagement(tx: DbOrTx, userId: bigint): Promise<void> {
  await tx.update(teamState).set({ manageBase: 0n, manageRank: 0 }).where(eq(teamState.userId, userId));
}

// --- the daily settlement ---

/** The whole placement tree as typed arrays, in one query (three strings, split in memory). */
export async function loadTree(tx: DbOrTx): Promise<TreeArrays> {
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

/** Per member: confirmed investment up to the day's end, and what of it was confirmed that day. */
export async function investmentsOn(
  tx: DbOrTx,
  day: string,
): Promise<{ investment: Map<number, bigint>; dayVolume: Map<number, bigint> }> {
  const start = dayStart(day).toISOString();
  const end = dayStart(nextDay(day)).toISOString();
  const orders = rowsOf<{ id: string; inv: string; vol: string }>(
    await tx.execute(sql`
      select user_id::text as id, sum(price_usdt)::text as inv,
        coalesce(sum(price_usdt) filter (where confirmed_at >= ${start}::timestamptz), 0)::text as vol
      from orders where status = 'Success' and confirmed_at < ${end}::timestamptz
      group by user_id`),
  );
  return {
    investment: bigMap(orders.map((o) => ({ id: o.id, v: o.inv }))),
    dayVolume: bigMap(orders.filter((o) => o.vol !== '0').map((o) => ({ id: o.id, v: o.vol }))),
  };
}

/** Every member's remaining dividends above zero. */
export async function remainingDividends(tx: DbOrTx): Promise<Map<number, bigint>> {
  return bigMap(
    rowsOf(
      await tx.execute(sql`
        select user_id::text as id, balance::text as v from ledger_accounts
        where code = ${ACCOUNTS.remainingDividends} and asset = 'USDT' and user_id is not null and balance > 0`),
    ),
  );
}

/** What the settlement carries from one day to the next, per member with something to carry. */
export async function carriedState(tx: DbOrTx): Promise<Map<number, CarriedState>> {
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
  return state;
}

/** Orders confirmed during the day. */
export async function ordersConfirmedOn(tx: DbOrTx, day: string): Promise<number> {
  const [r] = rowsOf<{ n: number | string }>(
    await tx.execute(sql`
      select count(*)::int as n from orders where status = 'Success'
      and confirmed_at >= ${dayStart(day).toISOString()}::timestamptz
      and confirmed_at < ${dayStart(nextDay(day)).toISOString()}::timestamptz`),
  );
  return Number(r?.n ?? 0);
}

/** The last settled day and the day of the first confirmed order (UTC), either null. */
export async function settlementBounds(db: DbOrTx): Promise<{ last: string | null; first: string | null }> {
  const [r] = rowsOf<{ last: string | null; first: string | null }>(
    await db.execute(sql`
      select (select max(day)::text from settlement_runs) as last,
        (select to_char(min(confirmed_at) at time zone 'UTC', 'YYYY-MM-DD') from orders where status = 'Success') as first`),
  );
  return { last: r?.last ?? null, first: r?.first ?? null };
}

/** Writes a slice of the day's rewards (one statement, one array parameter per column). */
export async function insertSettledRewards(
  tx: DbOrTx,
  day: string,
  now: Date,
  rows: Array<RewardLine & { ref: string; credited: { usdt: bigint; agc: bigint } }>,
): Promise<void> {
  await tx.execute(sql`
    insert into rewards (user_id, kind, base, rate_ppm, due, cut, cut_reason, credited_usdt, credited_agc,
      level, day, ref, created_at)
    select u, k, b, r, d, c, cr, cu, ca, l, ${day}::date, f, ${now.toISOString()}::timestamptz
    from unnest(
      ${sql.param(rows.map((x) => String(x.userId)))}::bigint[],
      ${sql.param(rows.map((x) => x.kind))}::text[],
      ${sql.param(rows.map((x) => x.base.toString()))}::numeric[],
      ${sql.param(rows.map((x) => Number(x.ratePpm)))}::int[],
      ${sql.param(rows.map((x) => x.due.toString()))}::numeric[],
      ${sql.param(rows.map((x) => x.cut.toString()))}::numeric[],
      ${sql.param(rows.map((x) => x.cutReason))}::text[],
      ${sql.param(rows.map((x) => x.credited.usdt.toString()))}::numeric[],
      ${sql.param(rows.map((x) => x.credited.agc.toString()))}::numeric[],
      ${sql.param(rows.map((x) => x.level))}::int[],
      ${sql.param(rows.map((x) => x.ref))}::text[]) as v(u, k, b, r, d, c, cr, cu, ca, l, f)`);
}

/** Writes a slice of the team state that changed (one upsert). */
export async function upsertTeamState(
  tx: DbOrTx,
  day: string,
  changes: Array<[number, CarriedState]>,
): Promise<void> {
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

export type SettlementRunRow = typeof settlementRuns.$inferInsert;

export async function insertRun(tx: DbOrTx, run: SettlementRunRow): Promise<void> {
  await tx.insert(settlementRuns).values(run);
}

/** Settled days with who ran them (an address, or null for the job), newest first. */
export async function findRuns(db: DbOrTx, q: { day?: string; limit?: number }) {
  const query = db
    .select({ run: settlementRuns, address: users.address })
    .from(settlementRuns)
    .leftJoin(users, eq(users.id, settlementRuns.runBy))
    .where(q.day ? eq(settlementRuns.day, q.day) : undefined)
    .orderBy(desc(settlementRuns.day))
    .$dynamic();
  return q.limit ? query.limit(q.limit) : query;
}

export type RunWithAddress = Awaited<ReturnType<typeof findRuns>>[number];
export type { SettlementTotals };

/**
 * A reward taken back by a chain incident's reversal (its postings reversed in the same transaction): it stays on
 * record as wholly cut (`reversed`), so what the reward pages and the day totals count equals the journal again.
 * Answers the member it was paid to, or null when there was none.
 */
export async function reverseReward(tx: DbOrTx, kind: RewardKind, ref: string): Promise<bigint | null> {
  const [row] = await tx
    .update(rewards)
    .set({ cut: sql`${rewards.due}`, cutReason: 'reversed', creditedUsdt: 0n, creditedAgc: 0n })
    .where(and(eq(rewards.kind, kind), eq(rewards.ref, ref)))
    .returning({ userId: rewards.userId });
  return row?.userId ?? null;
}
