// What a balance is worth in USDT: USDT 1:1, AGC at the app's AGC price (GET /token/price, for a signed-in
// member), ETH not at all (the app has no ETH price source: README "Prices").
import { AGC_DECIMALS, parseAmount } from '@agc/shared';
import type { LocalAsset } from '../../../lib/wallet/local-chain.ts';

/** USDT minor units (10⁻⁶) of `amount` minor units of `asset`, rounded down; null when no price is known. */
export function usdtValue(
  asset: LocalAsset,
  amount: bigint,
  agcPriceUsdt: string | null | undefined,
): bigint | null {
  if (asset === 'USDT') return amount;
  if (asset === 'ETH' || !agcPriceUsdt) return null;
  let price: bigint;
  try {
    price = parseAmount(agcPriceUsdt, AGC_DECIMALS); // USDT per AGC, 18 decimals
  } catch {
    return null;
  }
  // amount (10⁻¹⁸ AGC) × price (10⁻¹⁸ USDT per AGC) → 10⁻³⁶ USDT; to 10⁻⁶: divide by 10³⁰.
  return (amount * price) / 10n ** 30n;
}
