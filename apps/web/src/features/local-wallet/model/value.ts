// What a balance is worth in USDT: USDT 1:1, AGC and ETH at the server's prices (GET /prices, public: signed
// in or not; README "Prices"). Exact bigint maths, rounded down.
import { type PriceSourceName, parseAmount } from '@agc/shared';
import { ASSET_DECIMALS, type LocalAsset } from '@web/lib/wallet/local-chain.ts';

/** The prices a value needs: 1 AGC and 1 ETH in USDT, decimal strings (GET /prices); null while one is paused. */
export interface UsdtPrices {
  agc_usdt: string | null;
  eth_usdt: string | null;
  /** Where they come from (a fixed price says so beside the values). */
  source?: PriceSourceName;
}

/** Prices are read to 18 decimals, so a finer price than the server's 6 is still used exactly. */
const PRICE_DECIMALS = 18;

/** USDT minor units (10⁻⁶) of `amount` minor units of `asset`, rounded down; null when no price is known. */
export function usdtValue(
  asset: LocalAsset,
  amount: bigint,
  prices: UsdtPrices | null | undefined,
): bigint | null {
  if (asset === 'USDT') return amount;
  const text = asset === 'AGC' ? prices?.agc_usdt : prices?.eth_usdt;
  if (!text) return null;
  let price: bigint;
  try {
    price = parseAmount(text, PRICE_DECIMALS); // USDT per whole unit, 10⁻¹⁸
  } catch {
    return null;
  }
  if (price === 0n) return null; // a price of nothing is no price: never show a balance as worth 0
  // amount (10^-d units) × price (10⁻¹⁸ USDT per unit) → 10^-(d+18) USDT; to 10⁻⁶: divide by 10^(d+12).
  return (amount * price) / 10n ** BigInt(ASSET_DECIMALS[asset] + PRICE_DECIMALS - 6);
}
