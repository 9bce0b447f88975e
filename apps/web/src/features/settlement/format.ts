import { type AmountInput, formatDisplayAmount, formatTime, shortAddress, type TimeInput } from '@agc/shared';

export const formatUsdt = (value: AmountInput) => formatDisplayAmount(value, { currency: 'USDT' });
export const formatAgc = (value: AmountInput) => formatDisplayAmount(value, { currency: 'AGC' });

/** A run's duration: milliseconds below one second, else seconds with two decimals. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  const hundredths = Math.round(ms / 10);
  return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')} s`;
}

/** A time of a run; the invalid-time text when unreadable. */
export function formatRunTime(value: TimeInput, t: (key: string) => string): string {
  return formatTime(value, { invalid: '' }) || t('common.invalidTime');
}

/** Who ran it: the admin's short address, or the daily job (run_by null). */
export const runByText = (runBy: string | null, t: (key: string) => string) =>
  runBy ? shortAddress(runBy) : t('settlement.dailyJob');

/** Today as a UTC calendar day (the settlement's days are UTC). */
export const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10);
