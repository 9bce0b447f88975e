import { rowsOf } from '@agc/db';
import { formatAmount } from '@agc/shared';
import { defined } from '@agc/shared/defined';
import { settleDueFundDays, settleFundEarnings } from '@server/modules/funds/earnings/service.ts';
import { ACCOUNTS, checkLedger } from '@server/modules/ledger/index.ts';
import type { Member } from '@server/modules/members/index.ts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addHolding,
  addMember,
  addProduct,
  addRoot,
  headersOf,
  UNIT,
  USDT,
  usdtBalance,
} from './funds-bills-support.ts';
import { startTestServer, type TestServer } from './helpers.ts';

// Real concurrency needs real connections: this file runs in the suite's PostgreSQL pass.
const PG = process.env.DATABASE_URL;

let s: TestServer;
let members: Member[];

describe.skipIf(!PG)('fund earnings and moves at once on PostgreSQL', () => {
  beforeAll(async () => {
    s = await startTestServer({ FUND_PAIRING_PERCENT: '10', FUND_REFERRAL_PERCENT: '5' });
    s.advance(new Date('2026-10-05T12:00:00Z').getTime() - s.ctx.now().getTime());
    const root = await addRoot(s.ctx);
    members = [root];
    for (let i = 0; i < 30; i++)
      members.push(await addMember(s.ctx, defined(members[Math.floor(i / 2)]), i % 2 ? 'right' : 'left'));
    const p = await addProduct(s.ctx.db);
    for (let i = 1; i < members.length; i++)
      await addHolding(s.ctx.db, {
        userId: defined(members[i]).id,
        productId: p,
        amount: BigInt(100 * i) * USDT,
        fee: 0n,
        units: BigInt(100 * i) * UNIT,
        at: `2026-10-0${1 + (i % 3)}T10:00:00Z`,
      });
  });
  afterAll(() => s?.close());

  it('settling the same days from five runs at once pays each day once', async () => {
    const results = await Promise.all([
      settleDueFundDays(s.ctx),
      settleFundEarnings(s.ctx, '2026-10-01'),
      settleDueFundDays(s.ctx),
      settleFundEarnings(s.ctx, '2026-10-01'),
      settleDueFundDays(s.ctx),
    ]);
    const settled = results
      .flat()
      .filter((r) => r.settled)
      .map((r) => r.day)
      .sort();
    expect(settled).toEqual(['2026-10-01', '2026-10-02', '2026-10-03', '2026-10-04']);
    const [e] = rowsOf<{ n: number; dup: number; total: string }>(
      await s.ctx.db.execute(sql`select count(*)::int as n, (count(*) - count(distinct (kind, ref)))::int as dup,
        sum(amount_usdt)::text as total from fund_earnings`),
    );
    expect(defined(e).dup).toBe(0);
    expect(defined(e).n).toBeGreaterThan(0);
    expect(await usdtBalance(s.ctx.db, null, ACCOUNTS.fundRewardsPaid)).toBe(-BigInt(defined(e).total));
    expect(await checkLedger(s.ctx.db)).toEqual({ mismatched: [], negative: [], assetMismatch: [] });
  });

  it('50 moves at once of a balance that covers 10: exactly 10 move', async () => {
    const root = defined(members[0]);
    const bal = await usdtBalance(s.ctx.db, root.id, ACCOUNTS.fundAvailableProfit);
    expect(bal).toBeGreaterThan(0n);
    const part = bal / 10n;
    // Leave exactly ten parts to move.
    if (bal % 10n !== 0n)
      await s.app.inject({
        method: 'POST',
        url: '/api/v1/funds/earnings/move',
        headers: await headersOf(s.ctx, root),
        payload: { amount: formatAmount(bal % 10n, 6) },
      });
    const headers = await headersOf(s.ctx, root);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        s.app.inject({
          method: 'POST',
          url: '/api/v1/funds/earnings/move',
          headers,
          payload: { amount: formatAmount(part, 6) },
        }),
      ),
    );
    const codes = answers.map((a) => a.json().code);
    expect(codes.filter((c) => c === 200)).toHaveLength(10);
    expect(new Set(answers.filter((a) => a.json().code !== 200).map((a) => a.json().msg))).toEqual(
      new Set(['The balance is insufficient']),
    );
    expect(await usdtBalance(s.ctx.db, root.id, ACCOUNTS.fundAvailableProfit)).toBe(0n);
    expect(await usdtBalance(s.ctx.db, root.id, ACCOUNTS.available)).toBe(bal);
    expect(await checkLedger(s.ctx.db)).toEqual({ mismatched: [], negative: [], assetMismatch: [] });
  });
});
