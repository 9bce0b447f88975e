import { randomBytes } from 'node:crypto';
import type { DbOrTx } from '@agc/db';
import type { AppContext } from '../../context.ts';
import { invalidate } from '../../lib/caches.ts';
import { loadSessionAndMember, memberSnapshot, type SessionAndMember } from '../members/index.ts';
import { deleteSessionsExpiredBefore, endSessions, insertSession } from './repository.ts';

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

/**
 * What the auth check needs: the token's session and its member, each cached (revocations and changes
 * reach every process, lib/caches.ts). When the session is not cached, one query reads both (the member
 * snapshot rides along), so a request costs at most one query however cold the caches are.
 */
export async function sessionAndMember(
  ctx: AppContext,
  sessionId: string,
  userId: bigint,
): Promise<SessionAndMember> {
  const session = await ctx.cache.sessions.getOrLoad(sessionId, async () => {
    const mark = ctx.cache.members.mark();
    const { session, member } = await loadSessionAndMember(ctx.db, sessionId, userId);
    if (member) ctx.cache.members.setIfFresh(userId, member, mark);
    return session;
  });
  return { session, member: await memberSnapshot(ctx, userId) };
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
