/**
 * Launchpad purchase benchmark: `node --import ./scripts/node20-polyfills.mjs --import tsx bench/launchpad-buy.ts` (part
 * `launchpad` of bench/run.ts; no build needed). Prints figures only; nothing here is asserted in tests.
 *
 * 1,000 buyers fire at once at one 200-copy round (limit 2 per member, each asking 1 or 2 copies) on a fresh
 * PostgreSQL database (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test; made from the migrated
 * template by createTestDb, dropped afterwards), pool of 20 connections (the server's default); 1,000 funded
 * members. Each run on a new round of its own:
 *  - service: `buyCopies` called directly (the real rules, group transactions and ledger; no HTTP);
 *  - 1 per tx: the same with groups of one purchase (BUY_GROUP.max = 1): the one-transaction-per-purchase baseline;
 *  - HTTP: POST /api/v1/launchpad/rounds/:id/buy through the app in process (`app.inject`: routing, session check,
 *    the money rate limit counted in the database, validation, the answer with the purchase and the round; no
 *    sockets), and for scale the same 1,000 members at once reading GET /launchpad/rounds/:id, then POSTing to the
 *    sold-out round (refused from the process's view of the round: the HTTP stack and the rate limit only).
 * Figures: time to sell out (from the first call to the last accepted purchase's answer), p50/p99 of every call
 * and of the accepted ones. Target: p99 ≤ 100 ms. After each run a check: 200 sold, copies 1..200 once, nobody
 * above the limit, checkLedger clean (a failure sets a non-zero exit code).
 */
import { pathToFileURL } from 'node:url';
import { rowsOf } from '@agc/db';
import { defined } from '@agc/shared/defined';
import { sql } from 'drizzle-orm';
import { openSessionFor } from '../apps/server/src/modules/auth/sessions.ts';
import { BUY_GROUP, buyCopies } from '../apps/server/src/modules/launchpad/purchases/service.ts';
import { checkLedger } from '../apps/server/src/modules/ledger/index.ts';
import type { Member } from '../apps/server/src/modules/members/index.ts';
import { addMember, addRoot } from '../apps/server/test/funds-bills-support.ts';
import type { TestServer } from '../apps/server/test/helpers.ts';
import { AGC, grantRewards, USDT } from '../apps/server/test/withdraw-support.ts';
import { PG_URL, pgTestServer } from './pg.ts';

const BUYERS = Number(process.env.BENCH_LAUNCHPAD_BUYERS ?? 1000);
const COPIES = 200;
const LIMIT = 2;

const pct = (sorted: number[], p: number) =>
  sorted.length === 0
    ? 0
    : defined(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]);
const ms = (x: number) => `${x.toFixed(1)} ms`;

async function newRound(s: TestServer): Promise<number> {
  const now = s.ctx.now().getTime();
  const [r] = rowsOf<{ id: number }>(
    await s.ctx.db.execute(sql`insert into launchpad_rounds (name, copies, price_usdt, agc_per_copy,
      per_member_limit, starts_at, ends_at, cliff_days, linear_days)
      values ('Bench', ${COPIES}, ${(100n * USDT).toString()}, ${(400n * AGC).toString()}, ${LIMIT},
        ${new Date(now - 3_600_000).toISOString()}, ${new Date(now + 86_400_000).toISOString()}, 30, 180)
      returning id`),
  );
  return Number(defined(r).id);
}

/** Fires every call at once; returns each call's latency, whether it was accepted, and the sell-out time. */
async function race(calls: Array<() => Promise<boolean>>) {
  const t0 = performance.now();
  let lastAccepted = 0;
  const results = await Promise.all(
    calls.map(async (call) => {
      const start = performance.now();
      const ok = await call();
      const end = performance.now();
      if (ok) lastAccepted = Math.max(lastAccepted, end);
      return { ok, latency: end - start };
    }),
  );
  return { results, sellOut: lastAccepted - t0 };
}

async function check(s: TestServer, roundId: number): Promise<string[]> {
  const problems: string[] = [];
  const copies = rowsOf<{ copy_no: number; user_id: string }>(
    await s.ctx.db.execute(
      sql`select copy_no, user_id::text as user_id from launchpad_copies where round_id = ${roundId} order by copy_no`,
    ),
  );
  if (copies.length !== COPIES || copies.some((c, i) => Number(c.copy_no) !== i + 1))
    problems.push(`copies not 1..${COPIES} once (${copies.length} rows)`);
  const per = new Map<string, number>();
  for (const c of copies) per.set(c.user_id, (per.get(c.user_id) ?? 0) + 1);
  if ([...per.values()].some((n) => n > LIMIT)) problems.push('a member above the limit');
  const ledger = await checkLedger(s.ctx.db);
  if (ledger.mismatched.length + ledger.negative.length + ledger.assetMismatch.length > 0)
    problems.push(
      `ledger check: ${JSON.stringify(ledger, (_, v) => (typeof v === 'bigint' ? v.toString() : v))}`,
    );
  return problems;
}

