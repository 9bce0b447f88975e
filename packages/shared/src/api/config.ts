import { z } from 'zod';
import { hexAddressSchema as address } from './common.ts';
import { priceSourceSchema } from './prices.ts';

/** Public configuration the app needs: chain, contracts and the marketing rates shown in texts. */
export const configResponse = z.object({
  chain_id: z.number().int(),
  chain_name: z.string(),
  rpc_url: z.string(),
  explorer_url: z.string(),
  /** `attestation`: the proof-of-liabilities contract (null on a network configured without one). */
  contracts: z.object({
    token: address,
    transfer: address,
    bank: address,
    usdt: address,
    attestation: address.nullable(),
  }),
  /** Percent strings, rendered into every language's texts so no two languages can disagree. */
  rates: z.object({
    referral_max: z.string(),
    pairing_max: z.string(),
    static_max: z.string(),
    easy_earn_apy_max: z.string(),
  }),
  /** Funds: the languages that show the Fund entry, and the payment network every language's text names. */
  funds: z.object({ locales: z.array(z.string()), payment_network: z.string() }),
  siwe: z.object({ domain: z.string(), uri: z.string(), statement: z.string() }),
  /** Where prices come from: a screen showing a price says "fixed" when they are not a market's. */
  prices: z.object({ source: priceSourceSchema, twap_seconds: z.number().int().nullable() }),
  /** The share of page views whose Core Web Vitals the app reports (POST /vitals), 0 to 1. */
  vitals_sample_rate: z.number().min(0).max(1),
});
export type PublicConfig = z.infer<typeof configResponse>;
