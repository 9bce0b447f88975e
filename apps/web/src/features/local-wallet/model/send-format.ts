// Amounts of the local wallet as the member confirms them: every digit the asset has (viem formatUnits, exact,
// no float), the asset named after the number, and the thousands grouped.

import { ASSET_DECIMALS, type LocalAsset } from '@web/lib/wallet/local-chain.ts';
import { formatUnits } from 'viem';

/** "1,234.5 USDT", "0.000021 ETH": exact, trailing zeros dropped. */
export function formatLocalAmount(units: bigint, asset: LocalAsset): string {
  const [whole = '0', fraction] = formatUnits(units, ASSET_DECIMALS[asset]).split('.');
  const negative = whole.startsWith('-');
  const digits = negative ? whole.slice(1) : whole;
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''} ${asset}`;
}

/** The amount as the form's field takes it back (Max): plain digits, no grouping, no asset. */
export function amountInput(units: bigint, asset: LocalAsset): string {
  return formatUnits(units, ASSET_DECIMALS[asset]);
}

/** Decimals a fee estimate is shown with: rounded up, so that "at most" stays true. */
export const FEE_DECIMALS = 8;

/** A fee estimate in ETH, rounded up to FEE_DECIMALS ("0.00003791 ETH"; a fee above 0 never shows as 0). */
export function formatFee(wei: bigint): string {
  const step = 10n ** BigInt(ASSET_DECIMALS.ETH - FEE_DECIMALS);
  return formatLocalAmount(((wei + step - 1n) / step) * step, 'ETH');
}
