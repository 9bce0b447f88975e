import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import {
  applyInvalidation,
  type CacheBus,
  type Caches,
  decodeInvalidation,
  encodeInvalidation,
  type Invalidation,
} from './caches.ts';

export const CACHE_CHANNEL = 'agc_cache';
const RECONNECT_MAX_MS = 5_000;

/**
 * Cache invalidation across server processes on one PostgreSQL: LISTEN on a dedicated connection,
 * NOTIFY on another. A process ignores its own messages (it applied them already). While the listening
 * connection is down, messages are missed: on every (re)connection the whole cache is dropped, so
 * nothing older than the reconnection is served.
 */
export async function startPgCacheBus(
  url: string,
  caches: Caches,
  log: FastifyBaseLogger,
): Promise<CacheBus & { readonly id: string }> {
  const id = randomUUID();
  let closed = false;
  let listener: pg.Client | null = null;
  let retryMs = 100;
  const publisher = new pg.Pool({ connectionString: url, max: 2 });
  publisher.on('error', (err) => log.warn({ err: err.message }, 'cache bus publisher connection lost'));

  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: url });
    client.on('notification', (n) => {
      if (n.channel !== CACHE_CHANNEL || !n.payload) return;
      const inv = decodeInvalidation(id, n.payload);
      if (inv) applyInvalidation(caches, inv);
    });
    client.on('error', (err) => {
      log.warn({ err: err.message }, 'cache bus connection lost; reconnecting');
      void reconnect(client);
    });
    client.on('end', () => void reconnect(client));
    await client.connect();
    await client.query(`listen ${CACHE_CHANNEL}`);
    listener = client;
    retryMs = 100;
    // Whatever changed while no one listened is unknown: start clean.
    applyInvalidation(caches, { kind: 'all' });
    caches.sessions.clear();
  };

  const reconnect = async (dead: pg.Client) => {
    if (closed || listener !== dead) return;
    listener = null;
    dead.removeAllListeners();
    dead.end().catch(() => {});
    while (!closed && listener === null) {
      await new Promise((r) => setTimeout(r, retryMs));
      retryMs = Math.min(RECONNECT_MAX_MS, retryMs * 2);
      try {
        await connect();
      } catch (err) {
        log.warn({ err: (err as Error).message }, 'cache bus reconnect failed');
      }
    }
  };

  await connect();

  return {
    id,
    publish(inv: Invalidation) {
      if (closed) return;
      for (const payload of encodeInvalidation(id, inv)) {
        publisher
          .query('select pg_notify($1, $2)', [CACHE_CHANNEL, payload])
          .catch((err: Error) => log.warn({ err: err.message }, 'cache invalidation not sent'));
      }
    },
    async close() {
      closed = true;
      const l = listener;
      listener = null;
      await l?.end().catch(() => {});
      await publisher.end().catch(() => {});
    },
  };
}
