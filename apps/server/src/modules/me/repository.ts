import { type DbOrTx, rowsOf } from '@agc/db';
import { ACCOUNTS, hasInvested } from '@server/modules/ledger/index.ts';
import { dayKey, monthKey, startOfUtcDay } from '@server/modules/rules/index.ts';
import { sql } from 'drizzle-orm';

/** A member's money and team figures, read in one round trip from the ledger, rewards and team volume. */
export interface MemberFigures {
  investment: bigint;
  feesPaidAgc: bigint;
  remainingDividends: bigint;
  availableUsdt: bigint;
  availableAgc: bigint;
  /** Bought on the launchpad, not released yet. */
  launchpadLockedAgc: bigint;
  /** In withdrawals not yet paid out or rejected. */
  lockedUsdt: bigint;
  lockedAgc: bigint;
  profitSum: bigint;
  todayUsdt: bigint;
  todayAgc: bigint;
  yesterdayUsdt: bigint;
  yesterdayAgc: bigint;
  leftTeam: bigint;
  rightTeam: bigint;
  monthTeam: bigint;
  invitedValid: number;
  /**
   * Placement team size (all / with an investment): counted live from the tree when the downline has at
   * most TEAM_COUNT_LIVE_LIMIT members, else the last daily settlement's figures.
   */
  teamSize: number;
  teamValid: number;
  /** null: teamSize/teamValid are live; else the settled day (YYYY-MM-DD) they are as of ('' if none yet). */
  teamCountsAsOf: string | null;
  /** From the last daily settlement: management base and rank. */
  manageBase: bigint;
  manageRank: number;
}

/**
 * Up to this many downline members are counted live on every /me load (a walk of the placement tree by
 * users.parent_id, stopped one row past the limit); a larger team shows the settlement's counts with
 * their day, and once a settlement counted more than this the walk is skipped (a team never shrinks).
 * Measured on PostgreSQL (100k-member tree): the walk adds ~1–2 ms for a few hundred members and
 * ~6–10 ms at 2,000 (docs/decisions/0080-live-team-counts.md).
 */
export const TEAM_COUNT_LIVE_LIMIT = 2_000;

export async function memberFigures(
  db: DbOrTx,
  userId: bigint,
  now: Date,
  liveLimit = TEAM_COUNT_LIVE_LIMIT,
): Promise<MemberFigures> {
  const today = startOfUtcDay(now);
  const yesterday = new Date(today.getTime() - 86_400_000);
  const balance = (code: string, asset: string) => sql`coalesce((select balance from ledger_accounts
      where coalesce(user_id, 0) = ${userId.toString()}::bigint and code = ${code} and asset = ${asset}), 0)::text`;
  const result = await db.execute(sql`
    select
      ${balance(ACCOUNTS.investment, 'USDT')} as investment,
      ${balance(ACCOUNTS.feesPaid, 'AGC')} as fees_paid_agc,
      ${balance(ACCOUNTS.remainingDividends, 'USDT')} as remaining,
      ${balance(ACCOUNTS.available, 'USDT')} as available_usdt,
      ${balance(ACCOUNTS.available, 'AGC')} as available_agc,
      ${balance(ACCOUNTS.launchpadLocked, 'AGC')} as launchpad_locked_agc,
      ${balance(ACCOUNTS.locked, 'USDT')} as locked_usdt,
      ${balance(ACCOUNTS.locked, 'AGC')} as locked_agc,
      r.profit_sum, r.today_usdt, r.today_agc, r.yesterday_usdt, r.yesterday_agc,
      coalesce(v.left_total, 0)::text as left_team,
      coalesce(v.right_total, 0)::text as right_team,
      live.team_size as live_size, live.team_valid as live_valid,
      coalesce(s.team_size, 0) as team_size, coalesce(s.team_valid, 0) as team_valid,
      (select max(day)::text from settlement_runs) as settled_day,
      coalesce(s.manage_base, 0)::text as manage_base, coalesce(s.manage_rank, 0) as manage_rank,
      (case when v.month_key = ${monthKey(now)} then v.left_month + v.right_month else 0 end)::text as month_team,
      (select count(*) from users u
        where u.inviter_id = ${userId.toString()}::bigint and ${hasInvested(sql`u.id`)})::int as invited_valid
    from (select
        coalesce(sum(due - cut), 0)::text as profit_sum,
        coalesce(sum(credited_usdt) filter (where day = ${dayKey(today)}::date), 0)::text as today_usdt,
        coalesce(sum(credited_agc) filter (where day = ${dayKey(today)}::date), 0)::text as today_agc,
        coalesce(sum(credited_usdt) filter (where day = ${dayKey(yesterday)}::date), 0)::text as yesterday_usdt,
        coalesce(sum(credited_agc) filter (where day = ${dayKey(yesterday)}::date), 0)::text as yesterday_agc
      from rewards where user_id = ${userId.toString()}::bigint) r
    left join member_volume v on v.user_id = ${userId.toString()}::bigint
    left join team_state s on s.user_id = ${userId.toString()}::bigint
    cross join (select count(*)::int as team_size,
        count(*) filter (where ${hasInvested(sql`d.id`)})::int as team_valid
      from (with recursive t(id) as (
          select id from users where parent_id = ${userId.toString()}::bigint
            -- A team never shrinks: once the settlement counted more than the limit, skip the walk.
            and coalesce((select team_size from team_state where user_id = ${userId.toString()}::bigint), 0)
              <= ${liveLimit}
          union all
          select c.id from users c join t on c.parent_id = t.id
        ) select id from t limit ${liveLimit + 1}) d) live`);
  const [row] = rowsOf<Record<string, string | number | null>>(result);
  if (!row) throw new Error('member figures query returned no row');
  const b = (k: string) => BigInt(String(row[k] ?? '0'));
  return {
    investment: b('investment'),
    feesPaidAgc: b('fees_paid_agc'),
    remainingDividends: b('remaining'),
    availableUsdt: b('available_usdt'),
    availableAgc: b('available_agc'),
    launchpadLockedAgc: b('launchpad_locked_agc'),
    lockedUsdt: b('locked_usdt'),
    lockedAgc: b('locked_agc'),
    profitSum: b('profit_sum'),
    todayUsdt: b('today_usdt'),
    todayAgc: b('today_agc'),
    yesterdayUsdt: b('yesterday_usdt'),
    yesterdayAgc: b('yesterday_agc'),
    leftTeam: b('left_team'),
    rightTeam: b('right_team'),
    monthTeam: b('month_team'),
    invitedValid: Number(row.invited_valid ?? 0),
    ...teamCounts(row, liveLimit),
    manageBase: b('manage_base'),
    manageRank: Number(row.manage_rank ?? 0),
  };
}

/** Live counts while the walk stayed under the limit, else the settled ones with their day. */
function teamCounts(row: Record<string, string | number | null>, liveLimit: number) {
  const liveSize = Number(row.live_size ?? 0);
  if (liveSize <= liveLimit && Number(row.team_size ?? 0) <= liveLimit)
    return { teamSize: liveSize, teamValid: Number(row.live_valid ?? 0), teamCountsAsOf: null };
  return {
    teamSize: Number(row.team_size ?? 0),
    teamValid: Number(row.team_valid ?? 0),
    teamCountsAsOf: row.settled_day == null ? '' : String(row.settled_day),
  };
}
