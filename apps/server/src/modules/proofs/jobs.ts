import type { AppContext } from '@server/context.ts';
import type { Job } from '@server/lib/jobs.ts';
import { daysBefore, deleteInBatches } from '@server/lib/retention.ts';
import type { FastifyBaseLogger } from 'fastify';
import { publishPending } from './publish.ts';
import {
  deleteLeaves,
  deleteNodes,
  dropDeadRequests,
  lastSettledDay,
  markProofsPruned,
  prunedWithRows,
} from './repository.ts';
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

/**
 * Ends the proofs of the snapshots taken more than PROOF_LEAVES_KEEP_DAYS ago (by the server's clock) except the
 * latest published one: each is marked first (from then on its proof answers `por.proof_pruned`), then its leaves
 * and nodes are deleted in statements of at most RETENTION_BATCH rows. A run that stopped half-way is finished by the
 * next. The snapshot rows, roots and totals stay. How many snapshots were marked and rows deleted.
 */
export async function pruneProofs(ctx: AppContext): Promise<{ snapshots: number; rows: number }> {
  const now = ctx.now();
  const marked = await markProofsPruned(ctx.db, daysBefore(now, ctx.config.retention.proofLeavesDays), now);
  let rows = 0;
  for (const id of await prunedWithRows(ctx.db)) {
    rows += await deleteInBatches((limit) => deleteLeaves(ctx.db, id, limit));
    rows += await deleteInBatches((limit) => deleteNodes(ctx.db, id, limit));
  }
  return { snapshots: marked.length, rows };
}

/** Old snapshots' leaves and nodes, deleted hourly (docs/decisions 0149). */
export const proofRetentionJob: Job = {
  name: 'proof-retention',
  everyMs: 3_600_000,
  firstDelayMs: 120_000,
  run: async (ctx: AppContext, log: FastifyBaseLogger) => {
    const done = await pruneProofs(ctx);
    if (done.snapshots > 0 || done.rows > 0)
      log.info(done, 'old proof-of-liabilities leaves and nodes deleted');
  },
};

export const proofJobs: Job[] = [proofSnapshotJob, proofPublishJob, proofRetentionJob];
