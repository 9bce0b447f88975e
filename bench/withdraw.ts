/**
 * Withdrawal benchmark: `node --import ./scripts/node20-polyfills.mjs --import tsx bench/withdraw.ts`
 * (also run at the end of `npm run bench`; needs `npm run build`). Prints figures only; nothing here is
 * asserted in tests.
 *
 * POST /api/v1/withdraw on the built server (apps/server/dist, as `npm start` runs it) on a fresh
 * PostgreSQL database: 1,000 members, each with an earned available balance (a journal entry as a reward
 * posts it), send withdrawal requests of 1 USDT (the default minimum) through 50 connections, members taken in turn, so
 * requests of one member meet each other as they would with double taps. Every request runs the real
 * path: session check, one transaction that locks the member's available balance, checks the daily
 * limit and the balance under the lock, inserts the withdrawal and posts available → locked.
 * Target: ≥ 1,000 requests/s with p99 ≤ 50 ms. Then a correctness check: withdrawals = 2xx answers,
 * every member's locked balance = its withdrawals, checkLedger clean.
 *
 * Baseline in the same run: the same requests with one transaction per request (WITHDRAW_BATCH_MAX=1,
 * WITHDRAW_BATCH_CONCURRENCY = the pool), against the default group commit (requests that arrive while a
 * transaction runs go together in the next one). GET /api/v1/withdraw/limit (reads only: the answer cached per
 * member, a miss two queries at once) on the same server, beside its floor GET /api/v1/me of one member (cached: the
 * same stack's cheapest authenticated read; target ≥ 0.5×); /me of every member in turn for scale. The group commit's
 * floor: POST /bare (bench/bare-server.ts) with the same client, connections, headers and body (targets: p99 ≤ 3× the
 * bare p99, req/s ≥ 0.1× the bare req/s).
 *
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test): the PostgreSQL server; a fresh
 * database is created and dropped. BENCH_WITHDRAW_MEMBERS (1000), BENCH_CONNECTIONS (50),
 * BENCH_DURATION (10 s), BENCH_POOL (the server's DATABASE_POOL_SIZE, default 20).
 */
import { randomBytes } from 'node:crypto';
import { cpus } from 'node:os';
import { pathToFileURL } from 'node:url';
import { openDb, rowsOf } from '@agc/db';
import { defined } from '@agc/shared/defined';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { ACCOUNTS, checkLedger } from '../apps/server/src/modules/ledger/index.ts';
import { floorLine } from './floor.ts';
import { mergeResults, type Result, resultOf, startBareServer, startBuiltServer } from './http.ts';
import { signedInMembers } from './members.ts';
import { dropPgDatabase, freshPgDatabase, num, PG_URL } from './pg.ts';

const MEMBERS = num('BENCH_WITHDRAW_MEMBERS', 1000);
const CONNECTIONS = num('BENCH_CONNECTIONS', 50);
const DURATION = num('BENCH_DURATION', 10);
const POOL = num('BENCH_POOL', 20);
const USDT = 10n ** 6n;

/**
 * autocannon with each request signed as the next member in turn. With several server URLs (several
 * processes behind a load balancer), the connections are split between them and run at once; their
 * figures merged by mergeResults (summed; p50/p99 the worst).
 */
async function run(
  urls: string[],
  method: 'GET' | 'POST',
  headers: Array<Record<string, string>>,
  body: string | undefined,
  duration: number,
): Promise<Result> {
  let next = 0;
  const results = await Promise.all(
    urls.map((url) =>
      autocannon({
        url,
        connections: Math.ceil(CONNECTIONS / urls.length),
        duration,
        requests: [
          {
            method,
            setupRequest: (req) => {
              const h = defined(headers[next++ % headers.length]);
              return {
                ...req,
                headers: { ...req.headers, ...h, 'content-type': 'application/json' },
                ...(body === undefined ? {} : { body }),
              };
            },
          },
        ],
      }),
    ),
  );
  return mergeResults(results.map(resultOf));
}

const fmt = (f: Result) =>
  `${f.rps.toFixed(0).padStart(6)} req/s   p50 ${String(f.p50).padStart(3)} ms   p99 ${String(f.p99).padStart(3)} ms   2xx ${f.ok}   non-2xx ${f.non2xx}   errors ${f.errors}`;

/** The figures measured beside the group commit's writes. */
interface Reads {
  limit?: Result;
  me?: Result;
  bare?: Result;
}

/**
 * One measured setup: a fresh database, `processes` built servers on it with `env` (the same secret, as
 * behind one load balancer), 1,000 funded members; the requests run, then the check. Returns the POST
 * figures.
 */
