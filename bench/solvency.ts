/**
 * The admin solvency view's ledger side at MEMBERS members (default 1,000,000) on PostgreSQL. Part `solvency` of
 * bench/run.ts: `BENCH_PARTS=solvency node --import ./scripts/node20-polyfills.mjs --import tsx bench/run.ts`. Prints
 * figures only.
 *
 * Setup (printed, not timed): test/solvency-seed.ts (each member with available USDT, half with AGC, two more accounts
 * the view does not count, every tenth an open withdrawal, every hundredth a pending simple-earn transfer out), then
 * `vacuum analyze`. Measured: `readLiabilities` (the view's one repeatable-read snapshot, every query), median of
 * RUNS (5); target ≤ 300 ms. Beside it each of its statements alone (with `EXPLAIN (ANALYZE, BUFFERS)` of the two
 * largest when BENCH_EXPLAIN=1), then the members' running totals checked against the full sum of their balances
 * (a mismatch sets a non-zero exit code). BENCH_DATABASE_URL (a fresh database from the migrated template, dropped), BENCH_SOLVENCY_MEMBERS.
 */
import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { rowsOf } from '@agc/db';
import { defined } from '@agc/shared/defined';
import { sql } from 'drizzle-orm';
import { checkMemberTotals, memberTotalsOf } from '../apps/server/src/modules/ledger/index.ts';
import {
  heldFundUnits,
  MEMBER_TOKEN_CODES,
  openRedemptionUnits,
  openWithdrawals,
  pendingEarnOuts,
} from '../apps/server/src/modules/solvency/repository.ts';
import { readLiabilities } from '../apps/server/src/modules/solvency/service.ts';
import { seedSolvencyMembers } from '../apps/server/test/solvency-seed.ts';
import { PG_URL, pgTestServer } from './pg.ts';

const MEMBERS = Number(process.env.BENCH_SOLVENCY_MEMBERS ?? 1_000_000);
const RUNS = 5;
const TARGET_MS = 300;

const median = (xs: number[]) => defined([...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]);

export async function runSolvencyBenchmark(): Promise<void> {
  console.log(`\n== Admin solvency: the ledger side at ${MEMBERS.toLocaleString('en')} members ==`);
  const s = await pgTestServer(PG_URL);
  if (!s) return;
  const db = s.ctx.db;
  try {
    const now = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000);
    let t0 = performance.now();
    await seedSolvencyMembers(db, MEMBERS, now);
    await db.execute(sql`vacuum analyze`);
    const [rows] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from ledger_accounts`),
    );
    console.log(
      `setup: ${MEMBERS} members, ${defined(rows).n} ledger accounts in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      t0 = performance.now();
      await readLiabilities(s.ctx, now);
      times.push(performance.now() - t0);
    }
    const ms = median(times);
    console.log(
      `readLiabilities: median ${ms.toFixed(0)} ms (${times.map((t) => t.toFixed(0)).join(', ')}; target ≤ ${TARGET_MS} ms: ${ms <= TARGET_MS ? 'met' : 'NOT met'}); load average ${defined(loadavg()[0]).toFixed(1)}`,
    );
    const min5 = new Date(now.getTime() + 300_000);
    const h72 = new Date(now.getTime() + 72 * 3_600_000);
    const parts: Array<[string, () => Promise<unknown>]> = [
      ['member sums (running totals)', () => memberTotalsOf(db, MEMBER_TOKEN_CODES)],
      ['open withdrawals', () => openWithdrawals(db)],
      ['pending earn outs', () => pendingEarnOuts(db, now, min5, h72)],
      ['fund units held', () => heldFundUnits(db, now)],
      ['open redemptions', () => openRedemptionUnits(db)],
    ];
    const line: string[] = [];
    for (const [name, f] of parts) {
      const each: number[] = [];
      for (let i = 0; i < 3; i++) {
        t0 = performance.now();
        await f();
        each.push(performance.now() - t0);
      }
      line.push(`${name} ${median(each).toFixed(0)} ms`);
    }
    console.log(`  its statements alone (median of 3): ${line.join(', ')}`);
    // The running totals against the full sum of every member account: what the hourly check reads.
    t0 = performance.now();
    const mismatches = await checkMemberTotals(db);
    console.log(
      `  check: running totals ${mismatches.length === 0 ? '= the full sum of the balances' : `DIFFER from the full sum: ${JSON.stringify(mismatches, (_, v) => (typeof v === 'bigint' ? `${v}` : v))}`} (${(performance.now() - t0).toFixed(0)} ms)`,
    );
    if (mismatches.length > 0) process.exitCode = 1;
    if (process.env.BENCH_EXPLAIN) {
      // The statements' plans, as the profile of the read: the same SQL as repository.ts, explained.
      const explained = await db.transaction(async (tx) => {
        const out: string[] = [];
        const codes = sql.param([...MEMBER_TOKEN_CODES]);
        for (const q of [
          sql`select code, asset, sum(total)::text as total from (
              select code, asset, total from ledger_member_totals where code = any(${codes}::text[])
              union all select code, asset, delta from ledger_member_total_moves where code = any(${codes}::text[])) t
            group by code, asset`,
          sql`select asset, status, sum(received)::text as received from withdrawals
            where status in ('Auditing', 'Withdrawable') group by asset, status`,
        ]) {
          const plan = rowsOf<{ 'QUERY PLAN': string }>(
            await tx.execute(sql`explain (analyze, buffers) ${q}`),
          );
          out.push(plan.map((r) => `    ${r['QUERY PLAN']}`).join('\n'));
        }
        return out;
      });
      for (const plan of explained) console.log(plan);
    }
  } finally {
    await s.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runSolvencyBenchmark();
