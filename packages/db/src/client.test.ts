import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from './client.ts';
import { legs, users } from './schema.ts';
import { createTestDb } from './testing.ts';

let h: DbHandle;
beforeAll(async () => {
  h = await createTestDb();
});
afterAll(async () => {
  await h.close();
});

describe('schema constraints', () => {
  it('allows exactly one root and keeps addresses lower-case', async () => {
    const [leg] = await h.db.insert(legs).values({}).returning();
    const base = { leftLegId: leg!.id, rightLegId: leg!.id };
    await h.db.insert(users).values({ ...base, address: '0xaa', inviteCode: 'AAAAAAAA' });
    await expect(
      h.db.insert(users).values({ ...base, address: '0xbb', inviteCode: 'BBBBBBBB' }),
    ).rejects.toThrow();
    await expect(
      h.db.insert(users).values({
        ...base,
        address: '0xAB',
        inviteCode: 'CCCCCCCC',
        inviterId: 1n,
        parentId: 1n,
        side: 'left',
      }),
    ).rejects.toThrow();
    const count = await h.db.select({ n: sql<string>`count(*)::text` }).from(users);
    expect(count[0]?.n).toBe('1');
  });

  it('refuses two members in one slot', async () => {
    const [leg] = await h.db.insert(legs).values({}).returning();
    const base = {
      leftLegId: leg!.id,
      rightLegId: leg!.id,
      inviterId: 1n,
      parentId: 1n,
      side: 'left' as const,
    };
    await h.db.insert(users).values({ ...base, address: '0xc1', inviteCode: 'DDDDDDDD' });
    await expect(
      h.db.insert(users).values({ ...base, address: '0xc2', inviteCode: 'EEEEEEEE' }),
    ).rejects.toThrow();
  });
});