function report(label: string, r: Awaited<ReturnType<typeof race>>) {
  const all = r.results.map((x) => x.latency).sort((a, b) => a - b);
  const accepted = r.results
    .filter((x) => x.ok)
    .map((x) => x.latency)
    .sort((a, b) => a - b);
  console.log(
    `${label.padEnd(8)} sold out in ${ms(r.sellOut).padStart(9)}   all ${all.length}: p50 ${ms(pct(all, 50))}, p99 ${ms(pct(all, 99))}   accepted ${accepted.length}: p50 ${ms(pct(accepted, 50))}, p99 ${ms(pct(accepted, 99))}`,
  );
  return pct(all, 99);
}

export async function runLaunchpadBenchmark(): Promise<void> {
  console.log(`\n== Launchpad: ${BUYERS} buyers at once, one ${COPIES}-copy round ==`);
  const s = await pgTestServer(PG_URL);
  if (!s) return;
  try {
    const root = await addRoot(s.ctx);
    const members: Member[] = [];
    for (let i = 0; i < BUYERS; i++) members.push(await addMember(s.ctx, root, i % 2 ? 'right' : 'left'));
    await grantRewards(
      s.ctx.db,
      members.map((m) => ({ userId: m.id, asset: 'USDT', amount: 1_000n * USDT, ref: `lp-bench:${m.id}` })),
    );
    const headers = await Promise.all(
      members.map(async (m) => ({
        authorization: `Bearer ${await s.ctx.tokens.sign(m.address, m.id, await openSessionFor(s.ctx.db, m.id, 3_600_000))}`,
        'x-wallet-address': m.address,
      })),
    );
    const users = members.map((m) => ({ id: m.id, address: m.address, roles: [] }));
    const ask = (i: number) => String(1 + (i % 2));
    const buy = async (i: number, roundId: number) => {
      try {
        await buyCopies(s.ctx, defined(users[i]), roundId, ask(i));
        return true;
      } catch {
        return false;
      }
    };

    // Warm-up (not measured): connections, plans, JIT, on a round of its own.
    const warm = await newRound(s);
    await race(members.slice(0, 50).map((_, i) => () => buy(i, warm)));

    let failed = false;
    const r1 = await newRound(s);
    const service = await race(members.map((_, i) => () => buy(i, r1)));
    const p99Service = report('service', service);
    const n1 = service.results.filter((x) => x.ok).length;
    console.log(
      `         sold-out time per accepted purchase ${ms(service.sellOut / Math.max(n1, 1))} (${n1} purchases)`,
    );
    const p1 = await check(s, r1);

    // Baseline: one purchase per transaction (groups of 1), as a row-lock-per-purchase design would run.
    const group = BUY_GROUP.max;
    BUY_GROUP.max = 1;
    const r0 = await newRound(s);
    const single = await race(members.map((_, i) => () => buy(i, r0)));
    BUY_GROUP.max = group;
    report('1 per tx', single);
    const p0 = await check(s, r0);

    const r2 = await newRound(s);
    /** Every member's call of one route at once, through the whole HTTP stack; each answers whether it got a 200. */
    const everyMember = (method: 'GET' | 'POST', url: string, payload?: (i: number) => object) =>
      race(
        members.map((_, i) => async () => {
          const res = await s.app.inject({
            method,
            url,
            headers: defined(headers[i]),
            payload: payload?.(i),
          });
          return res.json().code === 200;
        }),
      );
    // The buyers have the round's page open when the sale starts (as at a real launch): their sessions and member
    // snapshots are in the server's caches, as after any first request (warm-up, not measured).
    await everyMember('GET', '/api/v1/launchpad/rounds');
    const http = await everyMember('POST', `/api/v1/launchpad/rounds/${r2}/buy`, (i) => ({ copies: ask(i) }));
    const p99Http = report('HTTP', http);
    // For scale: the same 1,000 members at once reading the round (session check, no rate limit, 2 queries).
    const reads = await everyMember('GET', `/api/v1/launchpad/rounds/${r2}`);
    const readLat = reads.results.map((x) => x.latency).sort((a, b) => a - b);
    console.log(
      `GET round (same ${BUYERS} at once, for scale): p50 ${ms(pct(readLat, 50))}, p99 ${ms(pct(readLat, 99))}`,
    );
    // And the same POSTs once the round is sold out: refused from the view (no query of the launchpad's), so what
    // remains is the HTTP stack with the money rate limit.
    const refused = await everyMember('POST', `/api/v1/launchpad/rounds/${r2}/buy`, (i) => ({
      copies: ask(i),
    }));
    const refLat = refused.results.map((x) => x.latency).sort((a, b) => a - b);
    console.log(
      `POST buy, sold out (stack + rate limit): p50 ${ms(pct(refLat, 50))}, p99 ${ms(pct(refLat, 99))}`,
    );
    const p2 = await check(s, r2);
    for (const p of [...p0, ...p1, ...p2]) {
      console.log(`CHECK FAILED: ${p}`);
      failed = true;
    }
    console.log(
      `target p99 ≤ 100 ms: service ${p99Service <= 100 ? 'met' : 'MISSED'}, HTTP (in process) ${p99Http <= 100 ? 'met' : 'MISSED'}; checks ${failed ? 'FAILED' : 'ok'} (200 sold, copies 1..200 once, limit kept, ledger clean)`,
    );
    if (failed) process.exitCode = 1;
  } finally {
    await s.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runLaunchpadBenchmark();