async function measure(
  label: string,
  env: Record<string, string>,
  withReads: boolean,
  processes = 1,
): Promise<({ write: Result } & Reads) | null> {
  const dbUrl = await freshPgDatabase(
    PG_URL,
    'agc_bench_wd_',
    (reason) => `\nwithdrawals: PostgreSQL not reachable at ${PG_URL} (${reason}): skipped`,
  );
  if (!dbUrl) return null;
  const secret = randomBytes(32).toString('hex');
  const servers = await Promise.all(
    Array.from({ length: processes }, () =>
      startBuiltServer(dbUrl, {
        JWT_SECRET: secret,
        SEED_DEMO: 'false',
        RUN_JOBS: 'false',
        DATABASE_POOL_SIZE: String(POOL),
        WITHDRAW_DAILY_LIMIT_USDT: '1000000000',
        ...env,
      }),
    ),
  );
  const server = defined(servers[0]);
  const at = (path: string) => servers.map((x) => `${x.base}${path}`);
  const db = await openDb({ kind: 'postgres', url: dbUrl, poolSize: 4 });
  try {
    // Members under one root (the server migrated the database on start), each credited 1,000 USDT.
    const signed = await signedInMembers(db.db, {
      count: MEMBERS,
      usdt: 1_000n * USDT,
      jwtSecret: secret,
      ref: 'bench',
    });
    const headers = signed.map((m) => m.headers);
    const body = JSON.stringify({ amount: '1', type: 1 });
    const probe = await fetch(`${server.base}/api/v1/withdraw`, {
      method: 'POST',
      headers: { ...headers[0], 'content-type': 'application/json' },
      body,
    });
    const answer = await probe.json();
    if (answer.code !== 200) throw new Error(`withdraw failed: ${JSON.stringify(answer)}`);

    // Warm-up (JIT, pools, caches of the member snapshots), not measured.
    await run(at('/api/v1/withdraw'), 'POST', headers, body, 3);
    const reads: Reads = {};
    if (withReads) {
      reads.limit = await run(at('/api/v1/withdraw/limit'), 'GET', headers, undefined, DURATION);
      console.log(`GET withdraw/limit (reads only)                  ${fmt(reads.limit)}`);
      // The read's floor: /me of one member, as the `me` part measures it (its answer cached after the first request:
      // the session check and the answer only). /me of all the members, each loading its figures, for scale.
      reads.me = await run(at('/api/v1/me'), 'GET', [defined(headers[0])], undefined, DURATION);
      console.log(`GET me, one member (the read's floor)            ${fmt(reads.me)}`);
      const everyone = await run(at('/api/v1/me'), 'GET', headers, undefined, DURATION);
      console.log(`GET me, every member in turn (for scale)         ${fmt(everyone)}`);
      // The writes' floor: a bare route in its own process, the same client, connections, requests and body.
      const bare = await startBareServer();
      try {
        await run([`${bare.base}/bare`], 'POST', headers, body, 3);
        reads.bare = await run([`${bare.base}/bare`], 'POST', headers, body, DURATION);
      } finally {
        await bare.stop();
      }
      console.log(`POST to a bare route (the writes' floor)         ${fmt(reads.bare)}`);
    }
    const write = await run(at('/api/v1/withdraw'), 'POST', headers, body, DURATION);
    console.log(`${label.padEnd(48)} ${fmt(write)}`);

    // Correctness: every accepted request is one withdrawal and its amount sits in locked.
    const [counts] = rowsOf<{ n: number; locked: string; wd: string; bad: number }>(
      await db.db.execute(sql`
        select (select count(*)::int from withdrawals) as n,
          (select sum(balance)::text from ledger_accounts where code = ${ACCOUNTS.locked}) as locked,
          (select sum(amount)::text from withdrawals) as wd,
          (select count(*)::int from ledger_accounts a where a.code = ${ACCOUNTS.locked} and a.balance <>
            (select coalesce(sum(w.amount), 0) from withdrawals w where w.user_id = a.user_id)) as bad`),
    );
    const ledger = await checkLedger(db.db);
    const clean =
      ledger.mismatched.length === 0 && ledger.negative.length === 0 && ledger.assetMismatch.length === 0;
    console.log(
      `  check: ${defined(counts).n} withdrawals (${write.ok} answered 2xx in the measured run), locked ${defined(counts).locked} = requested ${defined(counts).wd}, members off: ${defined(counts).bad}, journal ${clean ? 'clean' : 'NOT clean'}`,
    );
    return { write, ...reads };
  } finally {
    await db.close();
    await Promise.all(servers.map((x) => x.stop()));
    await dropPgDatabase(PG_URL, dbUrl);
  }
}

export async function runWithdrawBenchmark(): Promise<void> {
  console.log(
    `\nWithdrawal requests on PostgreSQL (built server, pool ${POOL}): ${MEMBERS} members, ${CONNECTIONS} connections, ${DURATION} s`,
  );
  const baseline = await measure(
    'POST withdraw, one transaction per request',
    { WITHDRAW_BATCH_MAX: '1', WITHDRAW_BATCH_CONCURRENCY: String(POOL) },
    false,
  );
  const grouped = await measure('POST withdraw, group commit (the default)', {}, true);
  // Scale-out: two processes on the one database, the same connections split between them.
  const two = await measure('POST withdraw, group commit, 2 processes', {}, false, 2);
  if (!grouped || !baseline) return;
  const g = grouped.write;
  console.log(
    `  target ≥ 1,000 req/s (${g.rps >= 1000 ? 'met' : 'NOT met'}), p99 ≤ 50 ms (${g.p99 <= 50 ? 'met' : 'NOT met'}); ${(g.rps / baseline.write.rps).toFixed(1)}× the per-request baseline`,
  );
  const { bare, me, limit } = grouped;
  if (bare && me && limit) {
    console.log(
      floorLine('group commit, p99', g.p99, bare.p99, 3, {
        unit: 'ms',
        floorName: 'a bare route, same client',
      }),
    );
    console.log(
      floorLine('group commit, req/s', g.rps, bare.rps, 0.1, {
        unit: 'rate',
        higherIsBetter: true,
        floorName: 'a bare route, same client',
      }),
    );
    console.log(
      floorLine('GET withdraw/limit, req/s', limit.rps, me.rps, 0.5, {
        unit: 'rate',
        higherIsBetter: true,
        floorName: 'GET me of one member, same server and run',
      }),
    );
  }
  if (two)
    console.log(
      `  2 processes: ${(two.write.rps / g.rps).toFixed(2)}× one process's requests/s (one machine, ${cpus().length} cores, shared with PostgreSQL and the load generator)`,
    );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  runWithdrawBenchmark().catch((e) => {
    console.error(e);
    process.exit(1);
  });
