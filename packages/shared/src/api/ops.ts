import { z } from 'zod';

/** GET /health: the process answers (nothing else is checked: a load balancer's liveness probe). */
export const healthResponse = z.object({
  status: z.literal('ok'),
  /** Seconds since the process started. */
  uptime_seconds: z.number().int().nonnegative(),
});
export type Health = z.infer<typeof healthResponse>;

/** One part of readiness: whether it passes, and what was found, in plain words for the operator. */
export const readyCheck = z.object({ ok: z.boolean(), detail: z.string() });

/** The parts GET /ready checks, by name (the names `failing` lists). */
export const READY_CHECKS = ['database', 'chain', 'prices'] as const;
export type ReadyCheckName = (typeof READY_CHECKS)[number];

/**
 * GET /ready (200 when ready, 503 when not, the same body): the database reachable and migrated, the chain RPC
 * answering with a recent head, the price source fresh; `failing` names the parts that are not (and
 * `shutting_down` while the process stops).
 */
export const readyResponse = z.object({
  ready: z.boolean(),
  failing: z.array(z.enum([...READY_CHECKS, 'shutting_down'])),
  checks: z.object({ database: readyCheck, chain: readyCheck, prices: readyCheck }),
});
export type Readiness = z.infer<typeof readyResponse>;
