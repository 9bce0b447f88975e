import type { Db } from '@agc/db';
import { rowsOf } from '@agc/db';
import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../context.ts';

type Incr = (
  key: string,
  cb: (err: Error | null, res?: { current: number; ttl: number }) => void,
  timeWindow: number,
  max: number,
) => void;

/**
 * The rate-limit counters in PostgreSQL (or PGlite), so every server process counts against the same
 * numbers: one upsert per limited request, fixed windows on the database's clock. Each route gets its
 * own namespace (a nonce request does not use up a sign-in).
 */
function databaseStore(db: Db) {
  return class DatabaseStore {
    constructor(
      _params: unknown,
      private readonly namespace = 'global',
    ) {}

    incr: Incr = (key, cb, timeWindow) => {
      const full = `${this.namespace}|${key}`;
      db.execute(sql`
        insert into rate_limits (key, count, reset_at)
        values (${full}, 1, clock_timestamp() + ${timeWindow} * interval '1 millisecond')
        on conflict (key) do update set
          count = case when rate_limits.reset_at <= clock_timestamp() then 1 else rate_limits.count + 1 end,
          reset_at = case when rate_limits.reset_at <= clock_timestamp() then excluded.reset_at
            else rate_limits.reset_at end
        returning count, greatest(0, ceil(extract(epoch from (reset_at - clock_timestamp())) * 1000))::int as ttl`)
        .then((result) => {
          const row = rowsOf<{ count: number | string; ttl: number | string }>(result)[0];
          cb(null, { current: Number(row?.count ?? 1), ttl: Number(row?.ttl ?? timeWindow) });
        })
        .catch((err: Error) => cb(err));
    };

    child(routeOptions: { routeInfo?: { method?: string | string[]; url?: string } }) {
      const info = routeOptions.routeInfo;
      const method = Array.isArray(info?.method) ? info.method.join(',') : (info?.method ?? '');
      return new DatabaseStore(null, `${method} ${info?.url ?? ''}`);
    }
  };
}

/** Removes counters whose window ended (maintenance job). */
export async function purgeRateLimits(db: Db): Promise<void> {
  await db.execute(sql`delete from rate_limits where reset_at < clock_timestamp() - interval '1 minute'`);
}

/**
 * Rate limits, counted in the database and shared by every process; a 429 is translated by the
 * errors plugin. Client addresses come from `req.ip`, which TRUST_PROXY makes right behind proxies.
 */
export const rateLimitPlugin = fp<{ ctx: AppContext }>(async (app, { ctx }) => {
  await app.register(rateLimit, { global: false, store: databaseStore(ctx.db) as never });
});

/** Sign-in endpoints: by client address. */
export const perClient = (max: number): RateLimitOptions => ({ max, timeWindow: '1 minute' });

/**
 * Money endpoints: by member (the route's onRequest authenticates first), so members behind one
 * address (an office, a carrier's NAT) do not share a limit and one member cannot use up another's.
 */
export const perMember = (ctx: AppContext): RateLimitOptions => ({
  max: ctx.config.rateLimit.moneyPerMinute,
  timeWindow: '1 minute',
  keyGenerator: (req: FastifyRequest) => (req.user ? `member:${req.user.id}` : `ip:${req.ip}`),
});
