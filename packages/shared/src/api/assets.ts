import { z } from 'zod';
import { amountString, idString } from './common.ts';
import { priceSourceSchema } from './prices.ts';
import { solvencyPartKey } from './solvency.ts';

/**
 * A member's assets (GET /me/assets): what the app owes them, by place, from the very parts the solvency view and the
 * proof of liabilities count (modules/solvency "Which accounts are member liabilities"), valued in USDT at the AGC
 * price in use; and the last 30 days, from the daily proof-of-liabilities snapshots. Amounts are decimal strings of
 * the token (USDT 6 decimals, AGC 18). The wallet's own tokens are not here: the browser reads them from the chain.
 */

/**
 * Where the money is: available (available balances), withdrawing (withdrawals waiting for the audit or the claim:
 * what the vault will pay), earn (simple-earn holdings and transfers out on their way), funds (units at the last NAV
 * less the redemption fee, redemptions, fund earnings, paid subscriptions waiting for their NAV), launchpad (AGC not
 * released yet).
 */
export const assetPlaceKey = z.enum(['available', 'withdrawing', 'earn', 'funds', 'launchpad']);
export type AssetPlaceKey = z.infer<typeof assetPlaceKey>;

export const assetPlaceSchema = z.object({
  key: assetPlaceKey,
  usdt: amountString,
  agc: amountString,
  /** usdt + agc at the price; null while prices are paused and the place holds AGC. */
  value_usdt: amountString.nullable(),
  /** The solvency parts the place sums (non-zero ones only). */
  parts: z.array(z.object({ key: solvencyPartKey, asset: z.enum(['USDT', 'AGC']), amount: amountString })),
});
export type AssetPlace = z.infer<typeof assetPlaceSchema>;

export const assetHistoryPointSchema = z.object({
  /** The settled UTC day the snapshot follows. */
  day: z.string(),
  usdt: amountString,
  agc: amountString,
  /** At the AGC price accepted at the snapshot's instant; null when there was none. */
  value_usdt: amountString.nullable(),
});
export type AssetHistoryPoint = z.infer<typeof assetHistoryPointSchema>;

export const assetsResponse = z.object({
  /** When the ledger was read (one snapshot). */
  as_of: z.string(),
  /** The AGC price in use (USDT per AGC), its source and block; null while prices are paused. */
  agc_price: z
    .object({ usdt_per_agc: amountString, source: priceSourceSchema, block: idString.nullable() })
    .nullable(),
  prices_paused: z.boolean(),
  /** Everything the app owes the member, in tokens, and in USDT at the price (null while prices are paused and AGC is held). */
  total_usdt: amountString,
  total_agc: amountString,
  total_value_usdt: amountString.nullable(),
  places: z.array(assetPlaceSchema),
  /** The last 30 days' daily snapshots, oldest first (days without one are left out). */
  history: z.array(assetHistoryPointSchema),
});
export type Assets = z.infer<typeof assetsResponse>;
