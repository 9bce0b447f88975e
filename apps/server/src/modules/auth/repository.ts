import { type DbOrTx, schema } from '@agc/db';
import type { SessionState } from '@server/lib/caches.ts';
import { and, eq, gt, inArray, isNull, lt } from 'drizzle-orm';

const { nonces, sessions } = schema;

// --- sign-in nonces ---

export async function insertNonce(db: DbOrTx, n: { nonce: string; address: string; expiresAt: Date }) {
  await db.insert(nonces).values(n);
}

/** Marks the nonce used if it was issued for this address, unused and unexpired at `now`; whether it was. */
export async function useNonce(tx: DbOrTx, nonce: string, address: string, now: Date): Promise<boolean> {
  const used = await tx
    .update(nonces)
    .set({ usedAt: now })
    .where(
      and(
        eq(nonces.nonce, nonce),
        eq(nonces.address, address),
        isNull(nonces.usedAt),
        gt(nonces.expiresAt, now),
      ),
    )
    .returning({ nonce: nonces.nonce });
  return used.length === 1;
}

export async function findNonce(db: DbOrTx, nonce: string) {
  const [row] = await db.select().from(nonces).where(eq(nonces.nonce, nonce)).limit(1);
  return row;
}

export async function deleteNoncesExpiredBefore(db: DbOrTx, before: Date): Promise<void> {
  await db.delete(nonces).where(lt(nonces.expiresAt, before));
}

// --- sessions ---

export async function insertSession(
  db: DbOrTx,
  s: { id: string; userId: bigint; expiresAt: Date; ip: string | null; userAgent: string | null },
): Promise<void> {
  await db.insert(sessions).values(s);
}

/**
 * What the auth check needs of sessions, by id, one query, in the ids' order (undefined for an unknown id).
 * Whose session it is comes back with it: the check compares it with the token's member.
 */
export async function loadSessions(db: DbOrTx, ids: string[]): Promise<(SessionState | undefined)[]> {
  const rows = await db
    .select({
      id: sessions.id,
      userId: sessions.userId,
      revokedAt: sessions.revokedAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .where(inArray(sessions.id, [...new Set(ids)]));
  const byId = new Map(rows.map(({ id, ...state }) => [id, state]));
  return ids.map((id) => byId.get(id));
}

/** Ends open sessions: one (`id`) or all of the member's. Returns the ids it ended. */
export async function endSessions(
  db: DbOrTx,
  q: { userId: bigint; id?: string; reason: string; at: Date },
): Promise<string[]> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: q.at, revokeReason: q.reason })
    .where(
      and(
        q.id === undefined ? undefined : eq(sessions.id, q.id),
        eq(sessions.userId, q.userId),
        isNull(sessions.revokedAt),
      ),
    )
    .returning({ id: sessions.id });
  return ended.map((s) => s.id);
}

export async function deleteSessionsExpiredBefore(db: DbOrTx, before: Date): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, before));
}
