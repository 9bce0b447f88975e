import { randomBytes } from 'node:crypto';
import type { DbOrTx } from '@agc/db';
import type { AppContext } from '@server/context.ts';
import { batcherPerDatabase } from '@server/lib/batcher.ts';
import { invalidate, type MemberSnapshot, type SessionState } from '@server/lib/caches.ts';
import { memberSnapshot } from '@server/modules/members/index.ts';
import { deleteSessionsExpiredBefore, endSessions, insertSession, loadSessions } from './repository.ts';

/** Sessions are kept this long after they ended, for the member's and an auditor's history. */
const KEEP_ENDED_MS = 30 * 86_400_000;

/** 144 random bits, URL-safe: the id a session token names. */
export const newSessionId = () => randomBytes(18).toString('base64url');

/** Opens a session inside the sign-in transaction (so a refused sign-in opens none). */
export async function openSession(
  tx: DbOrTx,
  s: { id: string; userId: bigint; expiresAt: Date; ip: string | null; userAgent: string | null },
): Promise<void> {
  await insertSession(tx, {
    id: s.id,
    userId: s.userId,
    expiresAt: s.expiresAt,
    ip: s.ip,
    // A header is the client's to fill: keep what is useful to a reader, not whatever it sent.
    userAgent: s.userAgent?.slice(0, 200) ?? null,
  });
}

/**
 * Opens a session outside sign-in and returns its id: for tools that hold the token secret and act as
 * members (benchmarks, tests); the app itself opens sessions only by signing in.
 */
export async function openSessionFor(db: DbOrTx, userId: bigint, lifetimeMs: number): Promise<string> {
  const id = newSessionId();
  await openSession(db, {
    id,
    userId,
    expiresAt: new Date(Date.now() + lifetimeMs),
    ip: null,
    userAgent: null,
  });
  return id;
}

/** The sessions missing at the same moment in this process are read in one query. */
const loaderFor = batcherPerDatabase(loadSessions);

/**
 * What the auth check needs: the token's session and its member, each cached for MEMBER_CACHE_TTL_MS
 * (revocations and changes reach every process, lib/caches.ts). On a cold cache both are read at once, and
 * the misses of every request arriving at the same moment are read together: one query for their sessions
 * and one for their members per batch (lib/batcher.ts), not two per request. A launch, where every buyer's
 * cache entry has long expired, costs the database a few queries instead of one per buyer.
 */
export async function sessionAndMember(
  ctx: AppContext,
  sessionId: string,
  userId: bigint,
): Promise<{ session: SessionState | undefined; member: MemberSnapshot | undefined }> {
  const [session, member] = await Promise.all([
    ctx.cache.sessions.getOrLoad(sessionId, () => loaderFor(ctx.db).load(sessionId)),
    memberSnapshot(ctx, userId),
  ]);
  return { session, member };
}

/** Logs one session out. Returns how many sessions it ended (0 when it had ended already). */
export async function revokeSession(ctx: AppContext, userId: bigint, id: string): Promise<number> {
  const ended = await endSessions(ctx.db, { userId, id, reason: 'logout', at: new Date() });
  invalidate(ctx, { kind: 'sessions', ids: [id] });
  return ended.length;
}

/** "Log out everywhere": ends every open session of the member, this one included. */
export async function revokeAllSessions(ctx: AppContext, userId: bigint): Promise<number> {
  const ended = await endSessions(ctx.db, { userId, reason: 'logout_all', at: new Date() });
  invalidate(ctx, { kind: 'sessionsOf', userId });
  return ended.length;
}

/** Drops sessions that ended long ago (maintenance job). */
export async function purgeSessions(ctx: AppContext): Promise<void> {
  await deleteSessionsExpiredBefore(ctx.db, new Date(Date.now() - KEEP_ENDED_MS));
}
