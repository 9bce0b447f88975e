import { z } from 'zod';
import { amountString, pageOf, pagingQuery } from './common.ts';
import { idInput, integerInput } from './input.ts';

/** The four reward kinds: recommendation/market (referral), organizational (pairing), static, management. */
export const rewardKind = z.enum(['referral', 'pairing', 'static', 'management']);
export type RewardKind = z.infer<typeof rewardKind>;

/** A UTC calendar day, YYYY-MM-DD. */
export const dayString = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'day' })
  .refine(
    (s) =>
      !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
    {
      error: 'day',
    },
  );

/** Which caps limited a reward, or `reversed`: taken back whole when a chain incident reversed its source payment. */
export const cutReason = z.enum(['remaining_dividends', 'day_top_profit', 'reversed']);

/** One reward record: what was due, what the caps cut and what was credited (USDT and the AGC share). */
export const rewardSchema = z.object({
  id: z.string(),
  kind: rewardKind,
  /** Credit time (ISO) and the date group of the spec: today = 1, yesterday = 2, older = 3. */
  created_at: z.string(),
  group: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  /** The UTC day the reward counts for (day top), YYYY-MM-DD. */
  day: z.string(),
  base: amountString,
  /** Rate in percent ("10", "0.6"). */
  rate: z.string(),
  due: amountString,
  cut: amountString,
  cut_reason: cutReason.nullable(),
  /** due − cut, and how it was credited: USDT, and the vc share in AGC at the day's price. */
  amount: amountString,
  credited_usdt: amountString,
  credited_agc: amountString,
  source_address: z.string().nullable(),
  /** The member's level when the reward was computed (management: the rank). */
  level: z.number().int(),
});
export type Reward = z.infer<typeof rewardSchema>;

const { page, size } = pagingQuery({ maxPage: 10_000, maxSize: 50, defaultSize: 20 });

export const profitAllQuery = z.object({ page, size });
export const profitTypeQuery = z.object({ kind: rewardKind, page, size });
export const profitDayQuery = z.object({ day: dayString, kind: rewardKind.optional(), page, size });
export const profitDetailQuery = z.object({ id: idInput });

/** Income summary: sums per kind of everything credited (due − cut), USDT value. */
export const incomeSummary = z.object({
  referral: amountString,
  pairing: amountString,
  static: amountString,
  management: amountString,
  total: amountString,
});
export type IncomeSummary = z.infer<typeof incomeSummary>;

export const rewardListResponse = pageOf(rewardSchema).extend({ summary: incomeSummary });
export type RewardList = z.infer<typeof rewardListResponse>;

/** profit/mng: the management settlement (base × rank rate, then base and rank restart). */
export const managementResponse = z.object({
  reward: rewardSchema,
});

/** Admin reward distribution: one date's settlement, previewed or run. */
export const settlementTotals = z.object({
  static: amountString,
  pairing: amountString,
  /** Added to the members' management bases (paid later through profit/mng). */
  management_base: amountString,
  /** Paid in all (USDT value), what the caps cut, split by cap. */
  paid: amountString,
  cut: amountString,
  cut_remaining_dividends: amountString,
  cut_day_top: amountString,
  credited_usdt: amountString,
  credited_agc: amountString,
  members_paid: z.number().int(),
  rewards: z.number().int(),
  /** Orders confirmed that day (the new team volume). */
  orders: z.number().int(),
  new_volume: amountString,
});
export type SettlementTotals = z.infer<typeof settlementTotals>;

export const settlementRunSchema = z.object({
  day: z.string(),
  status: z.enum(['done']),
  /** Who ran it: an admin's address, or null for the daily job. */
  run_by: z.string().nullable(),
  started_at: z.string(),
  finished_at: z.string(),
  duration_ms: z.number().int(),
  totals: settlementTotals,
});
export type SettlementRun = z.infer<typeof settlementRunSchema>;

export const settlementDayBody = z.object({ day: dayString });
export const settlementPreviewQuery = z.object({ day: dayString.optional() });
/** `data` of a 425 from a settlement's preview or run: the day is not over; it can be settled from then. */
export const settlementTooEarlyData = z.object({ day: dayString, settleable_from: z.string() });
export const settlementPreviewResponse = z.object({
  day: z.string(),
  /** The next day that can be settled (days settle in order), or null when all past days are done. */
  next_day: z.string().nullable(),
  /** Already settled: its run (the preview shows what was paid). */
  run: settlementRunSchema.nullable(),
  /** Not settled yet: what a run would pay now. */
  totals: settlementTotals.nullable(),
});
export const settlementHistoryResponse = z.object({
  list: z.array(settlementRunSchema),
  next_day: z.string().nullable(),
});

/** The rewards-over-time chart: how many days back from today (UTC), today included; 7 unless given. */
export const rewardSeriesQuery = z.object({
  days: integerInput(1, 90).default(7),
});
export type RewardSeriesQuery = z.infer<typeof rewardSeriesQuery>;

/** One kind's rewards of one day: their value (due − cut, USDT) and how it was credited (USDT, AGC). */
export const rewardSeriesAmounts = z.object({
  amount: amountString,
  usdt: amountString,
  agc: amountString,
});
export type RewardSeriesAmounts = z.infer<typeof rewardSeriesAmounts>;

/** One day of the series: every kind (zero when nothing was paid) and the day's totals. */
export const rewardSeriesDay = z.object({
  /** The UTC day the rewards count for (the reward pages' `day`), YYYY-MM-DD. */
  day: z.string(),
  kinds: z.object({
    referral: rewardSeriesAmounts,
    pairing: rewardSeriesAmounts,
    static: rewardSeriesAmounts,
    management: rewardSeriesAmounts,
  }),
  total: rewardSeriesAmounts,
});
export type RewardSeriesDay = z.infer<typeof rewardSeriesDay>;

/** profit/series: one entry per day, oldest first, the last one today (UTC). */
export const rewardSeriesResponse = z.object({
  from: z.string(),
  to: z.string(),
  list: z.array(rewardSeriesDay),
});
export type RewardSeries = z.infer<typeof rewardSeriesResponse>;
