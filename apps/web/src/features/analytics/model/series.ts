import {
  ANALYTICS_FIGURES,
  type AnalyticsDay,
  type AnalyticsFigureKey,
  type AnalyticsGroup,
  type AnalyticsUnit,
} from '@agc/shared';

/** One chart per group: the figures drawn (amounts in USDT where the group has them, else the counts). */
export const CHARTS: ReadonlyArray<{ group: AnalyticsGroup; keys: readonly AnalyticsFigureKey[] }> = [
  { group: 'members', keys: ['members_all', 'members_valid', 'members_new'] },
  { group: 'deposits', keys: ['shop_usdt', 'fund_usdt'] },
  { group: 'withdrawals', keys: ['withdraw_requested_usdt', 'withdraw_approved_usdt', 'withdraw_paid_usdt'] },
  {
    group: 'rewards',
    keys: ['reward_referral_usdt', 'reward_pairing_usdt', 'reward_static_usdt', 'reward_management_usdt'],
  },
  { group: 'exchange', keys: ['exchange_buy_usdt', 'exchange_sell_usdt'] },
  { group: 'launchpad', keys: ['launchpad_usdt'] },
];

export const figuresOf = (group: AnalyticsGroup) => ANALYTICS_FIGURES.filter((f) => f.group === group);
export const unitOf = (key: AnalyticsFigureKey): AnalyticsUnit =>
  ANALYTICS_FIGURES.find((f) => f.key === key)?.unit ?? 'count';

/**
 * The chart's data: x in seconds (00:00 UTC of each day) and one array per figure. A chart draws pixels, so the
 * exact decimal strings become numbers here and only here; tables and the CSV keep the exact values.
 */
export function chartData(days: readonly AnalyticsDay[], keys: readonly AnalyticsFigureKey[]): number[][] {
  const xs = days.map((d) => Date.parse(`${d.day}T00:00:00Z`) / 1000);
  return [xs, ...keys.map((k) => days.map((d) => Number(d.figures[k])))];
}
