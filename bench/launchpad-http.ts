/**
 * Launchpad purchase benchmark over real HTTP: `node --import ./scripts/node20-polyfills.mjs --import tsx bench/launchpad-http.ts`
 * (part `launchpad-http` of bench/run.ts; needs a built server: `npm run build`, or
 * `SERVER_DIST=.build/<name>/server node apps/server/scripts/build.mjs` and BUILT_SERVER_JS=.build/<name>/server/server.js).
 * Prints figures only; nothing here is asserted in tests.
 *
 * 1,000 buyers at once on one 200-copy round (limit 2 per member, each asking 1 or 2 copies), with the clients out
 * of the servers' processes: a fresh PostgreSQL database (BENCH_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/test; dropped afterwards), N processes of the built server on it (N = 1 and 2 by
 * default, BENCH_LAUNCHPAD_PROCESSES), each on its own port, jobs off, pool of 20 each, the default money rate limit
 * (counted in the database, shared by the processes). This process is the client (undici, one keep-alive pool per
 * server, as many connections as buyers sent to it: every buyer has a connection of its own, as every phone does);
 * buyer i talks to server i mod N (round robin, as a load balancer would). The buyers are signed in beforehand
 * (a session row and a token signed with the servers' secret, as sign-in makes them) and have read the rounds once
 * (connections open, sessions warm in every process: the round's page is open when the sale starts). Then, per run,
 * a new round opens and every buyer POSTs /launchpad/rounds/:id/buy at the same moment; each request is timed by the
 * client from sending it to the last byte of its answer. Figures: time to sell out (from the first send to the last
 * accepted answer), p50/p99 of every request and of the accepted ones, the servers' and PostgreSQL's CPU time in
 * the burst, the machine's load. Then for scale the same POSTs on the sold-out round (refused from the process's
 * view of the round: the HTTP stack, session check and rate limit only).
 *
 * After each run a check (a failure sets a non-zero exit code): exactly 200 sold, copies 1..200 once, nobody above
 * the limit, every accepted answer = one purchase row of that member with its copies and cost, every buyer's
 * available USDT down by exactly what it bought (refused buyers unchanged), no answer other than a purchase or a
 * launchpad refusal (no 5xx, no 429), checkLedger clean. Target: p99 ≤ 100 ms.
 *
 * BENCH_LAUNCHPAD_BUYERS (1000), BENCH_LAUNCHPAD_RUNS (runs per N, 3), BENCH_CPU_PROF (a folder: every server
 * process writes a V8 CPU profile there when it stops).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { type Db, openDb, rowsOf } from '@agc/db';
import { defined } from '@agc/shared/defined';
import { sql } from 'drizzle-orm';
import { Pool } from 'undici';
import { ACCOUNTS, checkLedger } from '../apps/server/src/modules/ledger/index.ts';
import type { Member } from '../apps/server/src/modules/members/index.ts';
import type { BuiltServer } from '../apps/server/test/built-server.ts';
import { startBuiltServer } from '../apps/server/test/built-server.ts';
import { floorLine } from './floor.ts';
import { startBareServer } from './http.ts';
import { signedInMembers } from './members.ts';
import { cpuNow, dropPgDatabase, freshPgDatabase, PG_URL } from './pg.ts';

const BUYERS = Number(process.env.BENCH_LAUNCHPAD_BUYERS ?? 1000);
const RUNS = Number(process.env.BENCH_LAUNCHPAD_RUNS ?? 3);
const PROCESSES = (process.env.BENCH_LAUNCHPAD_PROCESSES ?? '1,2').split(',').map(Number);
const CPU_PROF = process.env.BENCH_CPU_PROF;
const COPIES = 200;
const LIMIT = 2;
const USDT = 10n ** 6n;
const AGC = 10n ** 18n;
const PRICE = 100n * USDT;
const POOL = 20;

const pct = (sorted: number[], p: number) =>
  sorted.length === 0
    ? 0
    : defined(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]);
const ms = (x: number) => `${x.toFixed(1)} ms`;
/** Copies buyer i asks for: 1, 1, 2, 2, … (so that every server of a round robin gets both kinds). */
const ask = (i: number) => 1 + (Math.floor(i / 2) % 2);

