/**
 * Benchmark of the daily simple-earn interest for HOLDERS (default 1,000,000) holders on PostgreSQL, beside a
 * per-member loop baseline (time-boxed and extrapolated). Part `earn` of bench/run.ts:
 * `BENCH_PARTS=earn node --import ./scripts/node20-polyfills.mjs --import tsx bench/run.ts`. Prints figures only.
 *
 * Setup (printed, not timed), in bulk with generate_series: HOLDERS members (flat under one root), each with an earn
 * account holding 100 … 10,000 USDT settled up to the day before, its transfer in on record; on the measured day
 * 2 % of them transfer in and 1 % transfer out (so the day's movements are read too). The ledger side of the seeded
 * money is posted in aggregate (system.rewards_paid → system.earn_holdings and back for the outs), so the control
 * account equals the accounts' sum and checkEarn holds; a bench shortcut, not how the app posts them.
 *
 * Measured: the module's own settleEarnDay for the day (drain the transfer gate, claim the day, the one set-based
 * statement over every account, one ledger transfer, the day's totals, one commit). Target ≤ 10 s. Beside it its floor,
 * measured first and rolled back: one UPDATE of every holder's row and the insert of the interest rows (target ≤ 1.5×).
 * Then checkEarn.
 *
 * Baseline: the same day's interest the way a naive job would do it, one transaction per member (lock its row, read
 * its day's movements, compute in JS with math.ts, update the row, insert its interest row, post its own ledger
 * transfer), on the next day's accounts, time-boxed to BASELINE_SECONDS (20) and extrapolated to HOLDERS.
 *
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test): a fresh database is made from the migrated
 * template and dropped. BENCH_EARN_HOLDERS, BENCH_EARN_BASELINE_SECONDS change the sizes. (The
 * schema measured here is migration 0013's: earn_interest without a foreign key to users, earn_accounts with no
 * index on a column the statement changes and fillfactor 50, so the row updates are HOT; the earlier figures with
 * the key and the index are in bench/README.md.)
 */
import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { rowsOf } from '@agc/db';
import { defined } from '@agc/shared/defined';
import { sql } from 'drizzle-orm';
import { checkEarn, settleEarnDay } from '../apps/server/src/modules/earn/index.ts';
import { dailyRateE18, dayBase, dayInterest, RATE_ONE } from '../apps/server/src/modules/earn/math.ts';
import { ACCOUNTS, transfer } from '../apps/server/src/modules/ledger/index.ts';
import { dayKey } from '../apps/server/src/modules/rules/index.ts';
import type { TestServer } from '../apps/server/test/helpers.ts';
import { floorLine, timedRolledBack } from './floor.ts';
import { cpuNow, num, PG_URL, pgTestServer } from './pg.ts';

const HOLDERS = num('BENCH_EARN_HOLDERS', 1_000_000);
const BASELINE_SECONDS = num('BENCH_EARN_BASELINE_SECONDS', 20);
const DAY_MS = 86_400_000;
const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

