/**
 * Benchmark of the admin analytics over 90 days at 1,000,000 members and 10,000,000 ledger transfers on
 * PostgreSQL, from the daily rollups (what GET /admin/analytics runs) beside the plain aggregate query over the raw
 * tables for the same range, in the same run. Part `analytics` of bench/run.ts:
 * `BENCH_PARTS=analytics node --import ./scripts/node20-polyfills.mjs --import tsx bench/run.ts`. Prints figures.
 *
 * Setup (printed, not timed), set-based with generate_series over DAYS (400) days up to now: MEMBERS members, one
 * USDT account each and TRANSFERS ledger transfers between them and the system accounts (foreign-key triggers off
 * while loading: a bench shortcut), ORDERS confirmed shop orders, REWARDS reward records, 200,000 withdrawals
 * (requested, about half approved, a third paid), 200,000 fund subscriptions, 300,000 exchanges and 100,000
 * launchpad purchases, each at its own moment (today included), then ANALYZE.
 *
 * Measured: the rollup backfill of every closed day (one set-based pass, as the job does at start); then RUNS (20)
 * times each, alternating: the service function of GET /admin/analytics for the last 90 days (89 closed days from
 * the rollups + today computed live), and the plain aggregate (the same statement over the raw tables for the whole
 * 90 days, levels counted from the tables). p50 and p99 of each. Target for the API: ≤ 300 ms.
 *
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test): a fresh database is cloned from the migrated
 * template and dropped. BENCH_ANALYTICS_MEMBERS, _TRANSFERS, _ORDERS, _REWARDS, _RUNS change the sizes.
 */
import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { rowsOf } from '@agc/db';
import { ANALYTICS_FIGURES } from '@agc/shared';
import { defined } from '@agc/shared/defined';
import { sql } from 'drizzle-orm';
import { analyticsReport, rollUpClosedDays } from '../apps/server/src/modules/analytics/index.ts';
import { computeDays, levelsAt } from '../apps/server/src/modules/analytics/repository.ts';
import { dayKey, dayStart, nextDay } from '../apps/server/src/modules/rules/index.ts';
import type { TestServer } from '../apps/server/test/helpers.ts';
import { cpuNow, num, PG_URL, pgTestServer } from './pg.ts';

const MEMBERS = num('BENCH_ANALYTICS_MEMBERS', 1_000_000);
const TRANSFERS = num('BENCH_ANALYTICS_TRANSFERS', 10_000_000);
const ORDERS = num('BENCH_ANALYTICS_ORDERS', 1_000_000);
const REWARDS = num('BENCH_ANALYTICS_REWARDS', 3_000_000);
const RUNS = num('BENCH_ANALYTICS_RUNS', 20);
const DAYS = 400;
const RANGE = 90;
const DAY_MS = 86_400_000;
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** A moment within the last DAYS days, spread deterministically by `g` (seconds back from now). */
const spread = (g: string, salt: number) =>
  sql.raw(`now() - ((((${g})::bigint * ${7919 + salt}) % ${DAYS * 86_400}) || ' seconds')::interval`);

async function step(s: TestServer, label: string, f: () => Promise<unknown>) {
  const t0 = performance.now();
  await f();
  console.log(`  ${label}: ${secs(performance.now() - t0)}`);
  void s;
}

