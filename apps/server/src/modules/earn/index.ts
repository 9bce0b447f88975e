/** Simple earn (docs/product-rules.md "Simple earn"). See README.md for which file holds which rule. */
export { earnJobs } from './jobs.ts';
export { earnRoutes } from './routes.ts';
export { arriveDueOuts, checkEarn, settleDueEarnDays, settleEarnDay } from './settlement.ts';
