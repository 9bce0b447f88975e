/**
 * Proof of liabilities: the snapshot of MEMBERS members (default 1,000,000). Part `proofs` of bench/run.ts:
 * `BENCH_PARTS=proofs node --import ./scripts/node20-polyfills.mjs --import tsx bench/run.ts`. Prints figures only.
 *
 * 1. The tree in memory (no database): buildSnapshotTree (shuffle, salts from the secret, leaf hashes, every level,
 *    the stored nodes) for MEMBERS members, beside the floor of the same keccak work alone (as many leaf hashes as
 *    the padded tree has leaves and as many node hashes as it has nodes, on fixed inputs), with the ratio and the
 *    resident memory it took.
 * 2. On PostgreSQL with a real anvil (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test; a fresh
 *    database, dropped): MEMBERS members seeded in bulk with an available USDT balance each (AGC for one in ten), then
 *    takeRequestedSnapshot: one repeatable-read reading (the solvency view and every member), the tree, the leaves
 *    and nodes stored, the balance check. Target ≤ 30 s, peak RSS ≤ 1 GB. Then PROOFS member proofs served
 *    (memberProof: p50 / p99, target ≤ 5 ms) and verified as a browser does (computeRoot: p50 / p99, target ≤ 50 ms).
 * 3. Baseline: the naive way to read the members' liabilities, one query per member, time-boxed to BASELINE_SECONDS
 *    and extrapolated to MEMBERS, beside the snapshot's whole reading.
 * BENCH_PROOF_MEMBERS, BENCH_PROOF_PROOFS (200), BENCH_PROOF_BASELINE_SECONDS (10) change the sizes.
 */
import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { rowsOf } from '@agc/db';
import { computeRoot, treeSize } from '@agc/shared';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { rebuildMemberTotals } from '../apps/server/src/modules/ledger/index.ts';
import { memberProof } from '../apps/server/src/modules/proofs/service.ts';
import { takeRequestedSnapshot } from '../apps/server/src/modules/proofs/snapshot.ts';
import { buildSnapshotTree, fastHasher, type MemberLeaf } from '../apps/server/src/modules/proofs/tree.ts';
import { startLocalChain } from '../apps/server/test/chain.ts';
import type { TestServer } from '../apps/server/test/helpers.ts';
import { dropPgDatabase, freshPgDatabase, num, onAdmin, PG_URL } from './pg.ts';

const MEMBERS = num('BENCH_PROOF_MEMBERS', 1_000_000);
const PROOFS = num('BENCH_PROOF_PROOFS', 200);
const BASELINE_SECONDS = num('BENCH_PROOF_BASELINE_SECONDS', 10);
const SECRET = 'bench-proof-salt-secret-0123456789abcdef';
const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const mb = (bytes: number) => `${Math.round(bytes / 2 ** 20)} MB`;
const pct = (list: number[], p: number) => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
};

/** Peak resident memory while `work` runs (sampled every 50 ms), and its result. */
async function peakRss<T>(work: () => Promise<T> | T): Promise<{ value: T; peak: number }> {
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 50);
  try {
    const value = await work();
    peak = Math.max(peak, process.memoryUsage.rss());
    return { value, peak };
  } finally {
    clearInterval(timer);
  }
}

/** The keccak work of a tree of `size` leaves alone (the builder's keccak), on fixed inputs (no salts, no shuffle,
 * no bigint arrays): the hashing floor. */
function hashFloor(size: number): { leavesMs: number; floorMs: number } {
  const h = fastHasher();
  const salt = new Uint8Array(32).fill(7);
  const member = new Uint8Array(20).fill(9);
  const node = { hash: new Uint8Array(32), usdt: 5n, agc: 6n };
  let t0 = performance.now();
  for (let i = 0; i < size; i++) h.leaf(salt, member, BigInt(i), 0n);
  const leavesMs = performance.now() - t0;
  t0 = performance.now();
  for (let i = 1; i < size; i++) h.nodeHash(node, node);
  return { leavesMs, floorMs: leavesMs + (performance.now() - t0) };
}

function inMemory() {
  const members: MemberLeaf[] = Array.from({ length: MEMBERS }, (_, i) => ({
    userId: BigInt(i + 1),
    address: `0x${(i + 1).toString(16).padStart(40, '0')}`,
    usdt: BigInt(i % 9973) * 1_000_000n,
    agc: i % 10 === 0 ? BigInt(i) * 10n ** 15n : 0n,
  }));
  const size = treeSize(MEMBERS);
  const { leavesMs, floorMs } = hashFloor(size);
  const before = process.memoryUsage.rss();
  const t0 = performance.now();
  return peakRss(() => buildSnapshotTree(SECRET, 1, members)).then(({ value, peak }) => {
    const ms = performance.now() - t0;
    console.log(
      `tree in memory: ${MEMBERS} members (${size} leaves) built in ${secs(ms)}; floor (${size} leaf + ${size - 1} node hashes alone) ${secs(floorMs)} (leaves alone ${secs(leavesMs)}); ratio ${(ms / floorMs).toFixed(2)}; memory +${mb(peak - before)} (peak RSS ${mb(peak)}); ${value.stored.length} nodes kept`,
    );
  });
}

