import type { Job } from '@server/lib/jobs.ts';
import { expireOrders, expireReports } from './service.ts';

/** Order expiry: expired quotes are canceled, payment reports never confirmed on chain given back. */
export const orderExpiryJob: Job = {
  name: 'order-expiry',
  everyMs: 10_000,
  run: async (ctx, log) => {
    const now = ctx.now();
    const canceled = await expireOrders(ctx.db, now, ctx.config.shop.expiryGraceMs);
    if (canceled > 0) log.info({ canceled }, 'expired order quotes canceled');
    const returned = await expireReports(ctx.db, now, ctx.config.shop.reportTtlMs);
    if (returned > 0) log.warn({ returned }, 'payment reports never confirmed on chain: orders given back');
  },
};
