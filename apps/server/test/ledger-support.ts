import type { DbOrTx } from '@agc/db';
import { checkLedger, checkMemberTotals } from '@server/modules/ledger/index.ts';
import { expect } from 'vitest';

/**
 * Every check of the ledger clean: balances equal the journal, none negative where they may not be, one asset per
 * transfer, and the members' running totals equal the full sum of their balances.
 */
export async function expectLedgerClean(db: DbOrTx): Promise<void> {
  expect(await checkLedger(db)).toEqual({ mismatched: [], negative: [], assetMismatch: [] });
  expect(await checkMemberTotals(db)).toEqual([]);
}
