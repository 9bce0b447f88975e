/** Sign-in with Ethereum (strict EIP-4361, one-use nonces), sessions (revocable tokens), their upkeep. */
export { maintenanceJob } from './jobs.ts';
export { authRoutes } from './routes.ts';
export { openSessionFor, revokeAllSessions, sessionAndMember } from './sessions.ts';
