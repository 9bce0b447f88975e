import type { Job } from '@server/lib/jobs.ts';
import { checkMemberTotals, foldMemberTotals } from './repository.ts';

/** The ledger's background work: the members' running totals folded, and checked against the full sum. */
export const ledgerJobs: Job[] = [
  {
    // Keeps the moves a reader of the running totals adds up to about ten seconds of postings.
    name: 'ledger-fold-member-totals',
    everyMs: 10_000,
    firstDelayMs: 3_000,
    run: async (ctx) => {
      await foldMemberTotals(ctx.db);
    },
  },
  {
    // A scan of every member account (about a second at a million members): hourly.
    name: 'ledger-check-member-totals',
    everyMs: 3_600_000,
    firstDelayMs: 60_000,
    run: async (ctx, log) => {
      const mismatches = await checkMemberTotals(ctx.db);
      if (mismatches.length > 0)
        log.error(
          { mismatches: mismatches.map((m) => ({ ...m, running: `${m.running}`, full: `${m.full}` })) },
          'ledger: the members running totals differ from the full sum of their balances',
        );
    },
  },
];
