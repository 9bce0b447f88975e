import { type SettlementTotals, shortAddress } from '@agc/shared';
import { formatAgc, formatUsdt } from '@web/lib/format.ts';

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

export type TotalsField = keyof SettlementTotals;

/** How each totals field reads: an amount in USDT or AGC, or a count. */
const TOTAL_FORMATS: Record<TotalsField, 'usdt' | 'agc' | 'count'> = {
  static: 'usdt',
  pairing: 'usdt',
  management_base: 'usdt',
  paid: 'usdt',
  members_paid: 'count',
  rewards: 'count',
  credited_usdt: 'usdt',
  credited_agc: 'agc',
  cut: 'usdt',
  cut_remaining_dividends: 'usdt',
  cut_day_top: 'usdt',
  orders: 'count',
  new_volume: 'usdt',
};

export function formatTotal(totals: SettlementTotals, field: TotalsField): string {
  const format = TOTAL_FORMATS[field];
  const value = totals[field];
  if (format === 'count') return String(value);
  return format === 'agc' ? formatAgc(value) : formatUsdt(value);
}

/** Totals fields as rows of `FieldRows` (labels under `settlement.totals`). */
export const totalRows = (totals: SettlementTotals, fields: readonly TotalsField[]) =>
  fields.map((field) => [field, formatTotal(totals, field)] as const);
