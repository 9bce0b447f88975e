/** A member's assets: what the app owes them by place (the solvency parts), valued in USDT, and their last 30 days. */
export { assetsRoutes } from './routes.ts';
export { memberAssets, PLACES, placesOf } from './service.ts';
