import type { Job } from '@server/lib/jobs.ts';
import { settleDueFundDays } from './service.ts';

/**
 * The daily fund earnings: every ended UTC day not settled yet, in order, SETTLEMENT_DELAY_MINUTES after
 * midnight. The lock and the run row make a day pay once, whichever process runs it.
 */
export const fundEarningJobs: Job[] = [
  {
    name: 'fund-earnings',
    everyMs: 60_000,
    firstDelayMs: 3_000,
    run: async (ctx, log) => {
      for (const run of await settleDueFundDays(ctx))
        if (run.settled) log.info({ day: run.day, totals: run.totals }, 'fund earnings settled');
    },
  },
];
