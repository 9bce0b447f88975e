import { rowsOf, schema } from '@agc/db';
import { formatAmount, type Reward, USDT_DECIMALS } from '@agc/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { ACCOUNTS, lockBalances, refKey, transferBatch } from '../ledger/ledger.ts';
import { applyPpm, dayKey, levelOf } from '../rules/rules.ts';
import { lockRewardsShared, rewardTransfers, splitReward } from './credit.ts';
import { type RewardRow, rewardColumns, toReward } from './profit.ts';

const { teamState, rewards } = schema;

/**
 * profit/mng: pays the management reward (manage_award_base × the rank's rate, limited by remaining
 * dividends and today's day top like every reward, what the caps cut recorded), then the base and the
 * rank restart from zero. Rank 0 has nothing to settle: a clear error, nothing changes. The member's
 * team_state row is locked, so a double tap pays once.
 */
export async function settleManagement(ctx: AppContext, userId: bigint): Promise<Reward> {
  const reward = await ctx.db.transaction(async (tx) => {
    await lockRewardsShared(tx);
    const [state] = await tx.select().from(teamState).where(eq(teamState.userId, userId)).for('update');
    const rank = ctx.config.rules.manageRanks.find((r) => r.rank === (state?.manageRank ?? 0));
    if (!state || !rank || state.manageBase === 0n)
      throw new AppError(400, 'rewards.nothing_to_settle', {
        threshold: formatAmount(ctx.config.rules.manageRanks[0]?.threshold ?? 0n, USDT_DECIMALS),
      });
    const now = ctx.now();
    const today = dayKey(now);
    const investment = { userId, code: ACCOUNTS.investment, asset: 'USDT' } as const;
    const remaining = { userId, code: ACCOUNTS.remainingDividends, asset: 'USDT' } as const;
    const balances = await lockBalances(tx, [investment, remaining]);
    const level = levelOf(ctx.config.rules, balances.get(refKey(investment)) ?? 0n);
    const [usedToday] = await tx
      .select({ v: sql<string>`coalesce(sum(${rewards.due} - ${rewards.cut}), 0)::text` })
      .from(rewards)
      .where(and(eq(rewards.userId, userId), eq(rewards.day, today)));
    const left = balances.get(refKey(remaining)) ?? 0n;
    const dayLeft = level.dayTop - BigInt(usedToday?.v ?? '0');
    const room = left < dayLeft ? left : dayLeft > 0n ? dayLeft : 0n;
    const due = applyPpm(state.manageBase, rank.ratePpm);
    const paid = due < room ? due : room;
    const cut = due - paid;
    const split = splitReward(ctx.config.rules, paid, await ctx.prices.agcPrice());
    const ref = `mng:${today}:${userId}`;
    const [row] = await tx
      .insert(rewards)
      .values({
        userId,
        kind: 'management',
        base: state.manageBase,
        ratePpm: Number(rank.ratePpm),
        due,
        cut,
        cutReason: cut === 0n ? null : left <= dayLeft ? 'remaining_dividends' : 'day_top_profit',
        creditedUsdt: split.usdt,
        creditedAgc: split.agc,
        level: rank.rank,
        day: today,
        ref,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: rewards.id });
    // One settlement per member and day: the base only grows at the daily settlement.
    if (!row) throw new AppError(409, 'rewards.already_settled_today');
    await transferBatch(tx, rewardTransfers(userId, 'management', `reward:management:${ref}`, paid, split));
    await tx.update(teamState).set({ manageBase: 0n, manageRank: 0 }).where(eq(teamState.userId, userId));
    const [saved] = rowsOf<RewardRow>(
      await tx.execute(sql`
        select ${rewardColumns} from rewards r left join users s on s.id = r.source_user_id
        where r.id = ${row.id.toString()}::bigint`),
    );
    return toReward(saved!, now);
  });
  ctx.cache.me.delete(userId);
  return reward;
}
