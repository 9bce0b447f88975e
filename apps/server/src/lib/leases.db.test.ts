import { createTestDb } from '@agc/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Lease, leaseHolders } from './leases.ts';

let db: Awaited<ReturnType<typeof createTestDb>>;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(() => db.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('Lease', () => {
  it('one holder at a time; renewed by its holder; taken over once it ran out; freed on release', async () => {
    const a = new Lease(db.db, 'job:test', 'process-a', 300);
    const b = new Lease(db.db, 'job:test', 'process-b', 300);
    expect(await a.acquire()).toBe(true);
    expect(await b.acquire()).toBe(false);
    expect(await a.acquire()).toBe(true); // renewal
    expect((await leaseHolders(db.db))['job:test']).toBe('process-a');
    // a stops renewing (killed): after the lease time b takes over, and a is then refused.
    await sleep(350);
    expect(await b.acquire()).toBe(true);
    expect(await a.acquire()).toBe(false);
    await b.release();
    expect(await a.acquire()).toBe(true);
    // Another name is another lease.
    expect(await new Lease(db.db, 'job:other', 'process-b', 300).acquire()).toBe(true);
  });

  it('many contenders at once: exactly one wins', async () => {
    const contenders = Array.from({ length: 8 }, (_, i) => new Lease(db.db, 'job:race', `p${i}`, 10_000));
    const won = await Promise.all(contenders.map((l) => l.acquire()));
    expect(won.filter(Boolean)).toHaveLength(1);
  });
});
