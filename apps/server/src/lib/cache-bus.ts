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
/** How long an invalidation waits for others to go in the same NOTIFY. */
const LINGER_MS = 10;

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

  // Messages are sent in group commits too: what is invalidated within LINGER_MS, or while a NOTIFY
  // statement runs, is merged (ids united; many become "all") and sent together, so a busy process sends
  // one statement for several of its batches, not one per change. The others learn of a change that much
  // later; this process dropped its own entries at once.
  let pending: Invalidation[] = [];
  let sending = false;
  const send = async () => {
    await new Promise((r) => setTimeout(r, LINGER_MS));
    while (pending.length > 0 && !closed) {
      const payloads = merge(pending).flatMap((inv) => encodeInvalidation(id, inv));
      pending = [];
      const args = payloads.map((_, i) => `pg_notify($1, $${i + 2})`).join(', ');
      await publisher
        .query(`select ${args}`, [CACHE_CHANNEL, ...payloads])
        .catch((err: Error) => log.warn({ err: err.message }, 'cache invalidation not sent'));
    }
    sending = false;
  };

  return {
    id,
    publish(inv: Invalidation) {
      if (closed) return;
      pending.push(inv);
      if (!sending) {
        sending = true;
        void send();
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

/** Fewest invalidations that drop at least what `list` drops. */
export function merge(list: Invalidation[]): Invalidation[] {
  const figures = new Set<bigint>();
  const members = new Set<bigint>();
  const sessions = new Set<string>();
  const sessionsOf = new Set<bigint>();
  let all = false;
  let allFigures = false;
  for (const inv of list) {
    if (inv.kind === 'all') all = true;
    else if (inv.kind === 'allFigures') allFigures = true;
    else if (inv.kind === 'figures') for (const id of inv.ids) figures.add(id);
    else if (inv.kind === 'members') for (const id of inv.ids) members.add(id);
    else if (inv.kind === 'sessions') for (const id of inv.ids) sessions.add(id);
    else sessionsOf.add(inv.userId);
  }
  const out: Invalidation[] = [];
  if (all) out.push({ kind: 'all' });
  else {
    if (allFigures) out.push({ kind: 'allFigures' });
    else if (figures.size > 0) out.push({ kind: 'figures', ids: [...figures] });
    if (members.size > 0) out.push({ kind: 'members', ids: [...members] });
  }
  if (sessions.size > 0) out.push({ kind: 'sessions', ids: [...sessions] });
  for (const userId of sessionsOf) out.push({ kind: 'sessionsOf', userId });
  return out;
}
