/** The public configuration the app reads at start (chain, contracts, limits, rates) and the public prices. */
export { configRoutes, publicConfig, publicPrices } from './routes.ts';
