/** /me: the member's user info, from the ledger, the rewards, the team volume and the team state. */
export { meRoutes } from './routes.ts';
export { getMe } from './service.ts';
