/**
 * Operations: liveness (GET /health), readiness (GET /ready) and Prometheus metrics (GET /metrics, behind a token
 * or on a port of its own), for load balancers, monitoring and the shutdown sequence.
 */
export { drainPlugin, type OpsRouteOptions, opsRoutes } from './routes.ts';
export { isShuttingDown, markShuttingDown, readiness } from './service.ts';