export async function seedEarnHolders(s: TestServer, day: string) {
  const db = s.ctx.db;
  const before = dayKey(new Date(new Date(`${day}T00:00:00Z`).getTime() - DAY_MS));
  const long = dayKey(new Date(new Date(`${day}T00:00:00Z`).getTime() - 5 * DAY_MS));
  await db.execute(sql`insert into users (id, address, invite_code, left_leg_id, right_leg_id)
    values (1, ${`0x${'1'.padStart(40, '0')}`}, 'BROOT', 1, 1)`);
  await db.execute(sql`insert into users (id, address, invite_code, inviter_id, depth, left_leg_id, right_leg_id)
    select g, '0x' || lpad(to_hex(g), 40, '0'), 'B' || g, 1, 1, g, g from generate_series(2, ${HOLDERS + 1}) g`);
  await db.execute(sql`select setval('users_id_seq', ${HOLDERS + 1})`);
  // 100 … 10,000 USDT, spread deterministically.
  const held = sql`((g::bigint * 7919) % 9901 + 100)::numeric * 1000000`;
  await db.execute(sql`insert into earn_movements (user_id, kind, amount, day, status, created_at)
    select g, 'In', ${held}, ${long}::date, 'Completed', ${long}::date from generate_series(2, ${HOLDERS + 1}) g`);
  await db.execute(sql`insert into earn_accounts (user_id, balance, settled_balance, settled_day)
    select g, ${held}, ${held}, ${before}::date from generate_series(2, ${HOLDERS + 1}) g`);
  // The day: 2 % transfer in 50 USDT, 1 % transfer out 80 USDT (arrived), balances moved as the services move them.
  await db.execute(sql`insert into earn_movements (user_id, kind, amount, day, status, created_at)
    select g, 'In', 50000000, ${day}::date, 'Completed', ${day}::date from generate_series(2, ${HOLDERS + 1}) g
    where g % 50 = 0`);
  await db.execute(sql`insert into earn_movements (user_id, kind, amount, day, status, arrives_at, arrived_at, created_at)
    select g, 'Out', 80000000, ${day}::date, 'Arrived', ${day}::date, ${day}::date, ${day}::date
    from generate_series(2, ${HOLDERS + 1}) g where g % 100 = 1`);
  await db.execute(sql`update earn_accounts a set balance = a.balance + m.net from (
      select user_id, sum(case when kind = 'In' then amount else -amount end) as net from earn_movements
      where day = ${day}::date group by user_id) m where a.user_id = m.user_id`);
  const [t] = rowsOf<{ total: string; outs: string }>(
    await db.execute(sql`select (select sum(amount) from earn_movements where kind = 'In')::text as total,
      (select sum(amount) from earn_movements where kind = 'Out')::text as outs`),
  );
  await db.transaction(async (tx) => {
    const rewards = { userId: null, code: ACCOUNTS.rewardsPaid, asset: 'USDT' } as const;
    const holdings = { userId: null, code: ACCOUNTS.earnHoldings, asset: 'USDT' } as const;
    await transfer(tx, {
      debit: rewards,
      credit: holdings,
      amount: BigInt(defined(t).total),
      kind: 'bench.seed',
      ref: 'bench:earn:in',
      idempotencyKey: 'bench:earn:in',
    });
    await transfer(tx, {
      debit: holdings,
      credit: rewards,
      amount: BigInt(defined(t).outs),
      kind: 'bench.seed',
      ref: 'bench:earn:out',
      idempotencyKey: 'bench:earn:out',
    });
  });
  // What autovacuum does before a daily job: bulk-loaded tables analysed, their dead rows gone.
  for (const table of ['users', 'earn_accounts', 'earn_movements', 'ledger_accounts'])
    await db.execute(sql.raw(`vacuum analyze ${table}`));
}

/**
 * The floor: the least the database must write for the day's interest, in a transaction rolled back: one UPDATE of
 * every holder's row (the same columns the settlement sets, the interest of a holder who moved nothing) and the
 * insert of an interest row per holder. No movements read, no gate, no day row, no ledger transfer.
 */
async function earnFloor(s: TestServer, day: string, rateE18: bigint): Promise<number> {
  const interest = sql`div(a.settled_balance * ${rateE18.toString()}::numeric, ${RATE_ONE.toString()}::numeric)`;
  return timedRolledBack(s.ctx.db, async (tx) => {
    await tx.execute(sql`
      with u as (
        update earn_accounts a set settled_balance = a.settled_balance + ${interest}, settled_day = ${day}::date,
          balance = a.balance + ${interest}, total_interest = a.total_interest + ${interest},
          last_interest = ${interest}, last_interest_day = ${day}::date, updated_at = now()
        where a.settled_day < ${day}::date and a.settled_balance > 0
        returning a.user_id, a.settled_balance - a.last_interest as base, a.last_interest as interest)
      insert into earn_interest (day, user_id, base, amount)
      select ${day}::date, user_id, base, interest from u where interest > 0`);
  });
}

