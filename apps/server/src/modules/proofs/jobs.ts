import type { AppContext } from '@server/context.ts';
import type { Job } from '@server/lib/jobs.ts';
import type { FastifyBaseLogger } from 'fastify';
import { publishPending } from './publish.ts';
import { dropDeadRequests, lastSettledDay } from './repository.ts';
import { takeDailySnapshot } from './snapshot.ts';

/**
 * The daily snapshot: once the last settled day has none, it is taken (the day's row is the claim, so it is taken
 * once whichever process runs the job, and again only if its builder died). Requested snapshots whose builder died
 * are dropped (nothing of them was stored).
 */
export const proofSnapshotJob: Job = {
  name: 'proof-snapshot',
  everyMs: 60_000,
  firstDelayMs: 5_000,
  run: async (ctx: AppContext, log: FastifyBaseLogger) => {
    await dropDeadRequests(ctx.db);
    const day = await lastSettledDay(ctx.db);
    if (day) await takeDailySnapshot(ctx, day, log);
  },
};

/** Sends built snapshots to the attestation contract and follows each to finality (re-sent if it disappears). */
export const proofPublishJob: Job = {
  name: 'proof-publish',
  everyMs: 10_000,
  firstDelayMs: 3_000,
  run: (ctx: AppContext, log: FastifyBaseLogger) => publishPending(ctx, log),
};

export const proofJobs: Job[] = [proofSnapshotJob, proofPublishJob];
