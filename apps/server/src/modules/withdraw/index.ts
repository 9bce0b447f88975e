/**
 * Withdrawals: requests (checked against balance, minimum and daily limit, applied in group commits),
 * the audit (maker-checker, reject, revoke through the vault), the signed claim voucher, and the vault's
 * Claimed / VoucherCancelled events (vaultEventHandler, registered with the chain watcher).
 */
export { withdrawAdminRoutes } from './admin-routes.ts';
export { ingestVaultEvents, type VaultEvent, vaultEventHandler, vaultEvents } from './claim.ts';
export { WAITING_WITHDRAW_STATES, waitingWithdrawals } from './repository.ts';
export { withdrawRoutes } from './routes.ts';
