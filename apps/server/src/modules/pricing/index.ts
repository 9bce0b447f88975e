/**
 * The price sources (fixed, uniswap-v3 with its guards), the sampler and retention jobs, the chart, every AGC ↔ USDT
 * conversion.
 */
export { priceChart } from './chart.ts';
export { priceRetentionJob, priceSamplerJob, prunePriceObservations } from './jobs.ts';
export { FAILED_READ_BACKOFF_MS, type MarketDeps, MarketPriceSource } from './market-source.ts';
export { acceptedAgcPricesAt } from './repository.ts';
export * from './service.ts';
export { priceSourceFrom } from './sources.ts';
