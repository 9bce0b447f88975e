/** The launchpad (docs/product-rules.md "Launchpad"). See README.md for which file holds which rule. */
export { launchpadAdminRoutes } from './admin-routes.ts';
export { seedLaunchpadRound } from './demo-round.ts';
export { launchpadJobs } from './jobs.ts';
export { launchpadRoutes } from './routes.ts';
export { type ReleaseTerms, vestedAgc } from './schedule.ts';
