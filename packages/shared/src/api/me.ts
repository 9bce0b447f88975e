import { z } from 'zod';
import { amountString, roleSchema } from './common.ts';

/** The me call: every user-info field of the spec (amounts as decimal strings, counts as integers). */
export const meResponse = z.object({
  address: z.string(),
  invite_code: z.string(),
  roles: z.array(roleSchema),
  fixed_invest_amount_usdt: amountString,
  fixed_invest_amount_amc: amountString,
  yesterday_profit: amountString,
  yesterday_profit_amc: amountString,
  /** Rewards credited today (UTC), USDT and the AGC part. */
  today_profit: amountString,
  today_profit_amc: amountString,
  realized_profit_usdt: amountString,
  realized_profit_amc: amountString,
  fund_available_profit: amountString,
  fund_level: z.number().int(),
  day_top_profit: amountString,
  level: z.number().int(),
  available_profit: amountString,
  locked_profit: amountString,
  profit_sum: amountString,
  team_size_all: z.number().int(),
  team_size_valid: z.number().int(),
  /**
   * When the two team sizes were counted: null = live from the placement tree (now); a day (YYYY-MM-DD)
   * = the daily settlement of that day (a team too large to count on every request); '' = not settled yet.
   */
  team_counts_as_of: z.string().nullable(),
  invited_count_all: z.number().int(),
  invited_count_valid: z.number().int(),
  left_team_investment: amountString,
  right_team_investment: amountString,
  month_team_invest: amountString,
  service_fee: amountString,
  redemption_fee: amountString,
  manage_leve: z.number().int(),
  manage_award_base: amountString,
  receive_address: z.string(),
  register_days: z.number().int(),
  investment_sum: amountString,
  remaining_dividends: amountString,
  withdrawable_vc: amountString,
  /** AGC bought on the launchpad and not released yet (not in the spec's list; shown on home). */
  launchpad_locked_agc: amountString,
  withdrawable_usdt: amountString,
  dividend_rate: amountString,
  vc_rate: amountString,
});
export type Me = z.infer<typeof meResponse>;
