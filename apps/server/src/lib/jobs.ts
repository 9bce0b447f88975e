import type { AppContext } from '@server/context.ts';
import type { FastifyBaseLogger } from 'fastify';

/**
 * A module's background work, as src/jobs runs it: every `everyMs` (after `firstDelayMs`), in the one
 * process holding the job's lease, never overlapping itself; a failing run is retried with backoff.
 */
export interface Job {
  name: string;
  everyMs: number;
  firstDelayMs?: number;
  run(ctx: AppContext, log: FastifyBaseLogger): Promise<void>;
}
