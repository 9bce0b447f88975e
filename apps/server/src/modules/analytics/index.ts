/** Admin analytics: daily figures over a range (docs/product-rules.md "Admin roles and analytics"). */
export { analyticsAdminRoutes } from './admin-routes.ts';
export { analyticsJobs } from './jobs.ts';
export { analyticsReport, rollUpClosedDays } from './service.ts';
