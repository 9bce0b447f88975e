// How the app shows numbers: the ONE place a screen turns an amount, a count or a ratio into text. Every amount
// follows its asset's rule (packages/shared `ASSET_DISPLAY`): truncated, never rounded up; grouped en-US style in
// every language; summaries (balances, lists, cards) at the asset's places ("529.7487 USDT"), exact rows (details,
// what a member confirms) with every decimal the asset has ("529.748743 USDT"). A figure is therefore spelled the
// same on every screen that shows it at the same precision. `src/amount-format-rule.test.ts` fails on a formatting
// call outside this file.
import {
  type AmountInput,
  ASSET_DISPLAY,
  type DisplayAsset,
  formatAssetAmount,
  formatAssetBound,
  formatAssetFigure,
  formatDisplayAmount,
  formatTime,
  formatTreeAmount,
  type TimeInput,
} from '@agc/shared';

/** The member's two ledger assets. */
export type Asset = 'USDT' | 'AGC';
export type { DisplayAsset };

/** A summary amount of the asset ("1,234.50 USDT", "12.3456 AGC", "0.00 USDT"): balances, lists and cards. */
export const formatAsset = (value: AmountInput, asset: DisplayAsset) => formatAssetAmount(value, asset);
export const formatUsdt = (value: AmountInput) => formatAsset(value, 'USDT');
export const formatAgc = (value: AmountInput) => formatAsset(value, 'AGC');
export const formatEth = (value: AmountInput) => formatAsset(value, 'ETH');

/** An amount with all the asset's digits ("0.123456 USDT"): detail rows and what the member confirms. */
export const formatAssetExact = (value: AmountInput, asset: DisplayAsset) =>
  formatAssetAmount(value, asset, 'exact');

/** An amount without the asset, for a text that names the asset itself ("maximum {num}{unit}"). */
export const formatBareAmount = formatAssetFigure;

/** A ledger posting's amount: an asset's exact rule, or fund units with the unit named after them. */
export const formatLedgerAmount = (value: AmountInput, asset: string) =>
  asset in ASSET_DISPLAY
    ? formatAssetExact(value, asset as DisplayAsset)
    : `${formatDisplayAmount(value, { currency: null, minFractionDigits: 2, maxFractionDigits: 6 })} ${asset}`;

/** Network fees in ETH are shown to 8 places (a few 10⁻⁶ ETH on Arbitrum), not the 18 ETH has. */
export const NETWORK_FEE_PLACES = 8;
/** A network fee estimate: an upper bound ("at most"), rounded up to 8 places so that it stays true. */
export const formatFeeBound = (wei: bigint) => formatAssetBound(wei, 'ETH', NETWORK_FEE_PLACES);
/** A network fee paid (the receipt's): truncated to 8 places like every figure. */
export const formatFeePaid = (wei: bigint) =>
  formatDisplayAmount(wei, { decimals: 18, currency: 'ETH', maxFractionDigits: NETWORK_FEE_PLACES });

/** Fund units ("1,234.567891" has 6 decimals): every digit, since units are what a redemption sends. */
export const formatUnits = (value: AmountInput) =>
  formatDisplayAmount(value, { currency: null, minFractionDigits: 2, maxFractionDigits: 6 });
/** A fund NAV (USDT per unit, up to 8 decimals; at least 4 shown so small moves are visible). */
export const formatNav = (value: AmountInput) =>
  formatDisplayAmount(value, { currency: null, minFractionDigits: 4, maxFractionDigits: 8 });
/** Amounts in the team tree's boxes and panel: exactly 2 decimals, truncated (the spec's tree amount). */
export const formatTreeFigure = (value: AmountInput) => formatTreeAmount(value);

/** A count (members, copies) grouped like amounts: "12,345". */
export const formatCount = (value: string | number | bigint) =>
  formatDisplayAmount(String(value), { currency: null, minFractionDigits: 0, maxFractionDigits: 0 });

/** A fixed-point figure that is not an amount ("0.0512" from 512 at 4 decimals): truncated, 2 to `decimals` places. */
export const formatScaled = (value: number | bigint, decimals: number) =>
  formatDisplayAmount(BigInt(value), {
    decimals,
    currency: null,
    minFractionDigits: 2,
    maxFractionDigits: decimals,
  });

/** Whole basis points as a percentage with two decimals ("12345" → "123.45%"), exact. */
export const formatBasisPoints = (bp: bigint) =>
  `${formatDisplayAmount(bp, { decimals: 2, currency: null, minFractionDigits: 2, maxFractionDigits: 2 })}%`;

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