/** The naive job: one transaction per member, time-boxed; returns how many members it settled and the time. */
async function baseline(s: TestServer, day: string, rateE18: bigint) {
  const db = s.ctx.db;
  const ids = rowsOf<{ id: string }>(
    await db.execute(sql`select user_id::text as id from earn_accounts where settled_day < ${day}::date
      order by user_id limit 200000`),
  ).map((r) => BigInt(r.id));
  const t0 = performance.now();
  let done = 0;
  for (const id of ids) {
    if (performance.now() - t0 > BASELINE_SECONDS * 1000) break;
    await db.transaction(async (tx) => {
      const [acc] = rowsOf<{ settled_balance: string; settled_day: string }>(
        await tx.execute(sql`select settled_balance::text as settled_balance, settled_day::text as settled_day
          from earn_accounts where user_id = ${id.toString()}::bigint for update`),
      );
      const moves = rowsOf<{ day: string; net: string }>(
        await tx.execute(sql`select day::text as day, sum(case when kind = 'In' then amount else -amount end)::text as net
          from earn_movements where user_id = ${id.toString()}::bigint and day > ${defined(acc).settled_day}::date
            and day <= ${day}::date group by day`),
      );
      let opening = BigInt(defined(acc).settled_balance);
      for (const m of moves) if (m.day < day) opening += BigInt(m.net);
      const closing = opening + BigInt(moves.find((m) => m.day === day)?.net ?? '0');
      const base = dayBase(opening, closing);
      const interest = dayInterest(base, rateE18);
      await tx.execute(sql`update earn_accounts set settled_balance = ${(closing + interest).toString()}::numeric,
        settled_day = ${day}::date, balance = balance + ${interest.toString()}::numeric,
        total_interest = total_interest + ${interest.toString()}::numeric, last_interest = ${interest.toString()}::numeric,
        last_interest_day = ${day}::date where user_id = ${id.toString()}::bigint`);
      if (interest > 0n) {
        await tx.execute(sql`insert into earn_interest (day, user_id, base, amount)
          values (${day}::date, ${id.toString()}::bigint, ${base.toString()}::numeric, ${interest.toString()}::numeric)`);
        await transfer(tx, {
          debit: { userId: null, code: ACCOUNTS.earnInterestPaid, asset: 'USDT' },
          credit: { userId: null, code: ACCOUNTS.earnHoldings, asset: 'USDT' },
          amount: interest,
          kind: 'bench.earn_interest',
          ref: `bench:${day}:${id}`,
          idempotencyKey: `bench:earn:${day}:${id}`,
        });
      }
    });
    done += 1;
  }
  return { done, ms: performance.now() - t0 };
}

export async function runEarnInterestBenchmark(): Promise<void> {
  console.log('\n== Simple earn: daily interest ==');
  const s = await pgTestServer(PG_URL);
  if (!s) return;
  try {
    // The measured day is yesterday (UTC) on the server's clock: due for settlement now.
    const day = dayKey(new Date(s.ctx.now().getTime() - DAY_MS));
    let t0 = performance.now();
    await seedEarnHolders(s, day);
    // The days before the measured one are settled already (as the job would have done them).
    await s.ctx.db.execute(sql`insert into earn_days (day, rate_e18, holders, total, finished_at)
      select d::date, 0, 0, 0, now() from generate_series(${day}::date - 5, ${day}::date - 1, interval '1 day') d`);
    console.log(`setup: ${HOLDERS} holders, their accounts and movements in ${secs(performance.now() - t0)}`);

    const floorMs = await earnFloor(s, day, dailyRateE18(s.ctx.config.earn.apyPpm));
    // The floor's rolled-back row versions are dead rows: gone before the measured day, as after autovacuum.
    for (const table of ['earn_accounts', 'earn_interest'])
      await s.ctx.db.execute(sql.raw(`vacuum analyze ${table}`));

    const cpu0 = (await cpuNow(s.ctx.db)).pg;
    t0 = performance.now();
    const run = await settleEarnDay(s.ctx, day);
    const ms = performance.now() - t0;
    const cpu = (await cpuNow(s.ctx.db)).pg - cpu0;
    console.log(
      `settlement of ${day}: ${run.holders} holders earned ${(Number(run.total) / 1e6).toFixed(2)} USDT in ${secs(ms)} (one statement; target ≤ 10 s${ms <= 10_000 ? ': met' : ': NOT met'}); PostgreSQL CPU ${cpu.toFixed(2)} s; load average ${defined(loadavg()[0]).toFixed(1)}`,
    );
    console.log(
      floorLine('settlement against its floor', ms, floorMs, 1.5, {
        floorName: 'one UPDATE of every holder row and the insert of the interest rows, rolled back',
      }),
    );
    t0 = performance.now();
    const check = await checkEarn(s.ctx.db);
    console.log(`checkEarn: ${check.ok ? 'clean' : 'NOT CLEAN'} (${secs(performance.now() - t0)})`);

    const next = dayKey(new Date(new Date(`${day}T00:00:00Z`).getTime() + DAY_MS));
    const b = await baseline(s, next, dailyRateE18(s.ctx.config.earn.apyPpm));
    const perSecond = (b.done / b.ms) * 1000;
    const projected = (HOLDERS / perSecond) * 1000;
    console.log(
      `baseline (one transaction per member): ${b.done} members in ${secs(b.ms)} = ${Math.round(perSecond)} members/s → ${secs(projected)} for ${HOLDERS} (×${(projected / ms).toFixed(0)} the set-based settlement)`,
    );
  } finally {
    await s.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runEarnInterestBenchmark();
