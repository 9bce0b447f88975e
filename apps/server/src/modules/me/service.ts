import { AGC_DECIMALS, formatAmount, formatUsdt, type Me } from '@agc/shared';
import { defined } from '@agc/shared/defined';
import type { AppContext } from '@server/context.ts';
import { unauthorized } from '@server/lib/errors.ts';
import { memberFundFigures } from '@server/modules/funds/index.ts';
import { memberSnapshot } from '@server/modules/members/index.ts';
import { levelOf, ppmToPercent } from '@server/modules/rules/index.ts';
import type { SessionUser } from '@server/plugins/auth.ts';
import { memberFigures } from './repository.ts';

const DAY_MS = 86_400_000;
const agc = (v: bigint) => formatAmount(v, AGC_DECIMALS);

/**
 * The member's user info, from the ledger (investment, remaining dividends, available), the reward
 * records (today, yesterday, total), the team volume, the placement tree (team sizes, live; a very large
 * team's as of the last settlement, with its day) and the daily settlement's team state (management base
 * and rank, as of the last settlement). locked_profit is what sits in
 * withdrawals not yet paid out (USDT), service_fee the withdrawal fee rate in percent. The fund fields: fund_available_profit (ledger), fund_level (the
 * daily fund settlement's team state) and redemption_fee (the fees of the member's completed redemptions,
 * USDT).
 */
export async function getMe(ctx: AppContext, user: SessionUser): Promise<Me> {
  return defined(await ctx.cache.me.getOrLoad(user.id, () => loadMe(ctx, user)));
}

async function loadMe(ctx: AppContext, user: SessionUser): Promise<Me> {
  const member = await memberSnapshot(ctx, user.id);
  if (!member) throw unauthorized('auth.unknown_user');
  const now = ctx.now();
  const [f, fund] = await Promise.all([
    memberFigures(ctx.db, member.id, now),
    memberFundFigures(ctx.db, member.id),
  ]);
  const level = levelOf(ctx.config.rules, f.investment);
  return {
    address: member.address,
    invite_code: member.inviteCode,
    roles: user.roles,
    fixed_invest_amount_usdt: formatUsdt(f.investment),
    fixed_invest_amount_amc: agc(f.feesPaidAgc),
    yesterday_profit: formatUsdt(f.yesterdayUsdt),
    yesterday_profit_amc: agc(f.yesterdayAgc),
    today_profit: formatUsdt(f.todayUsdt),
    today_profit_amc: agc(f.todayAgc),
    realized_profit_usdt: '0',
    realized_profit_amc: '0',
    fund_available_profit: formatUsdt(fund.availableProfit),
    fund_level: fund.level,
    day_top_profit: formatUsdt(level.dayTop),
    level: level.level,
    available_profit: formatUsdt(f.availableUsdt),
    locked_profit: formatUsdt(f.lockedUsdt),
    profit_sum: formatUsdt(f.profitSum),
    team_size_all: f.teamSize,
    team_size_valid: f.teamValid,
    team_counts_as_of: f.teamCountsAsOf,
    invited_count_all: member.invitedCount,
    invited_count_valid: f.invitedValid,
    left_team_investment: formatUsdt(f.leftTeam),
    right_team_investment: formatUsdt(f.rightTeam),
    month_team_invest: formatUsdt(f.monthTeam),
    service_fee: ppmToPercent(ctx.config.withdraw.feePpm),
    redemption_fee: formatUsdt(fund.redemptionFees),
    manage_leve: f.manageRank,
    manage_award_base: formatUsdt(f.manageBase),
    receive_address: member.address,
    register_days: Math.max(0, Math.floor((now.getTime() - member.createdAt.getTime()) / DAY_MS)),
    investment_sum: formatUsdt(f.investment),
    remaining_dividends: formatUsdt(f.remainingDividends),
    withdrawable_vc: agc(f.availableAgc),
    launchpad_locked_agc: agc(f.launchpadLockedAgc),
    withdrawable_usdt: formatUsdt(f.availableUsdt),
    dividend_rate: ppmToPercent(level.staticPpm),
    vc_rate: ppmToPercent(ctx.config.rules.vcPpm),
  };
}
