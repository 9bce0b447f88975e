import type { Job } from '@server/lib/jobs.ts';
import { expireFundOrders } from './service.ts';

/** Subscription expiry: expired quotes are cancelled, payment reports never confirmed on chain given back. */
export const fundOrderExpiryJob: Job = {
  name: 'fund-order-expiry',
  everyMs: 10_000,
  run: async (ctx, log) => {
    const { cancelled, returned } = await expireFundOrders(ctx);
    if (cancelled > 0) log.info({ cancelled }, 'expired fund subscription quotes cancelled');
    if (returned > 0)
      log.warn({ returned }, 'fund payment reports never confirmed on chain: subscriptions given back');
  },
};

export const fundOrderJobs: Job[] = [fundOrderExpiryJob];