async function seed(s: TestServer) {
  const db = s.ctx.db;
  const x = (q: ReturnType<typeof sql>) => db.execute(q);
  // Foreign-key triggers off while loading (the rows reference what is loaded before them).
  await x(sql`set session_replication_role = replica`);
  await step(s, `${MEMBERS} members`, async () => {
    await x(sql`insert into users (id, address, invite_code, left_leg_id, right_leg_id, created_at)
      values (1, ${`0x${'1'.padStart(40, '0')}`}, 'AROOT', 1, 1, now() - interval '${sql.raw(String(DAYS))} days')`);
    await x(sql`insert into users (id, address, invite_code, inviter_id, depth, left_leg_id, right_leg_id, created_at)
      select g, '0x' || lpad(to_hex(g), 40, '0'), 'A' || g, 1, 1, g, g, ${spread('g', 0)}
      from generate_series(2, ${MEMBERS}::int) g`);
    await x(sql`select setval('users_id_seq', ${MEMBERS})`);
  });
  await step(s, `${MEMBERS} ledger accounts and ${TRANSFERS} ledger transfers`, async () => {
    await x(sql`insert into ledger_accounts (id, user_id, code, asset, allow_negative)
      values (1, null, 'system.rewards_paid', 'USDT', true)`);
    await x(sql`insert into ledger_accounts (id, user_id, code, asset)
      select g + 1, g, 'member.available', 'USDT' from generate_series(1, ${MEMBERS}::int) g`);
    await x(sql`select setval('ledger_accounts_id_seq', ${MEMBERS + 1})`);
    const chunk = 2_500_000;
    for (let from = 1; from <= TRANSFERS; from += chunk) {
      const to = Math.min(TRANSFERS, from + chunk - 1);
      await x(sql`insert into ledger_transfers (id, debit_account_id, credit_account_id, asset, amount, kind, ref,
          idempotency_key, created_at)
        select g, 1, (g % ${MEMBERS}) + 2, 'USDT', (g % 1000 + 1) * 1000000, 'reward.static', 'bench:' || g,
          'bench:' || g, ${spread('g', 13)}
        from generate_series(${from}::int, ${to}::int) g`);
    }
    await x(sql`select setval('ledger_transfers_id_seq', ${TRANSFERS})`);
  });
  await step(s, `${ORDERS} confirmed orders`, async () => {
    await x(sql`insert into products (id, name, price_usdt) values (1, 'Bench', 100000000)`);
    await x(sql`insert into orders (user_id, product_id, product_name, price_usdt, fee_agc, agc_price_usdt, status,
        quote_expires_at, confirmed_at, volume_applied_at, created_at)
      select (g % ${MEMBERS}) + 1, 1, 'Bench', 100000000 * (1 + g % 10), 1000000000000000000, 250000, 'Success',
        c, c, c, c
      from (select g, ${spread('g', 29)} as c from generate_series(1, ${ORDERS}::int) g) o`);
  });
  await step(s, `${REWARDS} rewards`, async () => {
    await x(sql`insert into rewards (user_id, kind, base, rate_ppm, due, credited_usdt, credited_agc, day, ref, created_at)
      select (g % ${MEMBERS}) + 1, (array['referral','pairing','static','management'])[g % 4 + 1], 100000000, 10000,
        1000000 + g % 1000, 800000 + g % 1000, 200000000000000000, (c at time zone 'UTC')::date, 'bench:' || g, c
      from (select g, ${spread('g', 31)} as c from generate_series(1, ${REWARDS}::int) g) r`);
  });
  await step(
    s,
    '200,000 withdrawals, 200,000 fund subscriptions, 300,000 exchanges, 100,000 launchpad purchases',
    async () => {
      await x(sql`insert into withdrawals (user_id, type, asset, amount, fee, received, fee_ppm, address, status, day,
        audited_at, claimed_at, created_at)
      select (g % ${MEMBERS}) + 1, 1 + g % 2, (array['USDT','AGC'])[g % 2 + 1], 100000000, 1000000, 99000000, 10000,
        '0x' || lpad(to_hex(g), 40, '0'),
        case when g % 6 < 2 then 'Success' when g % 6 < 3 then 'Withdrawable' when g % 6 = 3 then 'Rejected' else 'Auditing' end,
        (c at time zone 'UTC')::date,
        case when g % 6 < 4 then c + interval '2 hours' end, case when g % 6 < 2 then c + interval '5 hours' end, c
      from (select g, ${spread('g', 37)} as c from generate_series(1, 200000) g) w`);
      await x(
        sql`insert into fund_products (id, name, risk, lock_days, minimum_usdt) values (1, 'Bench', 'Low', 7, 100000000)`,
      );
      await x(sql`insert into fund_orders (user_id, product_id, status, amount_usdt, fee_ppm, quote_expires_at, paid_at,
        confirmed_at, created_at)
      select (g % ${MEMBERS}) + 1, 1, 'Processing', 100000000 * (1 + g % 5), 10000, c, c, c, c
      from (select g, ${spread('g', 41)} as c from generate_series(1, 200000) g) f`);
      await x(sql`insert into exchange_quotes (user_id, from_asset, to_asset, mode, amount_in, fee, amount_out, price_usdt,
        fee_ppm, status, expires_at, accepted_at, created_at)
      select (g % ${MEMBERS}) + 1, (array['USDT','AGC'])[g % 2 + 1], (array['AGC','USDT'])[g % 2 + 1], 'in',
        1000000000, 5000000, 995000000, 250000, 5000, 'Accepted', c, c, c
      from (select g, ${spread('g', 43)} as c from generate_series(1, 300000) g) e`);
      await x(sql`insert into launchpad_rounds (id, name, copies, sold, price_usdt, agc_per_copy, per_member_limit,
        starts_at, ends_at) values (1, 'Bench', 1000000, 300000, 100000000, 400000000000000000000, 10,
        now() - interval '${sql.raw(String(DAYS))} days', now() + interval '1 day')`);
      await x(sql`insert into launchpad_purchases (round_id, user_id, copies, first_copy, amount_usdt, agc, created_at)
      select 1, (g % ${MEMBERS}) + 1, 1 + g % 3, 3 * g + 1, 100000000 * (1 + g % 3), 400000000000000000000 * (1 + g % 3), c
      from (select g, ${spread('g', 47)} as c from generate_series(1, 100000) g) l`);
    },
  );
  await x(sql`set session_replication_role = origin`);
  await step(s, 'ANALYZE', () => x(sql`analyze`));
}

