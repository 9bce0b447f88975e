import { z } from 'zod';
import { amountString } from './common.ts';

/**
 * GET /prices (public, no sign-in): what 1 AGC and 1 ETH are worth in USDT (decimal strings to USDT's 6
 * decimals), from the server's configured price source, and when those prices were read.
 */
export const pricesResponse = z.object({
  agc_usdt: amountString,
  eth_usdt: amountString,
  updated_at: z.string(),
});
export type Prices = z.infer<typeof pricesResponse>;
