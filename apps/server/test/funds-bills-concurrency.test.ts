import { rowsOf } from '@agc/db';
import { defined } from '@agc/shared/defined';
import { closeDueMonths, closeMonth } from '@server/modules/funds/bills/service.ts';
import { unitsValue } from '@server/modules/funds/math.ts';
import { ACCOUNTS, checkLedger } from '@server/modules/ledger/index.ts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addHolding,
  addMember,
  addNav,
  addProduct,
  addRoot,
  NAV,
  UNIT,
  USDT,
  usdtBalance,
} from './funds-bills-support.ts';
import { startTestServer, type TestServer } from './helpers.ts';

// Real concurrency needs real connections: this file runs in the suite's PostgreSQL pass.
const PG = process.env.DATABASE_URL;

let s: TestServer;
const HOLDINGS = 120;

describe.skipIf(!PG)('the monthly bill job run twice and at once on PostgreSQL', () => {
  beforeAll(async () => {
    s = await startTestServer();
    s.advance(new Date('2026-11-24T12:00:00Z').getTime() - s.ctx.now().getTime());
    const root = await addRoot(s.ctx);
    const members = [];
    for (let i = 0; i < 12; i++) members.push(await addMember(s.ctx, root, i % 2 ? 'left' : 'right'));
    const a = await addProduct(s.ctx.db, { distributionPpm: 60_000 });
    const b = await addProduct(s.ctx.db, { distributionPpm: 0 });
    for (const p of [a, b]) {
      await addNav(s.ctx.db, p, '2026-08-31', NAV);
      await addNav(s.ctx.db, p, '2026-09-30', 103_456_789n);
      await addNav(s.ctx.db, p, '2026-10-31', 101_234_567n);
    }
    for (let i = 0; i < HOLDINGS; i++)
      await addHolding(s.ctx.db, {
        userId: defined(members[i % members.length]).id,
        productId: i % 3 === 0 ? b : a,
        amount: BigInt(100 * (1 + (i % 7))) * USDT,
        fee: 0n,
        units: BigInt(100 * (1 + (i % 7))) * UNIT + BigInt(i),
        at: i % 2 ? '2026-09-10T00:00:00Z' : '2026-10-10T00:00:00Z',
      });
  });
  afterAll(() => s?.close());

  it('writes one bill per holding and month and pays each Interest once, however many runs', async () => {
    const runs = await Promise.all([
      closeDueMonths(s.ctx),
      closeDueMonths(s.ctx),
      closeMonth(s.ctx, '2026-10'),
      closeMonth(s.ctx, '2026-09'),
      closeDueMonths(s.ctx),
    ]);
    await closeDueMonths(s.ctx);
    const counts = rowsOf<{ month: string; n: number; dup: number }>(
      await s.ctx.db.execute(sql`select month, count(*)::int as n,
        (count(*) - count(distinct order_id))::int as dup from fund_bills group by month order by month`),
    );
    // September: the 60 holdings subscribed then; October: all 120.
    expect(counts).toEqual([
      { month: '2026-09', n: HOLDINGS / 2, dup: 0 },
      { month: '2026-10', n: HOLDINGS, dup: 0 },
    ]);
    const written = runs.flat().reduce((n, r) => n + r.bills, 0);
    expect(written).toBe(HOLDINGS / 2 + HOLDINGS);
    // Interest: one row per holding of A and month, credited exactly once.
    const [i] = rowsOf<{ n: number; total: string }>(
      await s.ctx.db.execute(sql`select count(*)::int as n, coalesce(sum(amount_usdt), 0)::text as total
        from fund_earnings where kind = 'Interest'`),
    );
    const holdingsOfA = Array.from({ length: HOLDINGS }, (_, k) => k).filter((k) => k % 3 !== 0);
    expect(defined(i).n).toBe(holdingsOfA.filter((k) => k % 2 === 1).length + holdingsOfA.length);
    expect(await usdtBalance(s.ctx.db, null, ACCOUNTS.fundRewardsPaid)).toBe(-BigInt(defined(i).total));
    const [t] = rowsOf<{ n: number }>(
      await s.ctx.db.execute(
        sql`select count(*)::int as n from ledger_transfers where kind = 'fund_interest'`,
      ),
    );
    expect(defined(t).n).toBe(defined(i).n);
    // Figures exact: each bill against the holding's own numbers (no redemptions here).
    const rows = rowsOf<Record<string, string>>(
      await s.ctx.db.execute(sql`select b.month, o.units::text as units, o.amount_usdt::text as amount,
        to_char(o.subscribed_at at time zone 'UTC', 'YYYY-MM') as sub_month, p.distribution_ppm::text as dppm,
        b.opening_units::text, b.closing_units::text, b.opening_value_usdt::text, b.closing_value_usdt::text,
        b.subscriptions_usdt::text, b.interest_usdt::text, b.opening_nav_e8::text, b.closing_nav_e8::text
        from fund_bills b join fund_orders o on o.id = b.order_id join fund_products p on p.id = o.product_id`),
    );
    const navAt = { '2026-09': [NAV, 103_456_789n], '2026-10': [103_456_789n, 101_234_567n] } as const;
    for (const r of rows) {
      const [open, close] = navAt[r.month as keyof typeof navAt];
      const units = BigInt(defined(r.units));
      const opening = r.sub_month === r.month ? 0n : units;
      const closeValue = unitsValue(units, close);
      expect([r.opening_units, r.closing_units, r.opening_nav_e8, r.closing_nav_e8]).toEqual(
        [opening, units, open, close].map(String),
      );
      expect([r.opening_value_usdt, r.closing_value_usdt, r.subscriptions_usdt, r.interest_usdt]).toEqual(
        [
          unitsValue(opening, open),
          closeValue,
          r.sub_month === r.month ? BigInt(defined(r.amount)) : 0n,
          (closeValue * BigInt(defined(r.dppm))) / 12_000_000n,
        ].map(String),
      );
    }
    expect(await checkLedger(s.ctx.db)).toEqual({ mismatched: [], negative: [], assetMismatch: [] });
  });
});