/** The app's test server on a fresh PostgreSQL database and a real anvil with the contracts. */
async function pgChainServer(url: string): Promise<{ s: TestServer; stopChain: () => Promise<void> }> {
  const { startTestServer } = await import('../apps/server/test/helpers.ts');
  const chain = await startLocalChain();
  const previous = process.env.DATABASE_URL;
  process.env.DATABASE_URL = url;
  try {
    const s = await startTestServer({ RUN_JOBS: 'false' }, undefined, chain.chain);
    return { s, stopChain: () => chain.anvil.stop() };
  } finally {
    if (previous === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = previous;
  }
}

async function seed(s: TestServer) {
  const db = s.ctx.db;
  await db.execute(sql`insert into users (id, address, invite_code, left_leg_id, right_leg_id)
    values (1, ${`0x${'1'.padStart(40, '0')}`}, 'PROOT', 1, 1)`);
  await db.execute(sql`insert into users (id, address, invite_code, inviter_id, depth, left_leg_id, right_leg_id)
    select g, '0x' || lpad(to_hex(g), 40, '0'), 'P' || g, 1, 1, g, g from generate_series(2, ${MEMBERS}) g`);
  await db.execute(sql`select setval('users_id_seq', ${MEMBERS})`);
  await db.execute(sql`insert into ledger_accounts (user_id, code, asset, balance)
    select g, 'member.available', 'USDT', ((g::bigint * 7919) % 9973)::numeric * 1000000
    from generate_series(1, ${MEMBERS}) g`);
  await db.execute(sql`insert into ledger_accounts (user_id, code, asset, balance)
    select g, 'member.available', 'AGC', g::numeric * 1000000000000000
    from generate_series(1, ${MEMBERS}, 10) g`);
  // The balances were written around the ledger's posting statement: their running totals from the full sum.
  await rebuildMemberTotals(db);
  await db.execute(sql`analyze`);
}

async function snapshotFloor(s: TestServer) {
  let t0 = performance.now();
  await s.ctx.db.execute(sql`select user_id, code, asset, balance from ledger_accounts where balance <> 0`);
  await s.ctx.db.execute(sql`select id, address from users`);
  const readMs = performance.now() - t0;
  const hashMs = hashFloor(treeSize(MEMBERS)).floorMs;
  t0 = performance.now();
  const rolledBack = new Error('rolled back');
  await s.ctx.db
    .transaction(async (tx) => {
      const [row] = rowsOf<{ id: number }>(
        await tx.execute(sql`insert into proof_snapshots (status) values ('building') returning id`),
      );
      await tx.execute(sql`insert into proof_leaves (snapshot_id, idx, user_id, usdt, agc, parts)
        select ${row?.id}, g, g, g::numeric * 1000000, 0, '{"available":{"USDT":"1"}}'::jsonb
        from generate_series(1, ${MEMBERS}) g`);
      throw rolledBack;
    })
    .catch((e: unknown) => {
      if (e !== rolledBack) throw e;
    });
  return { readMs, hashMs, writeMs: performance.now() - t0 };
}

async function onPostgres() {
  try {
    await onAdmin(PG_URL, (c) => c.query('select 1'));
  } catch (e) {
    console.log(
      `PostgreSQL unreachable at ${PG_URL} (${(e as Error).message}): the database part is skipped`,
    );
    return;
  }
  const url = await freshPgDatabase(PG_URL, 'agc_bench_por_', (r) => `PostgreSQL: ${r}`);
  if (!url) return;
  const { migrate, openDb } = await import('@agc/db');
  const setup = await openDb({ kind: 'postgres', url, poolSize: 1 });
  await migrate(setup);
  await setup.close();
  const { s, stopChain } = await pgChainServer(url);
  // The build's own log line says where its time went (reading, the tree, storing).
  const lines: string[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
  try {
    let t0 = performance.now();
    await seed(s);
    console.log(`setup: ${MEMBERS} members and their balances in ${secs(performance.now() - t0)}`);

    const rssBefore = process.memoryUsage.rss();
    t0 = performance.now();
    const cpu0 = process.cpuUsage();
    const { value: row, peak } = await peakRss(() => takeRequestedSnapshot(s.ctx, 1n, log));
    const ms = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    console.log(
      `snapshot on PostgreSQL (read in one snapshot + build + store + check): ${secs(ms)} (target ≤ 30 s: ${ms <= 30_000 ? 'met' : 'NOT met'}); status ${row.status}; peak RSS ${mb(peak)}, ${mb(rssBefore)} before it (target ≤ 1 GB: ${peak <= 2 ** 30 ? 'met' : 'NOT met'}); load average ${loadavg()[0]?.toFixed(1)}; this process's CPU ${secs((cpu.user + cpu.system) / 1000)} (on a loaded machine, the time waits for cores)`,
    );
    const built = lines
      .map((l) => JSON.parse(l) as { readMs?: number; readRssMb?: number; treeMs?: number; writeMs?: number })
      .find((l) => l.readMs !== undefined);
    if (!built)
      console.log(`  (the build's log line was not found among ${lines.length}: ${lines[0]?.slice(0, 300)})`);
    else
      console.log(
        `  of which: reading (one snapshot, with the treasury) ${secs(built.readMs ?? 0)} (RSS then ${built.readRssMb} MB); then the transaction that writes the leaves while the tree is hashed (tree ${secs(built.treeMs ?? 0)}), the nodes and the check ${secs(built.writeMs ?? 0)}`,
      );
    // The floor: the least this hardware must do for the same snapshot. Read every member's balance rows and
    // address to this process (one query each, no per-member work), hash as many leaves and nodes as the tree has
    // (the builder's keccak on fixed inputs), and write as many leaf rows from inside the database (no client
    // serialisation), in a transaction rolled back. Hashing and writing can share the two cores, so the floor is
    // reading + the longer of the two.
    const floor = await snapshotFloor(s);
    const floorMs = floor.readMs + Math.max(floor.hashMs, floor.writeMs);
    console.log(
      `  floor: reading ${secs(floor.readMs)} + max(hashing ${secs(floor.hashMs)}, writing ${secs(floor.writeMs)}) = ${secs(floorMs)}; the snapshot is ${(ms / floorMs).toFixed(2)}× its floor`,
    );
    // Served from the stored snapshot (published here by hand: the chain part is not what is measured).
    await s.ctx.db.execute(sql`update proof_snapshots set status = 'published', published_at = now(),
      published_block = 1, tx_hash = '0x' where id = ${row.id}`);
    const serve: number[] = [];
    const verify: number[] = [];
    const proofCpu0 = process.cpuUsage();
    for (let i = 0; i < PROOFS; i++) {
      const userId = BigInt(1 + Math.floor(Math.random() * MEMBERS));
      t0 = performance.now();
      const p = await memberProof(s.ctx, userId);
      serve.push(performance.now() - t0);
      t0 = performance.now();
      const r = computeRoot(p.proof);
      verify.push(performance.now() - t0);
      if (!r.ok || `0x${Buffer.from(r.root.hash).toString('hex')}` !== row.rootHash)
        throw new Error(`member ${userId}'s proof does not lead to the root`);
    }
    const proofCpu = process.cpuUsage(proofCpu0);
    const cpuPerProof = (proofCpu.user + proofCpu.system) / 1000 / PROOFS;
    console.log(
      `proof served (memberProof, ${PROOFS} random members; this process's CPU ${cpuPerProof.toFixed(2)} ms a proof, verification included): p50 ${pct(serve, 50).toFixed(2)} ms, p99 ${pct(serve, 99).toFixed(2)} ms (target ≤ 5 ms: ${pct(serve, 50) <= 5 ? 'met' : 'NOT met'}); path verified (computeRoot, as the browser does): p50 ${pct(verify, 50).toFixed(2)} ms, p99 ${pct(verify, 99).toFixed(2)} ms (target ≤ 50 ms)`,
    );

    // Baseline: one query per member for what they are owed.
    let done = 0;
    t0 = performance.now();
    while (performance.now() - t0 < BASELINE_SECONDS * 1000 && done < MEMBERS) {
      done += 1;
      await s.ctx.db.execute(
        sql`select code, asset, balance from ledger_accounts where user_id = ${done} and balance <> 0`,
      );
    }
    const perSecond = (done / (performance.now() - t0)) * 1000;
    const projected = (MEMBERS / perSecond) * 1000;
    console.log(
      `baseline (one query per member, balances only): ${Math.round(perSecond)} members/s → ${secs(projected)} for ${MEMBERS} (×${(projected / (row.buildMs ?? ms)).toFixed(1)} the whole snapshot)`,
    );
  } finally {
    await s.close();
    await stopChain();
    await dropPgDatabase(PG_URL, url);
  }
}

export async function runProofBenchmark(): Promise<void> {
  console.log(`\n== Proof of liabilities: ${MEMBERS} members ==`);
  // The database part first: its peak RSS is then the snapshot's, not the in-memory part's leftover heap.
  await onPostgres();
  await inMemory();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runProofBenchmark();
