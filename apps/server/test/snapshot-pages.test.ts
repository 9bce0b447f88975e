import { createTestDb } from '@agc/db/testing';
import { everyMember } from '@server/modules/proofs/repository.ts';
import { memberBalances } from '@server/modules/solvency/repository.ts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// A proof snapshot reads every member and every member's balances a page at a time inside one transaction. Ids
// chosen so that their order as text differs from their order as numbers (2, 10, 11, 100, …): a page must follow
// the numbers.
const IDS = [2, 3, 9, 10, 11, 19, 20, 100, 101, 999, 1000, 1001, 12345];

let db: Awaited<ReturnType<typeof createTestDb>>;
beforeAll(async () => {
  db = await createTestDb();
  await db.db.execute(sql`
    insert into users (id, address, invite_code, inviter_id, depth, left_leg_id, right_leg_id)
    select g, '0x' || lpad(to_hex(g), 40, '0'), 'PG' || g, case when g = 2 then null else 2 end,
      case when g = 2 then 0 else 1 end, g, g
    from unnest(${sql.param(IDS)}::bigint[]) g`);
  await db.db.execute(sql`
    insert into ledger_accounts (user_id, code, asset, balance)
    select g, 'member.available', a, g * 1000 from unnest(${sql.param(IDS)}::bigint[]) g, unnest(array['USDT', 'AGC']) a`);
});
afterAll(() => db.close());

describe('reading every member in pages', () => {
  it('yields each member once, by id, whatever the page size', async () => {
    for (const page of [1, 2, 3, 5, 13, 14, 50_000]) {
      const seen: bigint[] = [];
      for await (const m of everyMember(db.db, page)) seen.push(m.userId);
      expect(seen, `page ${page}`).toEqual(IDS.map(BigInt));
    }
  });
});

describe("reading every member's balances in pages", () => {
  it("yields each member's balances once, whatever the page size", async () => {
    const all = async (page: number) => {
      const out: string[] = [];
      for await (const b of memberBalances(db.db, ['member.available'], undefined, page))
        out.push(`${b.userId}/${b.asset}/${b.amount}`);
      return out;
    };
    const expected = IDS.flatMap((id) => [`${id}/AGC/${id * 1000}`, `${id}/USDT/${id * 1000}`]);
    for (const page of [1, 2, 3, 7, 26, 27])
      expect((await all(page)).sort(), `page ${page}`).toEqual(expected.sort());
    expect(await all(3)).toHaveLength(26);
  });
});