const pct = (sorted: number[], p: number) =>
  defined(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]);
const stats = (ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b);
  return `p50 ${pct(sorted, 50).toFixed(1)} ms, p99 ${pct(sorted, 99).toFixed(1)} ms (min ${defined(sorted[0]).toFixed(1)}, max ${defined(sorted.at(-1)).toFixed(1)})`;
};

export async function runAnalyticsBenchmark(): Promise<void> {
  console.log('\n== Admin analytics: 90 days from rollups vs the plain aggregate ==');
  const s = await pgTestServer(PG_URL);
  if (!s) return;
  try {
    let t0 = performance.now();
    console.log(`setup (${DAYS} days up to now):`);
    await seed(s);
    console.log(`setup total: ${secs(performance.now() - t0)}`);

    t0 = performance.now();
    const cpu0 = (await cpuNow(s.ctx.db)).pg;
    const rolled = await rollUpClosedDays(s.ctx);
    console.log(
      `rollup backfill: ${rolled.length} closed days in ${secs(performance.now() - t0)} (one set-based pass; PostgreSQL CPU ${((await cpuNow(s.ctx.db)).pg - cpu0).toFixed(1)} s)`,
    );
    t0 = performance.now();
    await rollUpClosedDays(s.ctx);
    console.log(`rollup run with nothing due (every minute): ${(performance.now() - t0).toFixed(1)} ms`);

    const today = dayKey(s.ctx.now());
    const from = dayKey(new Date(dayStart(today).getTime() - (RANGE - 1) * DAY_MS));
    if (process.env.BENCH_ANALYTICS_EXPLAIN) {
      const explain = {
        execute: async (q: ReturnType<typeof sql>) => {
          const rows = rowsOf<Record<string, string>>(await s.ctx.db.execute(sql`explain analyze ${q}`));
          console.log(rows.map((r) => Object.values(r)[0]).join('\n'));
          return { rows: [] };
        },
      } as unknown as typeof s.ctx.db;
      await computeDays(explain, from, today, dayStart(from), dayStart(nextDay(today)), {
        all: 0n,
        valid: 0n,
      });
    }
    const api: number[] = [];
    const plain: number[] = [];
    let check = '';
    for (let i = 0; i < RUNS; i++) {
      let t = performance.now();
      const r = await analyticsReport(s.ctx, from, today);
      api.push(performance.now() - t);
      t = performance.now();
      const base = await levelsAt(s.ctx.db, dayStart(from));
      const raw = await computeDays(s.ctx.db, from, today, dayStart(from), dayStart(nextDay(today)), base);
      plain.push(performance.now() - t);
      if (i === 0) {
        // Both ways give the same figures: every count of every day (amounts are formatted in the API's answer).
        const counts = ANALYTICS_FIGURES.filter((f) => f.unit === 'count').map((f) => f.key);
        const same = raw.every((d, j) => counts.every((k) => r.days[j]?.figures[k] === d.figures[k]));
        check = `${r.days.length} days, members ${r.totals.members_all}, orders ${r.totals.shop_orders}, ${same ? 'same counts both ways' : 'FIGURES DIFFER'}`;
      }
    }
    const p99 = pct(
      [...api].sort((a, b) => a - b),
      99,
    );
    console.log(`${RANGE}-day report (${from} … ${today}): ${check}`);
    console.log(
      `  GET /admin/analytics service (rollups + today live), ${RUNS} runs: ${stats(api)}   target ≤ 300 ms${p99 <= 300 ? ': met' : ': NOT met'}`,
    );
    console.log(`  plain aggregate over the raw tables, ${RUNS} runs:        ${stats(plain)}`);
    console.log(`  load average ${defined(loadavg()[0]).toFixed(1)}`);
  } finally {
    await s.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runAnalyticsBenchmark();
