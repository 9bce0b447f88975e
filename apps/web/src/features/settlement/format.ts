import { shortAddress } from '@agc/shared';

/** A run's duration: milliseconds below one second, else seconds with two decimals. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  const hundredths = Math.round(ms / 10);
  return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')} s`;
}

/** Who ran it: the admin's short address, or the daily job (run_by null). */
export const runByText = (runBy: string | null, t: (key: string) => string) =>
  runBy ? shortAddress(runBy) : t('settlement.dailyJob');

/** Today as a UTC calendar day (the settlement's days are UTC). */
export const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10);
