import { schema } from '@agc/db';
import { formatAmount, type Reward, USDT_DECIMALS } from '@agc/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { invalidate } from '../../lib/caches.ts';
import { AppError } from '../../lib/errors.ts';
import { ACCOUNTS, lockBalances, refKey, transferBatch } from '../ledger/index.ts';
import { applyPpm, capReward, dayKey, levelOf } from '../rules/index.ts';
import { lockRewardsShared, rewardTransfers, splitReward } from './credit.ts';
import { toReward } from './profit.ts';

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
    const due = applyPpm(state.manageBase, rank.ratePpm);
    const { paid, cut, cutReason } = capReward(
      due,
      balances.get(refKey(remaining)) ?? 0n,
      level.dayTop - BigInt(usedToday?.v ?? '0'),
    );
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
        cutReason,
        creditedUsdt: split.usdt,
        creditedAgc: split.agc,
        level: rank.rank,
        day: today,
        ref,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    // One settlement per member and day: the base only grows at the daily settlement.
    if (!row) throw new AppError(409, 'rewards.already_settled_today');
    await transferBatch(tx, rewardTransfers(userId, 'management', `reward:management:${ref}`, paid, split));
    await tx.update(teamState).set({ manageBase: 0n, manageRank: 0 }).where(eq(teamState.userId, userId));
    return toReward(
      {
        id: row.id.toString(),
        kind: row.kind,
        created_at: row.createdAt,
        day: row.day,
        base: row.base.toString(),
        rate_ppm: row.ratePpm,
        due: row.due.toString(),
        cut: row.cut.toString(),
        cut_reason: cutReason,
        credited_usdt: row.creditedUsdt.toString(),
        credited_agc: row.creditedAgc.toString(),
        source_address: null,
        level: row.level,
      },
      now,
    );
  });
  invalidate(ctx, { kind: 'figures', ids: [userId] });
  return reward;
}
