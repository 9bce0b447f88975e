import { rowsOf } from '@agc/db';
import { MEMBER_TOKEN_CODES, memberTotals, openWithdrawals } from '@server/modules/solvency/repository.ts';
import { readLiabilities } from '@server/modules/solvency/service.ts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers.ts';

// The solvency view's ledger side at scale: SOLVENCY_SCALE_MEMBERS members (default 20,000, to keep the suite quick; the figures in
// modules/solvency/README.md are from 1,000,000 on PostgreSQL: DATABASE_URL=… SOLVENCY_SCALE_MEMBERS=1000000), each
// with available USDT, half with available AGC, every tenth with an open withdrawal, every hundredth with a pending
// simple-earn transfer out. Seeded in bulk (generate_series), so only the read is measured; the totals are checked
// against closed forms, and the time of the read is printed (median of 3).
const N = Number(process.env.SOLVENCY_SCALE_MEMBERS ?? 20_000);
const HOUR_MS = 3_600_000;
let s: TestServer;
let now: Date;

beforeAll(async () => {
  s = await startTestServer();
  now = new Date(Math.ceil(Date.now() / HOUR_MS) * HOUR_MS);
  const db = s.ctx.db;
  await db.execute(sql`insert into users (id, address, invite_code, left_leg_id, right_leg_id)
    values (1, ${`0x${'1'.padStart(40, '0')}`}, 'SROOT', 1, 1)`);
  await db.execute(sql`insert into users (id, address, invite_code, inviter_id, depth, left_leg_id, right_leg_id)
    select g, '0x' || lpad(to_hex(g), 40, '0'), 'S' || g, 1, 1, g, g from generate_series(2, ${N + 1}) g`);
  await db.execute(sql`select setval('users_id_seq', ${N + 1})`);
  // Member g: g USDT minor units available; even g also g AGC minor units; accounts the view does not count too.
  await db.execute(sql`insert into ledger_accounts (user_id, code, asset, balance)
    select g, 'member.available', 'USDT', g from generate_series(2, ${N + 1}) g
    union all select g, 'member.available', 'AGC', g from generate_series(2, ${N + 1}) g where g % 2 = 0
    union all select g, 'member.investment', 'USDT', 1000000 from generate_series(2, ${N + 1}) g
    union all select g, 'member.remaining_dividends', 'USDT', 3000000 from generate_series(2, ${N + 1}) g`);
  // Every tenth member: a withdrawal of 10 USDT (fee 0.5), Auditing or Withdrawable alternately; others paid.
  await db.execute(sql`insert into withdrawals (user_id, type, asset, amount, fee, received, fee_ppm, address, day, status)
    select g, 1, 'USDT', 10000000, 500000, 9500000, 50000, '0x' || lpad(to_hex(g), 40, '0'), current_date,
      case when g % 20 = 0 then 'Auditing' else 'Withdrawable' end
    from generate_series(2, ${N + 1}) g where g % 10 = 0
    union all select g, 1, 'USDT', 10000000, 500000, 9500000, 50000, '0x' || lpad(to_hex(g), 40, '0'), current_date,
      'Success'
    from generate_series(2, ${N + 1}) g where g % 10 = 1`);
  // Every hundredth member: 7 USDT out, arriving in 2 minutes; arrived ones beside them.
  await db.execute(sql`insert into earn_movements (user_id, kind, amount, day, status, arrives_at, created_at)
    select g, 'Out', 7000000, current_date, 'Pending', ${new Date(now.getTime() + 120_000).toISOString()}::timestamptz,
      now()
    from generate_series(2, ${N + 1}) g where g % 100 = 0
    union all select g, 'Out', 7000000, current_date, 'Arrived', now(), now()
    from generate_series(2, ${N + 1}) g where g % 100 = 1`);
  await db.execute(sql`analyze`);
}, 600_000);
afterAll(() => s.close());

/** Σ g over 2 … N+1 where g % m = r (g ≥ 2). */
const sumWhere = (m: number, r: number) => {
  let total = 0n;
  for (let g = 2; g <= N + 1; g += 1) if (g % m === r) total += BigInt(g);
  return total;
};
const countWhere = (m: number, r: number) =>
  BigInt(Array.from({ length: N }, (_, i) => i + 2).filter((g) => g % m === r).length);

describe(`the solvency read over ${N.toLocaleString('en-US')} members`, () => {
  it('sums every member liability exactly and prints how long the read takes', async () => {
    const times: number[] = [];
    let l: Awaited<ReturnType<typeof readLiabilities>> | undefined;
    for (let i = 0; i < 3; i += 1) {
      const t0 = performance.now();
      l = await readLiabilities(s.ctx, now);
      times.push(performance.now() - t0);
    }
    const sumAll = (BigInt(N + 1) * BigInt(N + 2)) / 2n - 1n;
    expect(l?.USDT.now.get('available')).toBe(sumAll);
    expect(l?.AGC.now.get('available')).toBe(sumWhere(2, 0));
    expect(l?.USDT.now.get('vouchers')).toBe((countWhere(10, 0) - countWhere(20, 0)) * 9_500_000n);
    expect(l?.USDT.now.get('auditing')).toBe(countWhere(20, 0) * 9_500_000n);
    expect(l?.USDT.min5.get('earn_out')).toBe(countWhere(100, 0) * 7_000_000n);
    const [rows] = rowsOf<{ n: number }>(
      await s.ctx.db.execute(sql`select count(*)::int as n from ledger_accounts`),
    );
    const median = [...times].sort((a, b) => a - b)[1] ?? 0;
    // Where the time goes: the grouped sum of member accounts, and the open withdrawals.
    const part = async (f: () => Promise<unknown>) => {
      const t0 = performance.now();
      await f();
      return (performance.now() - t0).toFixed(0);
    };
    const sums = await part(() => memberTotals(s.ctx.db, MEMBER_TOKEN_CODES));
    const open = await part(() => openWithdrawals(s.ctx.db));
    console.log(
      `solvency read: ${N} members, ${rows?.n} ledger accounts, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}: median ${median.toFixed(0)} ms (${times.map((t) => t.toFixed(0)).join(', ')}); member sums ${sums} ms, open withdrawals ${open} ms`,
    );
  }, 600_000);
});
