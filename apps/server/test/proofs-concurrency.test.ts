import { openDb, rowsOf } from '@agc/db';
import type { AppContext } from '@server/context.ts';
import { takeDailySnapshot } from '@server/modules/proofs/index.ts';
import { claimDay, finishClaim } from '@server/modules/proofs/repository.ts';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChainServer, startChainServer } from './chain.ts';
import { newWallet, signUp } from './helpers.ts';
import { grantAvailable, USDT } from './withdraw-support.ts';

// Real concurrency needs real connections: this file runs in the suite's PostgreSQL pass. Two "processes" (two
// connection pools on one database, each taking the day's snapshot several times at once) build it once; a builder
// that died is taken over after its claim runs out, and a builder whose claim was taken over cannot store its tree.
const PG = process.env.DATABASE_URL;
const log = pino({ level: 'silent' });
const MEMBERS = 12;

let s: ChainServer;
let other: AppContext;
let closeOther: () => Promise<void>;

const count = async (table: 'proof_snapshots' | 'proof_leaves' | 'proof_nodes', day?: string) => {
  const [row] = rowsOf<{ n: string }>(
    await s.ctx.db.execute(
      day
        ? sql`select count(*)::text as n from ${sql.raw(table)} t join proof_snapshots p on p.id = ${sql.raw(
            table === 'proof_snapshots' ? 't.id' : 't.snapshot_id',
          )} where p.day = ${day}`
        : sql`select count(*)::text as n from ${sql.raw(table)}`,
    ),
  );
  return Number(row?.n);
};

describe.skipIf(!PG)('the daily snapshot on PostgreSQL', () => {
  beforeAll(async () => {
    s = await startChainServer();
    const root = await signUp(s, newWallet());
    for (let i = 1; i < MEMBERS; i++) {
      const m = await signUp(s, newWallet(), {
        invite_code: root.member.inviteCode,
        side: i % 2 ? 'left' : 'right',
      });
      await grantAvailable(s.ctx, m.member.id, 'USDT', BigInt(i) * 10n * USDT);
    }
    const url = s.db.pool?.options.connectionString;
    if (!url) throw new Error('not on PostgreSQL');
    const second = await openDb({ kind: 'postgres', url, poolSize: 8 });
    other = { ...s.ctx, db: second.db };
    closeOther = second.close;
  }, 180_000);
  afterAll(async () => {
    await closeOther?.();
    await s?.close();
  });

  it('two processes, three attempts each at once: one snapshot, one set of leaves', async () => {
    const day = '2030-01-01';
    const results = await Promise.all(
      [s.ctx, other, s.ctx, other, s.ctx, other].map((ctx) => takeDailySnapshot(ctx, day, log)),
    );
    const built = results.filter((r) => r !== null);
    expect(built).toHaveLength(1);
    expect(built[0]).toMatchObject({ status: 'built', members: MEMBERS, size: 16 });
    expect(await count('proof_snapshots', day)).toBe(1);
    expect(await count('proof_leaves', day)).toBe(MEMBERS);
    // Levels 1 … 4 of a 16-leaf tree (the chunk covers levels below 4 … here the whole tree below the root).
    expect(await count('proof_nodes', day)).toBeGreaterThan(0);
    // Later runs find it done.
    expect(await takeDailySnapshot(other, day, log)).toBeNull();
  });

  it("a dead builder's claim is taken over once it runs out, not before", async () => {
    const day = '2030-01-02';
    expect(await claimDay(s.ctx.db, day, 'dead-process', 60_000)).not.toBeNull();
    expect(await takeDailySnapshot(other, day, log)).toBeNull(); // the claim still holds
    await s.ctx.db.execute(
      sql`update proof_snapshots set claimed_until = now() - interval '1 second' where day = ${day}`,
    );
    const [a, b] = await Promise.all([
      takeDailySnapshot(other, day, log),
      takeDailySnapshot(s.ctx, day, log),
    ]);
    expect([a, b].filter((r) => r !== null)).toHaveLength(1);
    expect(await count('proof_leaves', day)).toBe(MEMBERS);
  });

  it('a builder whose claim was taken over cannot store its snapshot', async () => {
    const day = '2030-01-03';
    const id = await claimDay(s.ctx.db, day, 'slow-process', 1);
    expect(id).not.toBeNull();
    await new Promise((r) => setTimeout(r, 20));
    const taken = await takeDailySnapshot(other, day, log);
    expect(taken?.id).toBe(id);
    // The slow builder finishes late: its claim is gone, and nothing it would write may stand.
    expect(
      await s.ctx.db.transaction((tx) => finishClaim(tx, id ?? 0, 'slow-process', { status: 'built' })),
    ).toBe(false);
    expect(await count('proof_snapshots', day)).toBe(1);
  });
});
