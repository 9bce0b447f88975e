import { type DbOrTx, rowsOf, schema } from '@agc/db';
import { pageRows } from '@server/lib/paging.ts';
import { ACCOUNTS } from '@server/modules/ledger/index.ts';
import { dayStart, nextDay } from '@server/modules/rules/index.ts';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { EarningLine, FundTeamState, PathNode } from './engine.ts';

const { fundEarnings, fundSettlementRuns, users } = schema;

/** Serialises the daily fund settlements (transaction-scoped; the run row is the last guard). */
const FUND_SETTLEMENT_LOCK = 0x46_53_45_54; // "FSET"

export async function lockFundSettlement(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${FUND_SETTLEMENT_LOCK})`);
}

/** The last settled day and the day of the first priced subscription (UTC), either null. */
export async function fundSettlementBounds(
  db: DbOrTx,
): Promise<{ last: string | null; first: string | null }> {
  const [r] = rowsOf<{ last: string | null; first: string | null }>(
    await db.execute(sql`
      select (select max(day)::text from fund_settlement_runs) as last,
        (select to_char(min(subscribed_at) at time zone 'UTC', 'YYYY-MM-DD') from fund_orders
          where subscribed_at is not null) as first`),
  );
  return { last: r?.last ?? null, first: r?.first ?? null };
}

export async function isFundDaySettled(db: DbOrTx, day: string): Promise<boolean> {
  const [r] = await db
    .select({ day: fundSettlementRuns.day })
    .from(fundSettlementRuns)
    .where(eq(fundSettlementRuns.day, day));
  return r !== undefined;
}

/** Per subscriber: the USDT of the subscriptions priced during the day, and its direct inviter. */
export async function fundDayVolume(
  tx: DbOrTx,
  day: string,
): Promise<Map<bigint, { amount: bigint; inviterId: bigint | null }>> {
  const rows = rowsOf<{ id: string; amount: string; inviter: string | null }>(
    await tx.execute(sql`
      select v.user_id::text as id, v.amount::text as amount, u.inviter_id::text as inviter
      from (select user_id, sum(amount_usdt) as amount from fund_orders
        where subscribed_at >= ${dayStart(day).toISOString()}::timestamptz
          and subscribed_at < ${dayStart(nextDay(day)).toISOString()}::timestamptz
        group by user_id) v
      join users u on u.id = v.user_id`),
  );
  return new Map(
    rows.map((r) => [
      BigInt(r.id),
      { amount: BigInt(r.amount), inviterId: r.inviter ? BigInt(r.inviter) : null },
    ]),
  );
}

/**
 * The subscribers and every placement ancestor of theirs (each member once: UNION stops a walk where
 * another path already went), with their fund team state. One recursive query.
 */
export async function placementPaths(
  tx: DbOrTx,
  ids: bigint[],
): Promise<{ nodes: PathNode[]; state: Map<bigint, FundTeamState> }> {
  if (ids.length === 0) return { nodes: [], state: new Map() };
  const rows = rowsOf<{
    id: string;
    parent: string | null;
    side: 'left' | 'right' | null;
    depth: number;
    level: number | null;
    lv: string | null;
    rv: string | null;
    lc: string | null;
    rc: string | null;
  }>(
    await tx.execute(sql`
      with recursive up(id, parent_id, side, depth) as (
        select u.id, u.parent_id, u.side, u.depth from users u
          join unnest(${sql.param(ids.map(String))}::bigint[]) as k(id) on u.id = k.id
        union
        select p.id, p.parent_id, p.side, p.depth from users p join up on p.id = up.parent_id)
      select up.id::text as id, up.parent_id::text as parent, up.side, up.depth,
        s.fund_level as level, s.left_volume::text as lv, s.right_volume::text as rv,
        s.left_carry::text as lc, s.right_carry::text as rc
      from up left join fund_team_state s on s.user_id = up.id`),
  );
  const nodes: PathNode[] = [];
  const state = new Map<bigint, FundTeamState>();
  for (const r of rows) {
    const id = BigInt(r.id);
    nodes.push({ id, parentId: r.parent ? BigInt(r.parent) : null, side: r.side, depth: Number(r.depth) });
    if (r.level !== null)
      state.set(id, {
        fundLevel: Number(r.level),
        leftVolume: BigInt(r.lv ?? '0'),
        rightVolume: BigInt(r.rv ?? '0'),
        leftCarry: BigInt(r.lc ?? '0'),
        rightCarry: BigInt(r.rc ?? '0'),
      });
  }
  return { nodes, state };
}

/** Writes a day's earnings (one statement); returns those written now (a rerun: none). */
export async function insertFundEarnings(
  tx: DbOrTx,
  day: string,
  lines: EarningLine[],
): Promise<EarningLine[]> {
  if (lines.length === 0) return [];
  const written = rowsOf<{ ref: string; kind: string }>(
    await tx.execute(sql`
      insert into fund_earnings (user_id, kind, day, base, rate_ppm, amount_usdt, source_user_id, ref)
      select u, k, ${day}::date, b, r, a, s, f
      from unnest(
        ${sql.param(lines.map((l) => l.userId.toString()))}::bigint[],
        ${sql.param(lines.map((l) => l.kind))}::text[],
        ${sql.param(lines.map((l) => l.base.toString()))}::numeric[],
        ${sql.param(lines.map((l) => Number(l.ratePpm)))}::int[],
        ${sql.param(lines.map((l) => l.amount.toString()))}::numeric[],
        ${sql.param(lines.map((l) => l.sourceUserId?.toString() ?? null))}::bigint[],
        ${sql.param(lines.map((l) => l.ref))}::text[]) as v(u, k, b, r, a, s, f)
      on conflict (kind, ref) do nothing
      returning ref, kind`),
  );
  const keys = new Set(written.map((w) => `${w.kind}|${w.ref}`));
  return lines.filter((l) => keys.has(`${l.kind}|${l.ref}`));
}

/** Writes the team state that moved (one upsert). */
export async function upsertFundTeamState(
  tx: DbOrTx,
  day: string,
  changes: Array<[bigint, FundTeamState]>,
): Promise<void> {
  if (changes.length === 0) return;
  await tx.execute(sql`
    insert into fund_team_state as s (user_id, fund_level, left_volume, right_volume, left_carry, right_carry, day)
    select u, l, lv, rv, lc, rc, ${day}::date
    from unnest(
      ${sql.param(changes.map(([id]) => id.toString()))}::bigint[],
      ${sql.param(changes.map(([, s]) => s.fundLevel))}::int[],
      ${sql.param(changes.map(([, s]) => s.leftVolume.toString()))}::numeric[],
      ${sql.param(changes.map(([, s]) => s.rightVolume.toString()))}::numeric[],
      ${sql.param(changes.map(([, s]) => s.leftCarry.toString()))}::numeric[],
      ${sql.param(changes.map(([, s]) => s.rightCarry.toString()))}::numeric[]) as v(u, l, lv, rv, lc, rc)
    on conflict (user_id) do update set fund_level = excluded.fund_level, left_volume = excluded.left_volume,
      right_volume = excluded.right_volume, left_carry = excluded.left_carry, right_carry = excluded.right_carry,
      day = excluded.day`);
}

export async function insertFundRun(
  tx: DbOrTx,
  day: string,
  finishedAt: Date,
  totals: object,
): Promise<void> {
  await tx.insert(fundSettlementRuns).values({ day, finishedAt, totals });
}

/**
 * The Agent tab's figures of one member in one query: fund level and team volume, what can be moved,
 * the totals by kind.
 */
export async function agentFigures(db: DbOrTx, userId: bigint) {
  const id = userId.toString();
  const [r] = rowsOf<Record<string, string | number | null>>(
    await db.execute(sql`
      select coalesce(s.fund_level, 0) as level,
        coalesce(s.left_volume + s.right_volume, 0)::text as team_volume,
        coalesce((select balance from ledger_accounts where coalesce(user_id, 0) = ${id}::bigint
          and code = ${ACCOUNTS.fundAvailableProfit} and asset = 'USDT'), 0)::text as available,
        e.interest, e.referral, e.team, e.pairing
      from (select
          coalesce(sum(amount_usdt) filter (where kind = 'Interest'), 0)::text as interest,
          coalesce(sum(amount_usdt) filter (where kind = 'ReferralReward'), 0)::text as referral,
          coalesce(sum(amount_usdt) filter (where kind = 'TeamReward'), 0)::text as team,
          coalesce(sum(amount_usdt) filter (where kind = 'PairingReward'), 0)::text as pairing
        from fund_earnings where user_id = ${id}::bigint) e
      left join fund_team_state s on s.user_id = ${id}::bigint`),
  );
  const b = (k: string) => BigInt(String(r?.[k] ?? '0'));
  return {
    level: Number(r?.level ?? 0),
    teamVolume: b('team_volume'),
    available: b('available'),
    totals: {
      Interest: b('interest'),
      ReferralReward: b('referral'),
      TeamReward: b('team'),
      PairingReward: b('pairing'),
    },
  };
}

/**
 * The /me fund fields in one query: fund_available_profit (ledger), fund_level (team state) and the
 * redemption fees the member paid on completed redemptions (USDT).
 */
export async function memberFundFigures(
  db: DbOrTx,
  userId: bigint,
): Promise<{ availableProfit: bigint; level: number; redemptionFees: bigint }> {
  const id = userId.toString();
  const [r] = rowsOf<{ available: string; level: number | string | null; fees: string }>(
    await db.execute(sql`
      select
        coalesce((select balance from ledger_accounts where coalesce(user_id, 0) = ${id}::bigint
          and code = ${ACCOUNTS.fundAvailableProfit} and asset = 'USDT'), 0)::text as available,
        (select fund_level from fund_team_state where user_id = ${id}::bigint) as level,
        coalesce((select sum(r.fee_usdt) from fund_orders o join fund_redemptions r on r.order_id = o.id
          where o.user_id = ${id}::bigint and r.status = 'Completed'), 0)::text as fees`),
  );
  return {
    availableProfit: BigInt(r?.available ?? '0'),
    level: Number(r?.level ?? 0),
    redemptionFees: BigInt(r?.fees ?? '0'),
  };
}

export type FundEarningRow = typeof fundEarnings.$inferSelect & { sourceAddress: string | null };

/** The member's fund earnings, newest first, optionally of one kind: a page and the total. */
export async function earningPage(
  db: DbOrTx,
  q: { userId: bigint; kind?: FundEarningRow['kind']; page: number; size: number },
): Promise<{ list: FundEarningRow[]; total: number }> {
  const where = and(eq(fundEarnings.userId, q.userId), q.kind ? eq(fundEarnings.kind, q.kind) : undefined);
  const { list, total } = await pageRows(
    q,
    db
      .select({ e: fundEarnings, sourceAddress: users.address })
      .from(fundEarnings)
      .leftJoin(users, eq(users.id, fundEarnings.sourceUserId))
      .where(where)
      .orderBy(desc(fundEarnings.createdAt), desc(fundEarnings.id)),
    db.select({ n: count() }).from(fundEarnings).where(where),
  );
  return { list: list.map((r) => ({ ...r.e, sourceAddress: r.sourceAddress })), total };
}

/**
 * A reversed subscription's share of a settled day, taken back from the earnings records: the inviter's
 * ReferralReward of that day for this subscriber is re-computed without it (base and amount lowered) and the
 * placement ancestors' all-time fund volume loses it on the side the subscriber sits under. Answers the referral's
 * row (inviter, amount before and after) and how many ancestors changed; the caller posts the difference.
 */
export async function removeFundDayShare(
  tx: DbOrTx,
  day: string,
  subscriberId: bigint,
  amount: bigint,
  reduce: (base: bigint) => bigint,
): Promise<{ referral: { userId: bigint; before: bigint; after: bigint } | null; ancestors: number }> {
  const ref = `referral:${day}:${subscriberId}`;
  const [row] = rowsOf<{ user_id: string; base: string; amount: string }>(
    await tx.execute(sql`
      select user_id::text as user_id, base::text as base, amount_usdt::text as amount from fund_earnings
      where kind = 'ReferralReward' and ref = ${ref} for update`),
  );
  let referral: { userId: bigint; before: bigint; after: bigint } | null = null;
  if (row) {
    const base = BigInt(row.base) - amount;
    const after = reduce(base > 0n ? base : 0n);
    referral = { userId: BigInt(row.user_id), before: BigInt(row.amount), after };
    await tx.execute(sql`
      update fund_earnings set base = ${(base > 0n ? base : 0n).toString()}::numeric,
        amount_usdt = ${after.toString()}::numeric
      where kind = 'ReferralReward' and ref = ${ref}`);
  }
  const a = sql`${amount.toString()}::numeric`;
  const moved = rowsOf(
    await tx.execute(sql`
      with recursive up(id, parent_id, side) as (
        select id, parent_id, side from users where id = ${subscriberId.toString()}::bigint
        union all
        select u.id, u.parent_id, u.side from users u join up on u.id = up.parent_id
      )
      update fund_team_state s set
        left_volume = greatest(s.left_volume - case when up.side = 'left' then ${a} else 0 end, 0),
        right_volume = greatest(s.right_volume - case when up.side = 'right' then ${a} else 0 end, 0)
      from up where s.user_id = up.parent_id
      returning s.user_id`),
  );
  return { referral, ancestors: moved.length };
}
