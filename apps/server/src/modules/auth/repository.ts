import { type DbOrTx, schema } from '@agc/db';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';

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
