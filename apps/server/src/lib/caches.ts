import type { Me, Role, WithdrawLimit } from '@agc/shared';
import { TtlCache } from './ttl-cache.ts';

/**
 * What every authenticated request needs of a member, read in one query (members/repository.ts) and
 * cached here.
 */
export interface MemberSnapshot {
  id: bigint;
  address: string;
  inviteCode: string;
  createdAt: Date;
  invitedCount: number;
  /** Depth in the placement tree (placement never changes after sign-up). */
  depth: number;
  roles: Role[];
}

/** What the auth check needs of a session, cached like the member snapshot. */
export interface SessionState {
  userId: bigint;
  /** Null while the session is open. */
  revokedAt: Date | null;
  expiresAt: Date;
}

/**
 * The read caches of one server process. Nothing that moves money reads them: balances used for a
 * decision are read and changed inside database transactions. They only spare the database the reads
 * every request repeats (who is this member, is this session open, the /me answer).
 */
export interface Caches {
  /** Member snapshots (address, roles, counters) by member id. */
  members: TtlCache<bigint, MemberSnapshot>;
  /** The whole /me answer by member id. */
  me: TtlCache<bigint, Me>;
  /**
   * The withdraw/limit answer by member id: of the same figures as /me (available balances, today's withdrawals),
   * so it goes whenever /me goes.
   */
  limits: TtlCache<bigint, WithdrawLimit>;
  /** Session states by session id. */
  sessions: TtlCache<string, SessionState>;
}

export function createCaches(ttlMs: number): Caches {
  return {
    members: new TtlCache(ttlMs),
    me: new TtlCache(ttlMs),
    limits: new TtlCache(ttlMs),
    sessions: new TtlCache(ttlMs),
  };
}

/**
 * A change that makes cached reads stale. `figures`: these members' /me and withdraw/limit answers (a balance, a
 * status moved: most changes); `allFigures`: every member's (a settlement, a batch of confirmations);
 * `members`: these members' snapshots too (a count, a role: who they are, not what they hold); `all`:
 * everything of every member; `sessions`: these sessions were revoked; `sessionsOf`: every session of one
 * member.
 */
export type Invalidation =
  | { kind: 'figures'; ids: bigint[] }
  | { kind: 'allFigures' }
  | { kind: 'members'; ids: bigint[] }
  | { kind: 'all' }
  | { kind: 'sessions'; ids: string[] }
  | { kind: 'sessionsOf'; userId: bigint };

/** Applies an invalidation to this process's caches. */
export function applyInvalidation(caches: Caches, inv: Invalidation): void {
  // A member's figures: the /me answer and the withdraw/limit answer, read from the same balances.
  const figures = [caches.me, caches.limits];
  switch (inv.kind) {
    case 'figures':
      for (const id of inv.ids) for (const c of figures) c.delete(id);
      return;
    case 'allFigures':
      for (const c of figures) c.clear();
      return;
    case 'members':
      for (const id of inv.ids) {
        caches.members.delete(id);
        for (const c of figures) c.delete(id);
      }
      return;
    case 'all':
      caches.members.clear();
      for (const c of figures) c.clear();
      return;
    case 'sessions':
      for (const id of inv.ids) caches.sessions.delete(id);
      return;
    case 'sessionsOf':
      caches.sessions.deleteWhere((s) => s.userId === inv.userId);
      return;
  }
}

/** Invalidations travel between processes as short JSON (a NOTIFY payload must stay below 8000 bytes). */
const MAX_IDS_PER_MESSAGE = 200;

/** The NOTIFY payloads of an invalidation: many members become `all`, many sessions several messages. */
export function encodeInvalidation(origin: string, inv: Invalidation): string[] {
  const msg = (body: object) => JSON.stringify({ o: origin, ...body });
  switch (inv.kind) {
    case 'figures':
      return [
        inv.ids.length > MAX_IDS_PER_MESSAGE
          ? msg({ k: 'allFigures' })
          : msg({ k: 'figures', ids: inv.ids.map(String) }),
      ];
    case 'allFigures':
      return [msg({ k: 'allFigures' })];
    case 'members':
      return [
        inv.ids.length > MAX_IDS_PER_MESSAGE
          ? msg({ k: 'all' })
          : msg({ k: 'members', ids: inv.ids.map(String) }),
      ];
    case 'sessions': {
      const out: string[] = [];
      for (let i = 0; i < inv.ids.length; i += MAX_IDS_PER_MESSAGE)
        out.push(msg({ k: 'sessions', ids: inv.ids.slice(i, i + MAX_IDS_PER_MESSAGE) }));
      return out;
    }
    case 'sessionsOf':
      return [msg({ k: 'sessionsOf', u: String(inv.userId) })];
    case 'all':
      return [msg({ k: 'all' })];
  }
}

/** The other end of encodeInvalidation; null for a message of this process or one it cannot read. */
export function decodeInvalidation(self: string, payload: string): Invalidation | null {
  try {
    const m = JSON.parse(payload) as { o?: string; k?: string; ids?: string[]; u?: string };
    if (m.o === self) return null;
    switch (m.k) {
      case 'figures':
        return { kind: 'figures', ids: (m.ids ?? []).map((id) => BigInt(id)) };
      case 'allFigures':
        return { kind: 'allFigures' };
      case 'members':
        return { kind: 'members', ids: (m.ids ?? []).map((id) => BigInt(id)) };
      case 'sessions':
        return { kind: 'sessions', ids: m.ids ?? [] };
      case 'sessionsOf':
        return { kind: 'sessionsOf', userId: BigInt(m.u ?? '0') };
      case 'all':
        return { kind: 'all' };
      default:
        return null;
    }
  } catch {
    return null;
  }
}

/** Carries invalidations to the other server processes on the same database. */
export interface CacheBus {
  publish(inv: Invalidation): void;
  close(): Promise<void>;
}

/**
 * After a committed change: drop what this process cached of it at once (the member's next request
 * reads its own write), and tell the other processes (they drop theirs when the message arrives, a few
 * milliseconds later; should a message be lost, MEMBER_CACHE_TTL_MS still bounds how stale they are).
 */
export function invalidate(ctx: { cache: Caches; cacheBus?: CacheBus }, inv: Invalidation): void {
  applyInvalidation(ctx.cache, inv);
  ctx.cacheBus?.publish(inv);
}
