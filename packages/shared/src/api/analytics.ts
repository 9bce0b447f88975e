import { z } from 'zod';

/**
 * Admin analytics (docs/product-rules.md "Admin roles and analytics"): per UTC day over a range, the figures below.
 * Counts are integer strings; amounts decimal strings of their asset (USDT 6 decimals, AGC 18), never floats.
 * apps/server/src/modules/analytics/README.md says where each figure comes from.
 */

export type AnalyticsUnit = 'count' | 'USDT' | 'AGC';

/** Every figure, in the order tables and the CSV show them. `cumulative`: a level at the day's end, not a flow. */
export const ANALYTICS_FIGURES = [
  { key: 'members_all', unit: 'count', group: 'members', cumulative: true },
  { key: 'members_valid', unit: 'count', group: 'members', cumulative: true },
  { key: 'members_new', unit: 'count', group: 'members' },
  { key: 'shop_orders', unit: 'count', group: 'deposits' },
  { key: 'shop_usdt', unit: 'USDT', group: 'deposits' },
  { key: 'fund_subscriptions', unit: 'count', group: 'deposits' },
  { key: 'fund_usdt', unit: 'USDT', group: 'deposits' },
  { key: 'withdraw_requested', unit: 'count', group: 'withdrawals' },
  { key: 'withdraw_requested_usdt', unit: 'USDT', group: 'withdrawals' },
  { key: 'withdraw_requested_agc', unit: 'AGC', group: 'withdrawals' },
  { key: 'withdraw_approved', unit: 'count', group: 'withdrawals' },
  { key: 'withdraw_approved_usdt', unit: 'USDT', group: 'withdrawals' },
  { key: 'withdraw_approved_agc', unit: 'AGC', group: 'withdrawals' },
  { key: 'withdraw_paid', unit: 'count', group: 'withdrawals' },
  { key: 'withdraw_paid_usdt', unit: 'USDT', group: 'withdrawals' },
  { key: 'withdraw_paid_agc', unit: 'AGC', group: 'withdrawals' },
  { key: 'reward_referral_usdt', unit: 'USDT', group: 'rewards' },
  { key: 'reward_referral_agc', unit: 'AGC', group: 'rewards' },
  { key: 'reward_pairing_usdt', unit: 'USDT', group: 'rewards' },
  { key: 'reward_pairing_agc', unit: 'AGC', group: 'rewards' },
  { key: 'reward_static_usdt', unit: 'USDT', group: 'rewards' },
  { key: 'reward_static_agc', unit: 'AGC', group: 'rewards' },
  { key: 'reward_management_usdt', unit: 'USDT', group: 'rewards' },
  { key: 'reward_management_agc', unit: 'AGC', group: 'rewards' },
  { key: 'exchange_count', unit: 'count', group: 'exchange' },
  { key: 'exchange_buy_usdt', unit: 'USDT', group: 'exchange' },
  { key: 'exchange_sell_usdt', unit: 'USDT', group: 'exchange' },
  { key: 'launchpad_purchases', unit: 'count', group: 'launchpad' },
  { key: 'launchpad_copies', unit: 'count', group: 'launchpad' },
  { key: 'launchpad_usdt', unit: 'USDT', group: 'launchpad' },
] as const satisfies ReadonlyArray<{ key: string; unit: AnalyticsUnit; group: string; cumulative?: boolean }>;

export type AnalyticsFigure = (typeof ANALYTICS_FIGURES)[number];
export type AnalyticsFigureKey = AnalyticsFigure['key'];
export type AnalyticsGroup = AnalyticsFigure['group'];
export const ANALYTICS_GROUPS = [
  'members',
  'deposits',
  'withdrawals',
  'rewards',
  'exchange',
  'launchpad',
] as const;

/** The longest range one request may ask for, in days (both ends included). */
export const ANALYTICS_MAX_DAYS = 366;

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const figureValue = z.string().regex(/^\d+(\.\d+)?$/);

/** One value per figure. */
export const analyticsFiguresSchema = z.object(
  Object.fromEntries(ANALYTICS_FIGURES.map((f) => [f.key, figureValue])) as Record<
    AnalyticsFigureKey,
    typeof figureValue
  >,
);
export type AnalyticsFigures = z.infer<typeof analyticsFiguresSchema>;

/** GET /admin/analytics and /admin/analytics/csv: a range of UTC days, both ends included. */
export const analyticsRangeQuery = z.object({ from: isoDay, to: isoDay });
export type AnalyticsRangeQuery = z.infer<typeof analyticsRangeQuery>;

export const analyticsDaySchema = z.object({
  day: isoDay,
  /** Computed now (the open day, or a closed day whose rollup is not written yet) rather than read from a rollup. */
  live: z.boolean(),
  figures: analyticsFiguresSchema,
});
export type AnalyticsDay = z.infer<typeof analyticsDaySchema>;

/** GET /admin/analytics (analyst, admin). */
export const analyticsReportResponse = z.object({
  from: isoDay,
  to: isoDay,
  /** The open UTC day at the server (its figures grow until it ends). */
  today: isoDay,
  days: z.array(analyticsDaySchema),
  /** Flows summed over the range; levels (cumulative figures) at the range's last day. */
  totals: analyticsFiguresSchema,
  generated_at: z.string(),
});
export type AnalyticsReport = z.infer<typeof analyticsReportResponse>;
