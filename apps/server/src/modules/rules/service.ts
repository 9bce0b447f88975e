import { formatAmount } from '@agc/shared';
import type { LevelRule, Rules } from '@server/config.ts';

/** amount × ppm / 1,000,000, rounded down (rates are parts per million; 1% = 10,000). */
export function applyPpm(amount: bigint, ppm: bigint): bigint {
  return (amount * ppm) / 1_000_000n;
}

/** 100000 → "10", 6000 → "0.6": a rate as the percentage the API shows. */
export const ppmToPercent = (ppm: bigint): string => formatAmount(ppm, 4);

/** Level 0: below the first threshold; no rates, no day top. */
const NO_LEVEL: LevelRule = { level: 0, threshold: 0n, staticPpm: 0n, pairingPpm: 0n, dayTop: 0n };

/** The level (1–5) an investment_sum reaches, with its rates; level 0 below the first threshold. */
export function levelOf(rules: Rules, investmentSum: bigint): LevelRule {
  let found = NO_LEVEL;
  for (const rule of rules.levels) if (investmentSum >= rule.threshold) found = rule;
  return found;
}

/** Rewards and day tops count by UTC day: the start of the day a moment falls in. */
export const startOfUtcDay = (d: Date) =>
  new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));

/** 'YYYY-MM-DD' (UTC) of a moment: the day a reward counts for. */
export const dayKey = (d: Date) => d.toISOString().slice(0, 10);

/** 'YYYY-MM' (UTC) of a date: the month the "this month" team figures belong to. */
export const monthKey = (d: Date) => d.toISOString().slice(0, 7);

/** The start (00:00 UTC) of a 'YYYY-MM-DD' day. */
export const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);

/** The day after a 'YYYY-MM-DD' day. */
export const nextDay = (day: string) => dayKey(new Date(dayStart(day).getTime() + 86_400_000));

export type CutReason = 'remaining_dividends' | 'day_top_profit';

/**
 * Every reward's caps: it pays at most what remains of the member's remaining dividends and of the day
 * top (day top minus what the day already counted). What is cut is recorded with the tighter cap
 * (remaining dividends when both are equal: it is the lasting one).
 */
export function capReward(
  due: bigint,
  remaining: bigint,
  dayLeft: bigint,
): { paid: bigint; cut: bigint; cutReason: CutReason | null } {
  const day = dayLeft > 0n ? dayLeft : 0n;
  const room = remaining < day ? remaining : day;
  const paid = due < room ? due : room > 0n ? room : 0n;
  const cut = due - paid;
  return {
    paid,
    cut,
    cutReason: cut === 0n ? null : remaining <= day ? 'remaining_dividends' : 'day_top_profit',
  };
}
