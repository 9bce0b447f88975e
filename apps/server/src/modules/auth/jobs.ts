import type { Job } from '@server/lib/jobs.ts';
import { purgeRateLimits } from '@server/plugins/rate-limit.ts';
import { purgeNonces } from './service.ts';
import { purgeSessions } from './sessions.ts';

/** Maintenance: spent sign-in nonces, ended rate-limit windows, long-ended sessions. */
export const maintenanceJob: Job = {
  name: 'maintenance',
  everyMs: 600_000,
  firstDelayMs: 5000,
  run: async (ctx) => {
    await purgeNonces(ctx);
    await purgeRateLimits(ctx.db);
    await purgeSessions(ctx);
  },
};
