/** Solvency: what members can take out, by when, against the treasury's balances on chain. */
export { solvencyAdminRoutes } from './admin-routes.ts';
export { solvency } from './service.ts';
