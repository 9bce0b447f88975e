/**
 * Daily settlement benchmarks (also run by `npm run bench`, or alone:
 * `node --import ./scripts/node20-polyfills.mjs --import tsx bench/settlement.ts`). Figures only.
 *
 *  1. Daily settlement on PostgreSQL of seeded trees of 100,000 and 1,000,000 members, each with a
 *     20,000-level spill-over leg, N/10 earlier investors and N/20 orders confirmed that day
 *     (bench/team-seed.ts). The run (runSettlement: load, compute, write every reward, journal entry
 *     and team state, in one transaction) happens in a child process whose peak RSS is reported.
 *     Targets: 1M ≤ 60 s and ≤ 2 GB; 100k ≤ 6 s. Both printed together with their ratio. Beside each run its floor
 *     (bench/floor.ts, timeReplay): the same rewards, journal lines, accounts and team state written set-based into
 *     copies of their tables taken before the run; target ≤ 2× the floor, peak RSS ≤ 1 GB.
 *  2. Baseline in the same run, on the 100k tree: the naive method (walk every ancestor of every order,
 *     one query each), time-boxed (BENCH_NAIVE_SECONDS, default 30) and extrapolated from its rate.
 *  3. GET /api/v1/me/tree on the built server over the 1M tree: p50/p99 for the root, for a member at
 *     the deepest level, and for the root opening that deepest node (the subtree check crosses
 *     20,000 levels). Target p99 ≤ 20 ms.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { migrate, openDb } from '@agc/db';
import { withDatabase } from '@agc/db/testing';
import { defined } from '@agc/shared/defined';
import { TokenService } from '../apps/server/src/lib/tokens.ts';
import { openSessionFor } from '../apps/server/src/modules/auth/sessions.ts';
import { type SeededTeam, seedTeam } from '../apps/server/test/team-seed.ts';
import {
  floorLine,
  type LedgerMarks,
  ledgerMarks,
  ledgerReplay,
  prepareReplay,
  type Replay,
  timeReplay,
} from './floor.ts';
import { load, startBuiltServer } from './http.ts';
import { onAdmin, PG_URL } from './pg.ts';

const SIZES = (process.env.BENCH_SETTLE_SIZES ?? '100000,1000000').split(',').map(Number);
const CHAIN_DEPTH = Number(process.env.BENCH_CHAIN_DEPTH ?? 20_000);
const NAIVE_SECONDS = Number(process.env.BENCH_NAIVE_SECONDS ?? 30);
const DAY = '2026-01-15';

async function freshDatabase(name: string): Promise<string> {
  await onAdmin(PG_URL, async (c) => {
    await c.query(`drop database if exists "${name}" with (force)`);
    await c.query(`create database "${name}"`);
  });
  const url = withDatabase(PG_URL, name);
  const h = await openDb({ kind: 'postgres', url, poolSize: 2 });
  await migrate(h);
  await h.close();
  return url;
}

function child(args: string[]): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const p = spawn(
      process.execPath,
      ['--import', './scripts/node20-polyfills.mjs', '--import', 'tsx', 'bench/settlement-child.ts', ...args],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    p.stdout.on('data', (d) => {
      out += d;
    });
    p.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(defined(out.trim().split('\n').at(-1))))
        : reject(new Error(`child exited ${code}`)),
    );
  });
}

/**
 * The floor of a day's settlement: every row it wrote, written set-based from the database's own copy of them (no
 * tree, no computation, no rows sent from the process): the rewards and the journal lines inserted, the ledger
 * accounts it created or moved and the team state it wrote upserted with their final values.
 */
const settlementReplay = (marks: LedgerMarks): Replay => {
  const ledger = ledgerReplay(marks);
  return {
    inserted: [{ table: 'rewards', rows: `day = '${DAY}'` }, ...ledger.inserted],
    upserted: [...ledger.upserted, { table: 'team_state', key: 'user_id', rows: `day = '${DAY}'` }],
  };
};

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function treeLatency(url: string, team: SeededTeam) {
  const secret = randomBytes(32).toString('hex');
  const tokens = new TokenService(secret, 3600);
  const server = await startBuiltServer(url, { JWT_SECRET: secret, RUN_JOBS: 'false', SEED_DEMO: 'false' });
  const db = await openDb({ kind: 'postgres', url, poolSize: 1 });
  try {
    // A token names a session row: open one per member, as a sign-in would.
    const headersOf = async (m: { id: number; address: string }) => ({
      authorization: `Bearer ${await tokens.sign(m.address, BigInt(m.id), await openSessionFor(db.db, BigInt(m.id), 3_600_000))}`,
      'x-wallet-address': m.address,
    });
    const cases = [
      { name: 'root, own node', url: '/api/v1/me/tree', who: team.root },
      { name: `member at depth ${team.deepest.depth}, own node`, url: '/api/v1/me/tree', who: team.deepest },
      {
        name: `root opening the depth-${team.deepest.depth} node`,
        url: `/api/v1/me/tree?id=${team.deepest.id}`,
        who: team.root,
      },
      {
        name: `root, relation to the depth-${team.deepest.depth} member`,
        url: `/api/v1/me/relation?address=${team.deepest.address}`,
        who: team.root,
      },
    ];
    for (const c of cases) {
      const headers = await headersOf(c.who);
      const check = await (await fetch(`${server.base}${c.url}`, { headers })).json();
      if (check.code !== 200) throw new Error(`${c.url}: ${JSON.stringify(check)}`);
      const r = await load(`${server.base}${c.url}`, headers, 10, 5);
      console.log(
        `  ${c.name.padEnd(44)} ${r.rps.toFixed(0).padStart(6)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  errors ${r.errors + r.non2xx}`,
      );
    }
  } finally {
    await db.close();
    await server.stop();
  }
}