/** CPU seconds a process has used so far (/proc: the servers run on this machine). */
function cpuOf(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    const fields = defined(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

async function newRound(db: Db): Promise<number> {
  const now = Date.now();
  const [r] = rowsOf<{ id: number }>(
    await db.execute(sql`insert into launchpad_rounds (name, copies, price_usdt, agc_per_copy,
      per_member_limit, starts_at, ends_at, cliff_days, linear_days)
      values ('Bench HTTP', ${COPIES}, ${PRICE.toString()}, ${(400n * AGC).toString()}, ${LIMIT},
        ${new Date(now - 3_600_000).toISOString()}, ${new Date(now + 86_400_000).toISOString()}, 30, 180)
      returning id`),
  );
  return Number(defined(r).id);
}

async function balances(db: Db, members: Member[]): Promise<Map<string, bigint>> {
  const rows = rowsOf<{ user_id: string; balance: string }>(
    await db.execute(sql`select user_id::text as user_id, balance::text as balance from ledger_accounts
      where code = ${ACCOUNTS.available} and asset = 'USDT'
        and user_id = any(${sql.param(members.map((m) => m.id.toString()))}::bigint[])`),
  );
  return new Map(rows.map((r) => [r.user_id, BigInt(r.balance)]));
}

interface Answer {
  status: number;
  code: number;
  latency: number;
  end: number;
  /** The purchase of an accepted answer. */
  purchase?: { first_copy: number; last_copy: number; copies: number; amount_usdt: string };
  msg?: string;
}

interface Client {
  pools: Pool[];
  headers: Array<Record<string, string>>;
}

/** Sends one request of buyer i to its server and reads the whole answer. */
async function send(
  c: Client,
  i: number,
  method: 'GET' | 'POST',
  path: string,
  body?: string,
): Promise<Answer> {
  const start = performance.now();
  const res = await defined(c.pools[i % c.pools.length]).request({
    method,
    path,
    headers:
      body === undefined
        ? defined(c.headers[i])
        : { ...defined(c.headers[i]), 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body }),
  });
  const text = await res.body.text();
  const end = performance.now();
  const json = JSON.parse(text) as { code: number; msg: string; data?: { purchase?: Answer['purchase'] } };
  return {
    status: res.statusCode,
    code: json.code,
    latency: end - start,
    end,
    ...(json.code === 200 ? { purchase: json.data?.purchase } : { msg: json.msg }),
  };
}

/** Every buyer at once; returns each answer (by buyer) and the time from the first send to the last accepted answer. */
async function burst(f: (i: number) => Promise<Answer>) {
  const t0 = performance.now();
  const answers = await Promise.all(Array.from({ length: BUYERS }, (_, i) => f(i)));
  const accepted = answers.filter((a) => a.code === 200);
  return { answers, sellOut: Math.max(0, ...accepted.map((a) => a.end - t0)), wall: performance.now() - t0 };
}

interface RunFigures {
  sellOut: number;
  p50: number;
  p99: number;
  acceptedP50: number;
  acceptedP99: number;
  accepted: number;
  serverCpu: number;
  /** CPU seconds of this process (the client) in the burst. */
  clientCpu: number;
  pgCpu: number;
  load: number;
  refusedP99: number;
  /** Warm runs: p99 of every buyer's `GET /launchpad/rounds/:id` at once, just before the sale (NaN when cold). */
  roundP99: number;
  /** p99 of the bare route's burst just before this run's sale. */
  floorP99: number;
  problems: string[];
}

/** The checks of one run (see the file's comment); returns what is wrong. */
async function check(
  db: Db,
  roundId: number,
  members: Member[],
  before: Map<string, bigint>,
  answers: Answer[],
): Promise<string[]> {
  const problems: string[] = [];
  const odd = answers.filter((a) => a.code !== 200 && !(a.status === 400 && a.code === 400));
  if (odd.length > 0)
    problems.push(
      `${odd.length} answers neither a purchase nor a refusal (e.g. ${defined(odd[0]).status} ${defined(odd[0]).code} ${defined(odd[0]).msg})`,
    );
  const [round] = rowsOf<{ sold: number }>(
    await db.execute(sql`select sold from launchpad_rounds where id = ${roundId}`),
  );
  if (Number(defined(round).sold) !== COPIES) problems.push(`sold ${defined(round).sold}, not ${COPIES}`);
  const copies = rowsOf<{ copy_no: number; user_id: string }>(
    await db.execute(
      sql`select copy_no, user_id::text as user_id from launchpad_copies where round_id = ${roundId} order by copy_no`,
    ),
  );
  if (copies.length !== COPIES || copies.some((c, i) => Number(c.copy_no) !== i + 1))
    problems.push(`copies not 1..${COPIES} once (${copies.length} rows)`);
  const held = new Map<string, number>();
  for (const c of copies) held.set(c.user_id, (held.get(c.user_id) ?? 0) + 1);
  if ([...held.values()].some((n) => n > LIMIT)) problems.push('a member above the limit');
  const purchases = rowsOf<{ user_id: string; first_copy: number; copies: number; amount_usdt: string }>(
    await db.execute(sql`select user_id::text as user_id, first_copy, copies, amount_usdt::text as amount_usdt
      from launchpad_purchases where round_id = ${roundId}`),
  );
  const byUser = new Map(purchases.map((p) => [p.user_id, p]));
  if (byUser.size !== purchases.length) problems.push('a member with two purchases in one run');
  const after = await balances(db, members);
  let acceptedSeen = 0;
  answers.forEach((a, i) => {
    const id = defined(members[i]).id.toString();
    const row = byUser.get(id);
    const spent = defined(before.get(id)) - defined(after.get(id));
    if (a.code === 200) {
      acceptedSeen += 1;
      const p = defined(a.purchase);
      if (
        !row ||
        Number(row.first_copy) !== p.first_copy ||
        Number(row.copies) !== ask(i) ||
        p.copies !== ask(i) ||
        p.last_copy !== p.first_copy + ask(i) - 1 ||
        BigInt(row.amount_usdt) !== BigInt(ask(i)) * PRICE
      )
        problems.push(
          `buyer ${i}: accepted answer ${JSON.stringify(p)} ≠ its purchase ${JSON.stringify(row)}`,
        );
      if (spent !== BigInt(ask(i)) * PRICE)
        problems.push(`buyer ${i}: paid ${spent}, bought ${ask(i)} copies`);
    } else {
      if (row) problems.push(`buyer ${i}: refused (${a.msg}) but has a purchase`);
      if (spent !== 0n) problems.push(`buyer ${i}: refused (${a.msg}) but its balance moved by ${spent}`);
    }
  });
  if (acceptedSeen !== purchases.length)
    problems.push(`${acceptedSeen} accepted answers, ${purchases.length} purchases`);
  const ledger = await checkLedger(db);
  if (ledger.mismatched.length + ledger.negative.length + ledger.assetMismatch.length > 0)
    problems.push(
      `ledger check: ${JSON.stringify(ledger, (_, v) => (typeof v === 'bigint' ? v.toString() : v))}`,
    );
  return problems.slice(0, 10);
}

/**
 * The buyers' sessions when the sale opens. `cold`: the servers as configured by default (sessions and member
 * snapshots cached for MEMBER_CACHE_TTL_MS = 1 s), the buyers' last requests older than that (the page open for a
 * while, as at a real launch: the launchpad page does not poll), so every request first reads its session and
 * member (one query each). `warm`: the servers started with MEMBER_CACHE_TTL_MS = 60 s and every buyer reading the
 * round just before, so no request reads its session: the session lookups' share of the cold figures.
 */
type Sessions = 'warm' | 'cold';
const SESSION_TTL_MS = 1000;
const WARM_TTL_MS = 60_000;

/** One run on a new round with the servers up. */
async function run(
  db: Db,
  c: Client,
  servers: BuiltServer[],
  members: Member[],
  sessions: Sessions,
  floor: BareFloor,
): Promise<RunFigures> {
  const roundId = await newRound(db);
  const before = await balances(db, members);
  const body = (i: number) => JSON.stringify({ copies: String(ask(i)) });
  const path = `/api/v1/launchpad/rounds/${roundId}/buy`;
  let roundP99 = Number.NaN;
  if (sessions === 'warm') {
    const page = await burst((i) => send(c, i, 'GET', `/api/v1/launchpad/rounds/${roundId}`));
    if (page.answers.some((a) => a.code !== 200)) throw new Error('GET round failed');
    roundP99 = pct(
      page.answers.map((a) => a.latency).sort((a, b) => a - b),
      99,
    );
  } else await new Promise((r) => setTimeout(r, SESSION_TTL_MS + 300));
  // The floor of this very moment: the bare route, the same client, just before the sale (it touches no session).
  const floorP99 = (await floor.burst()).p99;
  const cpu0 = servers.map((s) => cpuOf(s.child.pid));
  const client0 = process.cpuUsage();
  const pg0 = await cpuNow(db);
  // BENCH_CPU_PROF: the servers (bench/cpu-prof-server.mjs) profile exactly the burst.
  const profile = () => {
    if (CPU_PROF) for (const s of servers) s.child.kill('SIGUSR2');
  };
  profile();
  const r = await burst((i) => send(c, i, 'POST', path, body(i)));
  profile();
  const pg1 = await cpuNow(db);
  const serverCpu = servers.reduce((sum, s, k) => sum + cpuOf(s.child.pid) - defined(cpu0[k]), 0);
  const client = process.cpuUsage(client0);
  const load = defined(loadavg()[0]);
  // For scale (warm runs): the same POSTs on the sold-out round, refused from the view: what is left is the HTTP
  // stack, the session check and the rate limit.
  const refused = sessions === 'warm' ? await burst((i) => send(c, i, 'POST', path, body(i))) : undefined;
  const all = r.answers.map((a) => a.latency).sort((a, b) => a - b);
  const acc = r.answers
    .filter((a) => a.code === 200)
    .map((a) => a.latency)
    .sort((a, b) => a - b);
  const problems = await check(db, roundId, members, before, r.answers);
  if (refused?.answers.some((a) => a.code === 200)) problems.push('a purchase on the sold-out round');
  return {
    sellOut: r.sellOut,
    p50: pct(all, 50),
    p99: pct(all, 99),
    acceptedP50: pct(acc, 50),
    acceptedP99: pct(acc, 99),
    accepted: acc.length,
    serverCpu,
    clientCpu: (client.user + client.system) / 1e6,
    // A backend that ends in between (a pool's idle connection) takes its time with it: not a figure then.
    pgCpu: pg1.pg - pg0.pg,
    load,
    refusedP99: refused
      ? pct(
          refused.answers.map((a) => a.latency).sort((a, b) => a - b),
          99,
        )
      : Number.NaN,
    roundP99,
    floorP99,
    problems,
  };
}

/** N server processes on the database; RUNS runs with warm sessions, then RUNS with cold ones. */
async function measure(
  dbUrl: string,
  db: Db,
  secret: string,
  processes: number,
  sessions: Sessions,
  members: Member[],
  headers: Array<Record<string, string>>,
  floor: BareFloor,
): Promise<RunFigures[]> {
  const servers: BuiltServer[] = [];
  const pools: Pool[] = [];
  try {
    for (let k = 0; k < processes; k++)
      servers.push(
        await startBuiltServer(
          dbUrl,
          {
            JWT_SECRET: secret,
            SEED_DEMO: 'false',
            RUN_JOBS: 'false',
            DATABASE_POOL_SIZE: String(POOL),
            ...(sessions === 'warm' ? { MEMBER_CACHE_TTL_MS: String(WARM_TTL_MS) } : {}),
            // bench/cpu-prof-server.mjs (BUILT_SERVER_JS) profiles the server it starts.
            ...(CPU_PROF
              ? {
                  CPU_PROF_DIR: CPU_PROF,
                  ...(process.env.CPU_PROF_SERVER ? { CPU_PROF_SERVER: process.env.CPU_PROF_SERVER } : {}),
                }
              : {}),
          },
          'inherit',
        ),
      );
    for (const s of servers)
      pools.push(
        new Pool(s.base, {
          connections: Math.ceil(BUYERS / processes),
          pipelining: 1,
          keepAliveTimeout: 600_000,
          keepAliveMaxTimeout: 600_000,
        }),
      );
    const c: Client = { pools, headers };
    // The buyers open the launchpad page: connections open, sessions and member snapshots cached in their
    // server, routes and JIT warm (twice, not measured).
    for (let k = 0; k < 2; k++) {
      const warm = await burst((i) => send(c, i, 'GET', '/api/v1/launchpad/rounds'));
      const bad = warm.answers.find((a) => a.code !== 200);
      if (bad) throw new Error(`GET rounds failed: ${bad.status} ${bad.code} ${bad.msg}`);
    }
    // And once the buy path itself (a round of its own: purchases, refusals, the rate limit), not measured.
    const warmRound = await newRound(db);
    await burst((i) =>
      send(
        c,
        i,
        'POST',
        `/api/v1/launchpad/rounds/${warmRound}/buy`,
        JSON.stringify({ copies: String(ask(i)) }),
      ),
    );
    const figures: RunFigures[] = [];
    for (let k = 0; k < RUNS; k++) figures.push(await run(db, c, servers, members, sessions, floor));
    return figures;
  } finally {
    await Promise.all(pools.map((p) => p.close()));
    await Promise.all(servers.map((s) => s.stop()));
  }
}

const range = (xs: number[], f: (x: number) => string) => {
  const known = xs.filter((x) => !Number.isNaN(x));
  if (known.length === 0) return '—';
  const lo = Math.min(...known);
  const hi = Math.max(...known);
  return lo === hi ? f(lo) : `${f(lo).replace(/ ms$/, '')}–${f(hi)}`;
};

/**
 * The floor of this setup: bench/bare-server.ts (a bare Fastify route in its own process) with the same client,
 * BUYERS requests at once on as many keep-alive connections: what the client, the sockets and the machine cost
 * before the app does anything. It stays up for the whole benchmark: each run measures a burst of it just before its
 * own (the load of this shared machine moves within minutes).
 */
interface BareFloor {
  /** One burst of BUYERS requests at once; its p50 and p99. */
  burst(): Promise<{ p50: number; p99: number }>;
  close(): Promise<void>;
}

async function startBareFloor(): Promise<BareFloor> {
  const bare = await startBareServer();
  const pool = new Pool(bare.base, {
    connections: BUYERS,
    pipelining: 1,
    keepAliveTimeout: 600_000,
    keepAliveMaxTimeout: 600_000,
  });
  const c: Client = { pools: [pool], headers: Array.from({ length: BUYERS }, () => ({})) };
  const once = async () => {
    const r = await burst((i) => send(c, i, 'GET', '/bare'));
    const lat = r.answers.map((a) => a.latency).sort((a, b) => a - b);
    return { p50: pct(lat, 50), p99: pct(lat, 99) };
  };
  // Connections open and JIT warm, not measured.
  for (let k = 0; k < 2; k++) await once();
  return {
    burst: once,
    close: async () => {
      await pool.close();
      await bare.stop();
    },
  };
}

export async function runLaunchpadHttpBenchmark(): Promise<void> {
  console.log(
    `\n== Launchpad over HTTP: ${BUYERS} buyers at once, one ${COPIES}-copy round, clients out of process ==`,
  );
  const dbUrl = await freshPgDatabase(
    PG_URL,
    'agc_bench_lp_',
    (reason) => `PostgreSQL not reachable at ${PG_URL} (${reason}): skipped`,
  );
  if (!dbUrl) return;
  const secret = randomBytes(32).toString('hex');
  let db: Awaited<ReturnType<typeof openDb>> | undefined;
  let floor: BareFloor | undefined;
  try {
    // The first server start migrates the database; the setup follows on the bench's own connection.
    const first = await startBuiltServer(dbUrl, {
      JWT_SECRET: secret,
      SEED_DEMO: 'false',
      RUN_JOBS: 'false',
    });
    await first.stop();
    db = await openDb({ kind: 'postgres', url: dbUrl, poolSize: 4 });
    const signed = await signedInMembers(db.db, {
      count: BUYERS,
      usdt: 10_000n * USDT,
      jwtSecret: secret,
      ref: 'lp-http',
    });
    const members: Member[] = signed;
    const headers = signed.map((m) => m.headers);
    floor = await startBareFloor();
    const first3: Array<{ p50: number; p99: number }> = [];
    for (let k = 0; k < RUNS; k++) {
      first3.push(await floor.burst());
      await new Promise((res) => setTimeout(res, 300));
    }
    console.log(
      `floor: a bare Fastify route in its own process, the same client, ${BUYERS} requests at once on their own connections: p50 ${range(
        first3.map((f) => f.p50),
        ms,
      )}, p99 ${range(
        first3.map((f) => f.p99),
        ms,
      )} (${RUNS} bursts; load ${defined(loadavg()[0]).toFixed(1)}); measured again just before every run`,
    );
    const results = new Map<string, RunFigures[]>();
    for (const n of PROCESSES) {
      for (const mode of ['cold', 'warm'] as const) {
        const figures = await measure(dbUrl, db.db, secret, n, mode, members, headers, floor);
        results.set(`${mode} N=${n}`, figures);
        for (const [k, f] of figures.entries())
          console.log(
            `N=${n}, sessions ${mode}, run ${k + 1}: sold out ${ms(f.sellOut)}; all ${BUYERS}: p50 ${ms(f.p50)}, p99 ${ms(f.p99)}; accepted ${f.accepted}: p50 ${ms(f.acceptedP50)}, p99 ${ms(f.acceptedP99)}; ${mode === 'warm' ? `sold-out POSTs p99 ${ms(f.refusedP99)}; ` : ''}CPU servers ${f.serverCpu.toFixed(2)} s, PostgreSQL ${f.pgCpu.toFixed(2)} s; load ${f.load.toFixed(1)}; checks ${f.problems.length === 0 ? 'ok' : 'FAILED'}`,
          );
      }
    }
    // Side by side: ranges over the runs.
    const cols = [...results.keys()];
    const row = (label: string, f: (x: RunFigures) => number, fmt: (x: number) => string = ms) =>
      console.log(
        `${label.padEnd(34)}${cols.map((k) => range(defined(results.get(k)).map(f), fmt).padStart(20)).join('')}`,
      );
    console.log(
      `\n${`${RUNS} runs each (${cpus().length} cores)`.padEnd(34)}${cols.map((k) => `sessions ${k}`.padStart(20)).join('')}`,
    );
    row('sold out', (f) => f.sellOut);
    row('p50, all requests', (f) => f.p50);
    row('p99, all requests', (f) => f.p99);
    row('p50, accepted', (f) => f.acceptedP50);
    row('p99, accepted', (f) => f.acceptedP99);
    row('p99, POSTs on the sold-out round', (f) => f.refusedP99);
    row('p99, GET the round, all at once', (f) => f.roundP99);
    row('p99, bare route just before (floor)', (f) => f.floorP99);
    row(
      'CPU of the servers in the burst',
      (f) => f.serverCpu,
      (x) => `${x.toFixed(2)} s`,
    );
    row(
      '  per request',
      (f) => (f.serverCpu * 1000) / BUYERS,
      (x) => `${x.toFixed(2)} ms`,
    );
    row(
      'CPU of the client in the burst',
      (f) => f.clientCpu,
      (x) => `${x.toFixed(2)} s`,
    );
    row(
      'CPU of PostgreSQL in the burst',
      (f) => f.pgCpu,
      (x) => (x < 0 ? '?' : `${x.toFixed(2)} s`),
    );
    row(
      'load average (1 min)',
      (f) => f.load,
      (x) => x.toFixed(1),
    );
    // Against the floor: the median of the runs' p99 over the median of the bare route's bursts just before them (same
    // client, same size of burst); of an even number of runs, the higher of the middle two.
    const median = (xs: number[]) => {
      const known = xs.filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
      return known.length === 0 ? Number.NaN : defined(known[Math.floor(known.length / 2)]);
    };
    for (const k of cols) {
      const figures = defined(results.get(k));
      const bareP99 = median(figures.map((f) => f.floorP99));
      console.log(
        floorLine(
          `buy, sessions ${k}, p99 of all requests`,
          median(figures.map((f) => f.p99)),
          bareP99,
          1.5,
          {
            unit: 'ms',
            floorName: 'the bare route, p99',
          },
        ),
      );
      if (k.startsWith('warm'))
        console.log(
          floorLine(
            `GET the round, N=${k.slice(-1)}, p99`,
            median(figures.map((f) => f.roundP99)),
            bareP99,
            1.5,
            {
              unit: 'ms',
              floorName: 'the bare route, p99',
            },
          ),
        );
    }
    let failed = false;
    for (const [k, figures] of results)
      for (const f of figures)
        for (const p of f.problems) {
          console.log(`CHECK FAILED (sessions ${k}): ${p}`);
          failed = true;
        }
    console.log(
      `target p99 ≤ 100 ms (every run, all requests): ${cols.map((k) => `sessions ${k} ${defined(results.get(k)).every((f) => f.p99 <= 100) ? 'met' : 'MISSED'}`).join(', ')}; checks ${failed ? 'FAILED' : 'ok'} (200 sold, copies 1..200 once, limit kept, answers = purchases, refused buyers unchanged, ledger clean)`,
    );
    if (failed) process.exitCode = 1;
  } finally {
    await floor?.close();
    await db?.close();
    await dropPgDatabase(PG_URL, dbUrl);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  runLaunchpadHttpBenchmark().catch((e) => {
    console.error(e);
    process.exit(1);
  });
