/** The exchange center (docs/product-rules.md "Exchange center"). See README.md for which file holds which rule. */
export { exchangeJobs } from './jobs.ts';
export { exchangeRoutes } from './routes.ts';
