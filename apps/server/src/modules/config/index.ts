/** The public configuration the app reads at start (chain, contracts, limits, rates). */
export { configRoutes, publicConfig } from './routes.ts';
