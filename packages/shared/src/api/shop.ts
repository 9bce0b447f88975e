import { z } from 'zod';
import { amountString, hexAddressSchema, idString, pageOf, pagingQuery } from './common.ts';
import { idInput, serialIdInput } from './input.ts';
import { priceBlock, priceSourceSchema } from './prices.ts';

/** Order states as the spec names them. */
export const orderStatus = z.enum(['Unpaid', 'Verifying', 'Success', 'Canceled']);
export type OrderStatus = z.infer<typeof orderStatus>;

const txHash = z.string().regex(/^0x[0-9a-fA-F]{64}$/);

export const productSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  image_url: z.string(),
  /** Which artwork the app ships for this product ('' = the generic one); the web maps it to an asset. */
  image_key: z.string(),
  /** Price in USDT (decimal string). */
  price_usdt: amountString,
  status: z.enum(['on', 'off']),
});
export type Product = z.infer<typeof productSchema>;
export const productsResponse = z.object({ list: z.array(productSchema) });

/**
 * token/price: the price of 1 AGC in USDT in use (quotes are made at it), from the configured price source, with the
 * block it was read at (a market source's pinned block; null for a fixed price).
 */
export const tokenPriceResponse = z.object({
  symbol: z.literal('AGC'),
  price_usdt: amountString,
  updated_at: z.string(),
  source: priceSourceSchema,
  block: priceBlock,
});
/**
 * token/price2: the market view. The price in use (a TWAP over `twap_seconds`) both ways, beside the pool's spot
 * price at the same block (what a swap would get now; a gap between the two is a moving or a pushed market). A
 * fixed price has no market: spot and window null.
 */
export const tokenPrice2Response = z.object({
  agc_usdt: amountString,
  usdt_agc: amountString,
  updated_at: z.string(),
  source: priceSourceSchema,
  block: priceBlock,
  spot_usdt: amountString.nullable(),
  twap_seconds: z.number().int().nullable(),
});

export const productIdParams = z.object({ id: serialIdInput });

/**
 * A quoted price, in a quote and in the order that fixed it: the USDT price (the pay amount) and total, the AGC
 * service fee at the AGC price, where that price came from and the block it was read at (null: fixed).
 */
const quotedPrice = {
  pay_amount_usdt: amountString,
  service_fee_agc: amountString,
  agc_price_usdt: amountString,
  price_source: priceSourceSchema,
  price_block: priceBlock,
  total_amount_usdt: amountString,
};

/**
 * An indicative quote for one product (GET products/:id/quote): what an order made now would ask, with
 * nothing created. The order made on "Confirm and pay" fixes its own quote, which the app compares with this.
 */
export const quoteResponse = z.object({
  product: z.object({ id: z.number().int(), name: z.string() }),
  ...quotedPrice,
  /** When this quote was made (the AGC price of that moment). */
  quoted_at: z.string(),
});
export type Quote = z.infer<typeof quoteResponse>;

export const createOrderBody = z.object({ product_id: serialIdInput });

export const orderSchema = z.object({
  order_id: idString,
  product: z.object({ id: z.number().int(), name: z.string() }),
  status: orderStatus,
  ...quotedPrice,
  /** What the member's investment grew by (0 until Success). */
  amount_received_usdt: amountString,
  payment_method: z.string(),
  /** The paying wallet (the member's address). */
  wallet: z.string(),
  tx_hash: txHash.nullable(),
  /** Ledger transfer id of the payment posting, once confirmed (traceable in the journal). */
  transaction_id: z.string().nullable(),
  created_at: z.string(),
  quote_expires_at: z.string(),
  /** When the payment was made known: the member reported its transaction, or the watcher saw it first. */
  pay_time: z.string().nullable(),
  /** When the chain watcher confirmed the payment and the investment was credited. */
  collection_time: z.string().nullable(),
  canceled_at: z.string().nullable(),
  /** Why a payment is still Verifying, or why an order was canceled. */
  reason: z.string().nullable(),
  /**
   * Disputed: the payment was credited, then reorganised off the chain; a chain incident is open until an admin
   * reverses or accepts it (the member's withdrawals are held up to its price meanwhile).
   */
  disputed: z.boolean(),
});
export type Order = z.infer<typeof orderSchema>;

export const orderListQuery = z.object({
  ...pagingQuery({ maxSize: 50, defaultSize: 10 }),
  status: orderStatus.optional(),
});
export const orderListResponse = pageOf(orderSchema);

export const orderIdParams = z.object({ order_id: idInput });
export const orderParam = z.object({ order: idInput });

/** The three payment steps, named as the spec's messages. */
export const payStep = z.enum(['authAmc', 'authUsd', 'paying']);
export type PayStep = z.infer<typeof payStep>;

/** An unsigned wallet transaction, built by the server for one order and one member. */
export const walletTxSchema = z.object({
  from: hexAddressSchema,
  to: hexAddressSchema,
  data: z.string().regex(/^0x[0-9a-fA-F]*$/),
  value: z.literal('0x0'),
  chain_id: z.number().int(),
});

/** A transaction for the member's wallet to send (unsigned): built by the server for one order and one member. */
export const txResponse = z.object({
  step: payStep,
  /** Which contract it calls: the AGC token, the USDT token, or the payment contract. */
  contract: z.enum(['token', 'usdt', 'transfer']),
  tx: walletTxSchema,
  /** The amount this step approves or pays, in the token's minor units (decimal string). */
  amount: z.string().regex(/^\d+$/),
  /**
   * An approval step's reset: approve(payment contract, 0) of the same token. USDT (Tether's token) reverts an
   * approve from a non-zero allowance to another non-zero one, so a wallet whose allowance is above 0 but below
   * `amount` sends this first, then `tx`. null for the pay step.
   */
  reset_tx: walletTxSchema.nullable(),
});
export type TxResponse = z.infer<typeof txResponse>;

export const payBody = z.object({ order_id: idInput, tx_hash: txHash });
export const cancelOrderBody = z.object({ order_id: idInput });

/** Admin order audit. */
export const auditOrderQuery = z.object({
  ...pagingQuery({ maxSize: 100, defaultSize: 20 }),
  status: orderStatus.default('Verifying'),
});
export const auditDecisionBody = z.object({ note: z.string().trim().min(1).max(500) });
