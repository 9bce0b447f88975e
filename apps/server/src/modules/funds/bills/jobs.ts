import type { Job } from '@server/lib/jobs.ts';
import { closeDueMonths } from './service.ts';

/**
 * The monthly bills: checked every few minutes; from the 1st (UTC, after the settlement delay) it pays the
 * month's Interest and writes the bills of every month that ended, once (keys and a lock; rerun-safe).
 */
export const fundBillJobs: Job[] = [
  {
    name: 'fund-bills',
    everyMs: 5 * 60_000,
    firstDelayMs: 5_000,
    run: async (ctx, log) => {
      for (const run of await closeDueMonths(ctx))
        if (run.bills > 0 || run.interest > 0) log.info(run, 'fund bills written');
    },
  },
];
