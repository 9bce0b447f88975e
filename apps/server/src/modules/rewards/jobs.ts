import type { AppContext } from '@server/context.ts';
import type { Job } from '@server/lib/jobs.ts';
import type { FastifyBaseLogger } from 'fastify';
import { settleDueDays } from './settlement.ts';

/**
 * The daily settlement: every ended day not settled yet, in order, SETTLEMENT_DELAY_MINUTES after
 * midnight UTC. A large day takes seconds; confirmations wait for its lock meanwhile. The lock and the
 * run row make a day pay once, whichever process runs it.
 */
export const settlementJob: Job = {
  name: 'settlement',
  everyMs: 60_000,
  firstDelayMs: 1000,
  run: async (ctx: AppContext, log: FastifyBaseLogger) => {
    for (const run of await settleDueDays(ctx))
      log.info({ day: run.day, ms: run.duration_ms, totals: run.totals }, 'daily settlement done');
  },
};
