/** The double-entry journal: accounts, transfers (one or a batch), locks, balances, the members' running totals and the ledger check. */
export { ledgerJobs } from './jobs.ts';
export * from './repository.ts';
