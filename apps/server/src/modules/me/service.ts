import type { Me } from '@agc/shared';
import type { AppContext } from '../../context.ts';
import { unauthorized } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { memberSnapshot } from '../members/service.ts';

const DAY_MS = 86_400_000;

/**
 * The member's user info. Figures that later features own (investment, rewards, withdrawals, team
 * volume) are 0 until those features post to the ledger; nothing here is invented.
 */
export async function getMe(ctx: AppContext, user: SessionUser): Promise<Me> {
  const member = await memberSnapshot(ctx, user.id);
  if (!member) throw unauthorized('auth.unknown_user');
  return {
    address: member.address,
    invite_code: member.inviteCode,
    roles: user.roles,
    fixed_invest_amount_usdt: '0',
    fixed_invest_amount_amc: '0',
    yesterday_profit: '0',
    yesterday_profit_amc: '0',
    realized_profit_usdt: '0',
    realized_profit_amc: '0',
    fund_available_profit: '0',
    fund_level: 0,
    day_top_profit: '0',
    level: 0,
    available_profit: '0',
    locked_profit: '0',
    profit_sum: '0',
    team_size_all: 0,
    team_size_valid: 0,
    invited_count_all: member.invitedCount,
    invited_count_valid: 0,
    left_team_investment: '0',
    right_team_investment: '0',
    month_team_invest: '0',
    service_fee: '0',
    redemption_fee: '0',
    manage_leve: 0,
    manage_award_base: '0',
    receive_address: member.address,
    register_days: Math.max(0, Math.floor((ctx.now().getTime() - member.createdAt.getTime()) / DAY_MS)),
    investment_sum: '0',
    remaining_dividends: '0',
    withdrawable_vc: '0',
    withdrawable_usdt: '0',
    dividend_rate: '0',
    vc_rate: '0',
  };
}
