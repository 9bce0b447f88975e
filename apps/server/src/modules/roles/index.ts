/** Admin roles granted and revoked by admins, and the audit log's browsing (docs/product-rules.md "Admin roles and analytics"). */
export { roleAdminRoutes } from './admin-routes.ts';
export { roleRequestExpiryJob } from './jobs.ts';
