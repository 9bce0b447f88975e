import type { Db } from '@agc/db';
import { rowsOf } from '@agc/db';
import { defined } from '@agc/shared/defined';
import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { AppContext } from '@server/context.ts';
import { Batcher } from '@server/lib/batcher.ts';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

type Incr = (
  key: string,
  cb: (err: Error | null, res?: { current: number; ttl: number }) => void,
  timeWindow: number,
  max: number,
) => void;

interface Hit {
  key: string;
  windowMs: number;
}

interface Count {
  current: number;
  ttl: number;
}

/**
 * Counts hits in the database in group commits (lib/batcher.ts): while one statement runs, the hits that
 * arrive wait and are counted together by the next (one upsert for all of them, each key raised by its
 * number of hits), so a busy server makes one round trip per batch instead of one per request, and the
 * counts stay exact: each hit gets its own place in its key's window (the hits of one batch take
 * consecutive counts).
 */
async function countHits(db: Db, batch: Hit[]): Promise<Count[]> {
  const perKey = new Map<string, { n: number; windowMs: number }>();
  for (const h of batch) {
    const k = perKey.get(h.key);
    if (k) k.n += 1;
    else perKey.set(h.key, { n: 1, windowMs: h.windowMs });
  }
  const keys = [...perKey.keys()];
  const rows = rowsOf<{ key: string; count: number | string; ttl: number | string }>(
    await db.execute(sql`
      insert into rate_limits (key, count, reset_at)
      select k, n, clock_timestamp() + w * interval '1 millisecond'
      from unnest(${sql.param(keys)}::text[], ${sql.param(keys.map((k) => defined(perKey.get(k)).n))}::int[],
        ${sql.param(keys.map((k) => defined(perKey.get(k)).windowMs))}::int[]) as t(k, n, w)
      on conflict (key) do update set
        count = case when rate_limits.reset_at <= clock_timestamp() then excluded.count
          else rate_limits.count + excluded.count end,
        reset_at = case when rate_limits.reset_at <= clock_timestamp() then excluded.reset_at
          else rate_limits.reset_at end
      returning key, count,
        greatest(0, ceil(extract(epoch from (reset_at - clock_timestamp())) * 1000))::int as ttl`),
  );
  const after = new Map(rows.map((r) => [r.key, { count: Number(r.count), ttl: Number(r.ttl) }]));
  // The hits of a key in this batch take the counts just below its new total, in arrival order.
  const next = new Map<string, number>();
  for (const [key, { n }] of perKey) next.set(key, (after.get(key)?.count ?? n) - n + 1);
  return batch.map((h) => {
    const current = defined(next.get(h.key));
    next.set(h.key, current + 1);
    return { current, ttl: after.get(h.key)?.ttl ?? h.windowMs };
  });
}

/**
 * The rate-limit counters in PostgreSQL (or PGlite), so every server process counts against the same
 * numbers: fixed windows on the database's clock, counted in group commits (countHits). Each route gets
 * its own namespace (a nonce request does not use up a sign-in).
 */
function databaseStore(db: Db) {
  const counter = new Batcher<Hit, Count>((batch) => countHits(db, batch));
  return class DatabaseStore {
    constructor(
      _params: unknown,
      private readonly namespace = 'global',
    ) {}

    incr: Incr = (key, cb, timeWindow) => {
      counter.load({ key: `${this.namespace}|${key}`, windowMs: timeWindow }).then(
        (res) => cb(null, res),
        (err: Error) => cb(err),
      );
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
