import { rowsOf } from '@agc/db';
import { checkMemberTotals, memberTotalsOf } from '@server/modules/ledger/index.ts';
import { MEMBER_TOKEN_CODES, openWithdrawals } from '@server/modules/solvency/repository.ts';
import { readLiabilities } from '@server/modules/solvency/service.ts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers.ts';
import { seedSolvencyMembers } from './solvency-seed.ts';

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
  await seedSolvencyMembers(s.ctx.db, N, now);
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
    // Where the time goes: the members' running totals (and their check against a full sum), the open withdrawals.
    const part = async (f: () => Promise<unknown>) => {
      const t0 = performance.now();
      await f();
      return (performance.now() - t0).toFixed(0);
    };
    const sums = await part(() => memberTotalsOf(s.ctx.db, MEMBER_TOKEN_CODES));
    const full = await part(async () => expect(await checkMemberTotals(s.ctx.db)).toEqual([]));
    const open = await part(() => openWithdrawals(s.ctx.db));
    console.log(
      `solvency read: ${N} members, ${rows?.n} ledger accounts, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}: median ${median.toFixed(0)} ms (${times.map((t) => t.toFixed(0)).join(', ')}); member sums ${sums} ms (running totals; checked against the full sum in ${full} ms), open withdrawals ${open} ms`,
    );
  }, 600_000);
});
