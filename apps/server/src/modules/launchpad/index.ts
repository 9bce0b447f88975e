/** The launchpad (docs/product-rules.md "Launchpad"). See README.md for which file holds which rule. */
export { launchpadAdminRoutes } from './admin-routes.ts';
export { seedLaunchpadRound } from './demo/service.ts';
export { launchpadJobs } from './jobs.ts';
export { type LockedPurchase, lockedPurchases } from './release/repository.ts';
export { type ReleaseTerms, vestedAgc } from './release/schedule.ts';
export { launchpadRoutes } from './routes.ts';
