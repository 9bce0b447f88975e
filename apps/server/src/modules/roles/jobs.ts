import type { Job } from '@server/lib/jobs.ts';
import { expireRoleRequests } from './service.ts';

/** Role changes nobody confirmed in time become expired (audit-logged), once a minute. */
export const roleRequestExpiryJob: Job = {
  name: 'role-request-expiry',
  everyMs: 60_000,
  run: async (ctx, log) => {
    const expired = await expireRoleRequests(ctx);
    if (expired > 0) log.info({ expired }, 'role requests expired');
  },
};