export async function runSettlementBenchmarks(): Promise<void> {
  console.log('\n== Daily settlement, PostgreSQL ==');
  const times = new Map<number, number>();
  for (const size of SIZES) {
    const name = `agc_bench_settle_${size}`;
    const url = await freshDatabase(name);
    try {
      const h = await openDb({ kind: 'postgres', url, poolSize: 2 });
      const team = await seedTeam(h.db, {
        members: size,
        chainDepth: CHAIN_DEPTH,
        priorInvestors: size / 10,
        dayOrders: size / 20,
        day: DAY,
      });
      // The floor's copies of the tables as they are before the run, and where the run's journal rows begin.
      const replay = settlementReplay(await ledgerMarks(h.db));
      await prepareReplay(h.db, replay);
      await h.close();
      console.log(
        `${size.toLocaleString('en')} members seeded in ${team.seconds.toFixed(1)} s: depth ${team.maxDepth}, ${size / 10} earlier investors, ${size / 20} orders on ${DAY}`,
      );
      const run = await child([url, DAY]);
      times.set(size, run.ms as number);
      console.log(`  phases: ${JSON.stringify(run.phases)}`);
      const t = run.totals as Record<string, string | number>;
      console.log(
        `  settlement: ${s(run.ms as number)} wall, peak RSS ${run.maxRssMb} MB; ${t.rewards} rewards to ${t.members_paid} members, static ${t.static}, pairing ${t.pairing}, cut ${t.cut} USDT, new volume ${t.new_volume}`,
      );
      const floor = await openDb({ kind: 'postgres', url, poolSize: 1 });
      const floorMs = await timeReplay(floor.db, replay).finally(() => floor.close());
      console.log(
        floorLine('settlement against its floor', run.ms as number, floorMs, 2, {
          floorName: 'the same rewards, journal lines, accounts and team state written set-based',
        }),
      );
      console.log(
        `  peak RSS ${run.maxRssMb} MB (target ≤ 1 GB: ${(run.maxRssMb as number) <= 1024 ? 'met' : 'NOT met'})`,
      );
      const again = await child([url, DAY]).catch((e: Error) => ({ error: e.message }));
      console.log(
        `  second run of the same day: ${'error' in again ? 'refused (already settled)' : 'PAID AGAIN'}`,
      );
      if (size === SIZES[0]) {
        const naive = await child([url, DAY, 'naive', String(NAIVE_SECONDS)]);
        const rate = naive.queriesPerSecond as number;
        const estimate = team.dayOrderAncestors / rate;
        console.log(
          `  baseline, naive ancestor walk (one query per ancestor): ${naive.queries} queries in ${(naive.seconds as number).toFixed(1)} s (${rate.toFixed(0)}/s, ${naive.ordersDone} of ${naive.orders} orders);` +
            ` all ${team.dayOrderAncestors.toLocaleString('en')} ancestor steps would take ≈ ${estimate.toFixed(0)} s (the volume step alone, nothing paid yet)`,
        );
      }
      if (size === SIZES.at(-1)) {
        console.log('  GET me/tree and me/relation on the built server, 10 connections, 5 s each:');
        await treeLatency(url, team);
      }
    } finally {
      if (!process.env.BENCH_KEEP_DB)
        await onAdmin(PG_URL, (c) => c.query(`drop database if exists "${name}" with (force)`));
    }
  }
  const small = times.get(100_000);
  const large = times.get(1_000_000);
  if (small !== undefined)
    console.log(`  100k: ${s(small)} (target ≤ 6 s: ${small <= 6000 ? 'met' : 'NOT met'})`);
  if (large !== undefined)
    console.log(`  1M: ${s(large)} (target ≤ 60 s: ${large <= 60_000 ? 'met' : 'NOT met'})`);
  if (small && large) console.log(`  1M / 100k = ${(large / small).toFixed(1)}× for 10× the members`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runSettlementBenchmarks();
