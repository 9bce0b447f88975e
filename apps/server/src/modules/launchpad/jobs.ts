import type { Job } from '@server/lib/jobs.ts';
import { releaseDueAgc } from './release/service.ts';

/** The launchpad's background work: releasing locked AGC on schedule (daily steps; a minute's delay at most). */
export const launchpadJobs: Job[] = [
  {
    name: 'launchpad.release',
    everyMs: 60_000,
    firstDelayMs: 15_000,
    async run(ctx, log) {
      const members = await releaseDueAgc(ctx);
      if (members > 0) log.info({ members }, 'launchpad AGC released');
    },
  },
];
