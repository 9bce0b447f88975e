/**
 * Funds (PRODUCT.md "Funds"): products, NAV publishing, forward-priced subscriptions paid on chain, holdings,
 * redemptions, monthly bills and fund earnings. See README.md for which file holds which rule.
 */
export { FUND_ACCOUNTS, fundAsset } from './accounts.ts';
export { fundAdminRoutes } from './admin-routes.ts';
export { fundJobs } from './jobs.ts';
export * from './math.ts';
export { fundPaymentHandlers } from './payments.ts';
export { fundRoutes } from './routes.ts';
