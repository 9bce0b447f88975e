import { z } from 'zod';
import { amountString } from './common.ts';

/**
 * Where the server's prices come from: `uniswap-v3` (the AGC price a TWAP of an AGC/USDT Uniswap v3 pool, ETH a
 * Chainlink feed) or `fixed` (configured numbers, not a market: every screen showing a price says so).
 */
export const priceSourceSchema = z.enum(['fixed', 'uniswap-v3']);
export type PriceSourceName = z.infer<typeof priceSourceSchema>;

/** A block number as a decimal string (the market price's pinned block), or null for a fixed price. */
export const priceBlock = z.string().regex(/^\d+$/).nullable();

/**
 * GET /prices (public, no sign-in): what 1 AGC and 1 ETH are worth in USDT (decimal strings to USDT's 6
 * decimals), from the server's configured price source, and when those prices were read. A price the source's
 * guards refuse right now (prices paused) is null, and so is the time when both are.
 */
export const pricesResponse = z.object({
  agc_usdt: amountString.nullable(),
  eth_usdt: amountString.nullable(),
  updated_at: z.string().nullable(),
  source: priceSourceSchema,
});
export type Prices = z.infer<typeof pricesResponse>;

/** GET token/price/chart: the last 24 hours of stored market readings (one per 5 minutes at most), oldest first. */
export const priceChartResponse = z.object({
  source: priceSourceSchema,
  /** The TWAP's window in seconds (null for a fixed price, which has no chart: no points). */
  twap_seconds: z.number().int().nullable(),
  points: z.array(
    z.object({
      at: z.string(),
      /** The price in use (the TWAP) and the pool's spot price, USDT. */
      price_usdt: amountString,
      spot_usdt: amountString,
      block: z.string(),
      /** False for a reading the guards refused (prices were paused then). */
      accepted: z.boolean(),
    }),
  ),
});
export type PriceChart = z.infer<typeof priceChartResponse>;
