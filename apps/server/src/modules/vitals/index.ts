/** Real-user Core Web Vitals: the anonymous report route and the p75 per route and day (analytics shows it). */
export { vitalsRoutes } from './routes.ts';
export { recordVitals, vitalsReport } from './service.ts';
