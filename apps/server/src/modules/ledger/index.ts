/** The double-entry journal: accounts, transfers (one or a batch), locks, balances and the ledger check. */
export * from './repository.ts';
