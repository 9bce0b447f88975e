/**
 * Real-user Core Web Vitals: the anonymous report route, the p75 per route and day (analytics shows it), the
 * retention job.
 */
export { pruneVitals, vitalsRetentionJob } from './jobs.ts';
export { vitalsRoutes } from './routes.ts';
export { recordVitals, vitalsReport } from './service.ts';
