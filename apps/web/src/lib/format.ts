// How the app shows amounts and times: the shared display rules (2–4 decimals, en-US grouping) with the
// asset named after the number ("100.00 USDT", "12.5 AGC"), and, where a member confirms an amount, every
// digit the asset has, so nothing shown differs from what is sent.
import {
  AGC_DECIMALS,
  type AmountInput,
  formatDisplayAmount,
  formatTime,
  type TimeInput,
  USDT_DECIMALS,
} from '@agc/shared';

export type Asset = 'USDT' | 'AGC';

/** An amount of the asset for lists and details ("1,234.50 USDT", "12.3457 AGC"). */
export const formatAsset = (value: AmountInput, asset: Asset) =>
  formatDisplayAmount(value, { currency: asset });
export const formatUsdt = (value: AmountInput) => formatAsset(value, 'USDT');
export const formatAgc = (value: AmountInput) => formatAsset(value, 'AGC');

/** An amount of the asset with all its digits ("0.123456 USDT"): what the member confirms. */
export const formatAssetExact = (value: AmountInput, asset: Asset) =>
  formatDisplayAmount(value, {
    currency: asset,
    maxFractionDigits: asset === 'USDT' ? USDT_DECIMALS : AGC_DECIMALS,
  });

/** Fund units ("1,234.567891 units" has 6 decimals): every digit, since units are what a redemption sends. */
export const formatUnits = (value: AmountInput) =>
  formatDisplayAmount(value, { currency: null, minFractionDigits: 2, maxFractionDigits: 6 });
/** A fund NAV (USDT per unit, up to 8 decimals; at least 4 shown so small moves are visible). */
export const formatNav = (value: AmountInput) =>
  formatDisplayAmount(value, { currency: null, minFractionDigits: 4, maxFractionDigits: 8 });

/** A time of an event; '-' while it has not happened (null or empty), the invalid-time text when unreadable. */
export function formatEventTime(value: TimeInput, t: (key: string) => string): string {
  if (value === null || value === undefined || value === '') return '-';
  return formatTime(value, { invalid: '' }) || t('common.invalidTime');
}

/** The explorer page of a transaction: `${explorer_url}/tx/${hash}`. */
export const explorerTxUrl = (explorerUrl: string, hash: string) =>
  `${explorerUrl.replace(/\/+$/, '')}/tx/${hash}`;

/** A date or time inside a sentence, with non-breaking hyphens (U+2011): it never splits as "2026-" / "11-25". */
export const unbroken = (text: string) => text.replaceAll('-', '\u2011');
