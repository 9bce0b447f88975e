import { z } from 'zod';
import { amountString, idString, pageOf, pagingQuery } from './common.ts';
import { amountInput, idInput } from './input.ts';
import { priceBlock, priceSourceSchema } from './prices.ts';

/**
 * The exchange center (docs/product-rules.md "Exchange center"): available USDT ↔ available AGC. Amounts are decimal strings of
 * their asset; times ISO instants. One clock: every answer carries the server's time, and the client counts a
 * quote down from expires_at against it.
 */

export const exchangeAsset = z.enum(['USDT', 'AGC']);
export type ExchangeAsset = z.infer<typeof exchangeAsset>;

/** GET /exchange/info */
export const exchangeInfoResponse = z.object({
  /** USDT per AGC: the price quotes are made at now, its source and block (null: fixed). */
  price_usdt: amountString,
  price_source: priceSourceSchema,
  price_block: priceBlock,
  fee_percent: z.string(),
  quote_ttl_seconds: z.number().int(),
  available_usdt: amountString,
  available_agc: amountString,
  server_time: z.string(),
});

/** POST /exchange/quotes: `amount` is what goes in (mode in) or what should arrive (mode out). */
export const exchangeQuoteBody = z.object({
  from: exchangeAsset,
  mode: z.enum(['in', 'out']),
  amount: amountInput('exchange.amount_invalid'),
});

export const exchangeQuoteSchema = z.object({
  id: idString,
  from: exchangeAsset,
  to: exchangeAsset,
  mode: z.enum(['in', 'out']),
  amount_in: amountString,
  /** In the `from` asset, taken from amount_in (rounded up). */
  fee: amountString,
  /** What arrives, in the `to` asset (rounded down). */
  amount_out: amountString,
  /** USDT per AGC at the quote, its source and block (null: fixed). */
  price_usdt: amountString,
  price_source: priceSourceSchema,
  price_block: priceBlock,
  fee_percent: z.string(),
  /** What exchanging amount_out straight back now would return, in the `from` asset. */
  round_trip: amountString,
  status: z.enum(['Open', 'Accepted', 'Expired']),
  /**
   * The member's own count of exchanges: 1 for their first accepted quote (by acceptance time), what the pages show
   * ("#1") instead of the global `id`; null until accepted.
   */
  number: z.number().int().positive().nullable(),
  expires_at: z.string(),
  accepted_at: z.string().nullable(),
  created_at: z.string(),
  server_time: z.string(),
});
export type ExchangeQuote = z.infer<typeof exchangeQuoteSchema>;
export const exchangeQuoteIdParams = z.object({ id: idInput });
/** `data` of a 400 from accepting a quote: the same request priced again when the quote expired, else null. */
export const exchangeAcceptRefusalData = exchangeQuoteSchema.nullable();
/** POST /exchange/quotes/:id/accept: the exchange made (status Accepted). */
export const exchangeAcceptResponse = z.object({ exchange: exchangeQuoteSchema });

export const exchangeHistoryQuery = z.object({ ...pagingQuery({ maxSize: 50, defaultSize: 20 }) });
/** GET /exchange/history: accepted quotes, newest first. */
export const exchangeHistoryResponse = pageOf(exchangeQuoteSchema);
