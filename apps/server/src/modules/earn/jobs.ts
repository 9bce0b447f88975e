import type { Job } from '@server/lib/jobs.ts';
import { arriveDueOuts, settleDueEarnDays } from './settlement.ts';

/** Simple earn's background work: arrivals of transfers out, the daily interest. */
export const earnJobs: Job[] = [
  {
    name: 'earn-arrivals',
    everyMs: 10_000,
    firstDelayMs: 2_000,
    run: async (ctx, log) => {
      const n = await arriveDueOuts(ctx);
      if (n > 0) log.info({ arrived: n }, 'simple-earn transfers out arrived');
    },
  },
  {
    name: 'earn-interest',
    everyMs: 60_000,
    firstDelayMs: 4_000,
    run: async (ctx, log) => {
      for (const run of await settleDueEarnDays(ctx))
        if (run.settled)
          log.info(
            { day: run.day, holders: run.holders, total: run.total.toString() },
            'simple-earn interest settled',
          );
    },
  },
];
