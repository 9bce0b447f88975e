import { type Quote, quoteResponse } from '@agc/shared';
import { get } from '@web/lib/request.ts';

/**
 * GET /products/{id}/quote: what an order for the product would ask now (price, AGC fee at the current AGC
 * price). Creates nothing: the checkout shows it, and the order is made only on "Confirm and pay".
 */
export const getQuote = (productId: number): Promise<Quote> =>
  get(`/products/${encodeURIComponent(String(productId))}/quote`, undefined, { schema: quoteResponse });
