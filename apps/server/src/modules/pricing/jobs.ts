import type { Job } from '@server/lib/jobs.ts';

/**
 * Keeps market readings coming when nobody asks for a price (the exchange page's chart, the alert on a paused
 * price): every 15 s it reads the market if the reading in use is older than PRICE_SAMPLE_SECONDS. A source without
 * a market (fixed) has nothing to read.
 */
export const priceSamplerJob: Job = {
  name: 'price-sampler',
  everyMs: 15_000,
  run: async (ctx) => {
    await ctx.prices.sample?.();
  },
};
