/**
 * Chain incidents as admins decide them: credited payments a reorg took off the chain (opened by the shop's and the
 * funds' handlers, stored by the chain module), reversed through the journal or accepted with a reason.
 */
export { incidentAdminRoutes } from './admin-routes.ts';
