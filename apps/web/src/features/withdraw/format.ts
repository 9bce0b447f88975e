// How the withdrawal pages show amounts and times: the shared display rules (2–4 decimals, en-US
// grouping) with the asset after the number ("100.00 USDT"), and, where the member confirms an
// amount, every digit the asset has so nothing shown differs from what is sent.
import {
  AGC_DECIMALS,
  type AmountInput,
  formatDisplayAmount,
  formatTime,
  type TimeInput,
  USDT_DECIMALS,
  type WithdrawAsset,
} from '@agc/shared';

/** An amount of the asset for lists and details ("1,234.50 USDT", "12.3457 AGC"). */
export const formatAsset = (value: AmountInput, asset: WithdrawAsset) =>
  formatDisplayAmount(value, { currency: asset });

/** An amount of the asset with all its digits ("0.123456 USDT"): what the member confirms. */
export const formatAssetExact = (value: AmountInput, asset: WithdrawAsset) =>
  formatDisplayAmount(value, {
    currency: asset,
    maxFractionDigits: asset === 'USDT' ? USDT_DECIMALS : AGC_DECIMALS,
  });

/** A time of a withdrawal; '-' while it has not happened (null), the invalid-time text when unreadable. */
export function formatWithdrawTime(value: TimeInput, t: (key: string) => string): string {
  if (value === null || value === undefined || value === '') return '-';
  const text = formatTime(value, { invalid: '' });
  return text || t('common.invalidTime');
}

/** The fee rate as the server sends it ("1", "0.5") shown as a percentage. */
export const formatRate = (rate: string) => `${rate}%`;
