// How the shop shows amounts and times: the shared display rules (2–4 decimals, en-US grouping),
// with the asset named after the number ("100.00 USDT", "12.5 AGC").
import { type AmountInput, formatDisplayAmount, formatTime, type TimeInput } from '@agc/shared';

export const formatUsdt = (value: AmountInput) => formatDisplayAmount(value, { currency: 'USDT' });
export const formatAgc = (value: AmountInput) => formatDisplayAmount(value, { currency: 'AGC' });

/** A time of an order; '-' while it has not happened (null), the invalid-time text when unreadable. */
export function formatOrderTime(value: TimeInput, t: (key: string) => string): string {
  if (value === null || value === undefined || value === '') return '-';
  const text = formatTime(value, { invalid: '' });
  return text || t('common.invalidTime');
}

/** The explorer page of a transaction: `${explorer_url}/tx/${hash}`. */
export const explorerTxUrl = (explorerUrl: string, hash: string) =>
  `${explorerUrl.replace(/\/+$/, '')}/tx/${hash}`;
