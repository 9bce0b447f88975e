import { ANALYTICS_MAX_DAYS } from '@agc/shared';

/** The range presets (days up to and including today) and the custom range. */
export const RANGE_PRESETS = [7, 30, 90] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number] | 'custom';

export interface DayRange {
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;
/** 'YYYY-MM-DD' of a moment in UTC: analytics days are UTC days, as the settlement's. */
export const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** The last `days` UTC days up to `today`. */
export const presetRange = (days: number, today: string): DayRange => ({
  from: utcDay(dayMs(today) - (days - 1) * DAY_MS),
  to: today,
});

export type RangeProblem = 'day_invalid' | 'range_order' | 'range_too_long' | 'range_future';

/** What is wrong with a custom range (the server checks the same and says the same), or null. */
export function rangeProblem(r: DayRange, today: string): RangeProblem | null {
  const ok = (d: string) =>
    /^\d{4}-\d{2}-\d{2}$/.test(d) && !Number.isNaN(dayMs(d)) && utcDay(dayMs(d)) === d;
  if (!ok(r.from) || !ok(r.to)) return 'day_invalid';
  if (r.from > r.to) return 'range_order';
  if ((dayMs(r.to) - dayMs(r.from)) / DAY_MS + 1 > ANALYTICS_MAX_DAYS) return 'range_too_long';
  if (r.to > today) return 'range_future';
  return null;
}
