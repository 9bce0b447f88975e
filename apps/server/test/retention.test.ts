import { rowsOf } from '@agc/db';
import { computeRoot, type PorProof } from '@agc/shared';
import { MODULE_JOBS } from '@server/jobs/index.ts';
import { daysBefore, deleteInBatches } from '@server/lib/retention.ts';
import { acceptedAgcPricesAt, prunePriceObservations } from '@server/modules/pricing/index.ts';
import { deleteObservationsBefore } from '@server/modules/pricing/repository.ts';
import { memberDailyLeaves, pruneProofs } from '@server/modules/proofs/index.ts';
import {
  deleteLeaves,
  insertLeaves,
  insertNodes,
  markProofsPruned,
} from '@server/modules/proofs/repository.ts';
import { buildSnapshotTree, type MemberLeaf } from '@server/modules/proofs/tree.ts';
import { dayKey } from '@server/modules/rules/index.ts';
import { pruneVitals } from '@server/modules/vitals/index.ts';
import { sql } from 'drizzle-orm';
import { bytesToHex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newWallet, signUp, startTestServer, type TestServer } from './helpers.ts';

// Retention of the three growing tables (docs/decisions 0147–0149), on PGlite and on PostgreSQL (the `db` project
// with DATABASE_URL): rows past their retention deleted, newer ones kept, the latest published snapshot's proofs
// kept at any age, a pruned snapshot's proof a translated 404, a second run deleting nothing.
const DAY_MS = 86_400_000;
const ATTESTATION = '0x00000000000000000000000000000000000000a7' as const;
let s: TestServer;
const admin = newWallet();
const now = () => s.ctx.now();
const ago = (days: number) => new Date(now().getTime() - days * DAY_MS);
const count = async (query: ReturnType<typeof sql>) =>
  Number(rowsOf<{ n: number | string }>(await s.ctx.db.execute(query))[0]?.n);

beforeAll(async () => {
  s = await startTestServer({ ADMIN_ADDRESSES: admin.address }, undefined, {
    id: 42161,
    rpcUrl: 'http://127.0.0.1:1',
    publicRpcUrl: 'http://127.0.0.1:1',
    explorerUrl: 'https://arbiscan.io',
    contracts: {
      agc: '0x0000000000000000000000000000000000000001',
      usdt: '0x0000000000000000000000000000000000000001',
      transfer: '0x0000000000000000000000000000000000000001',
      vault: '0x0000000000000000000000000000000000000001',
      attestation: ATTESTATION,
    },
    startBlock: 0n,
  });
});
afterAll(() => s?.close());

describe('the jobs', () => {
  it('are scheduled with every module job, each leased: one process runs each at a time', () => {
    const names = MODULE_JOBS.map((j) => j.name);
    expect(names).toEqual(expect.arrayContaining(['price-retention', 'vitals-retention', 'proof-retention']));
    expect(new Set(names).size).toBe(names.length);
    for (const job of MODULE_JOBS.filter((j) => j.name.endsWith('-retention')))
      expect(job.everyMs, job.name).toBe(3_600_000);
  });
});

describe('the settings', () => {
  it('default to 30, 90 and 90 days', () => {
    expect(s.ctx.config.retention).toEqual({
      priceObservationsDays: 30,
      vitalsDays: 90,
      proofLeavesDays: 90,
    });
  });
});

describe('deleteInBatches', () => {
  it('runs statements of at most the limit until one deletes less', async () => {
    const sizes: number[] = [];
    let left = 25;
    const total = await deleteInBatches(async (limit) => {
      const n = Math.min(limit, left);
      left -= n;
      sizes.push(n);
      return n;
    }, 10);
    expect({ total, sizes }).toEqual({ total: 25, sizes: [10, 10, 5] });
  });
});

describe('price readings', () => {
  const insert = (source: string, daysAgo: number, price: bigint, accepted: boolean) =>
    s.ctx.db.execute(sql`
      insert into price_observations (source, observed_at, block, block_time, usdt_per_agc, spot_usdt_per_agc,
        window_seconds, liquidity_usdt, agc_accepted, eth_accepted)
      values (${source}, ${ago(daysAgo).toISOString()}::timestamptz, 1, ${ago(daysAgo).toISOString()}::timestamptz,
        ${price.toString()}, ${price.toString()}, 1800, 1, ${accepted}, true)`);
  const left = async (source: string) =>
    rowsOf<{ price: string }>(
      await s.ctx.db.execute(
        sql`select usdt_per_agc::text as price from price_observations where source = ${source} order by observed_at`,
      ),
    ).map((r) => BigInt(r.price));

  it('deletes readings older than the retention but the newest accepted one before it, and keeps newer ones', async () => {
    await insert('uniswap-v3', 60, 1n, true);
    await insert('uniswap-v3', 40, 2n, true);
    await insert('uniswap-v3', 35, 3n, true); // the newest accepted before the cut: the price until day 29
    await insert('uniswap-v3', 31, 4n, false);
    await insert('uniswap-v3', 29, 5n, false);
    await insert('uniswap-v3', 0.01, 6n, true);
    await insert('other', 45, 7n, false);
    await insert('other', 44, 8n, true);
    await insert('other', 1, 9n, true);
    expect(await prunePriceObservations(s.ctx)).toBe(4);
    expect(await left('uniswap-v3')).toEqual([3n, 5n, 6n]);
    expect(await left('other')).toEqual([8n, 9n]);
    // An instant inside the retention still finds the price accepted before it.
    expect(await acceptedAgcPricesAt(s.ctx.db, 'uniswap-v3', [ago(29.5), ago(0)])).toEqual([3n, 6n]);
    // Idempotent: nothing more to delete.
    expect(await prunePriceObservations(s.ctx)).toBe(0);
  });

  it('deletes in statements of at most the batch', async () => {
    for (let i = 0; i < 7; i++) await insert('batched', 50 + i, BigInt(100 + i), false);
    const sizes: number[] = [];
    const total = await deleteInBatches(async (limit) => {
      const n = await deleteObservationsBefore(s.ctx.db, 'batched', daysBefore(now(), 30), limit);
      sizes.push(n);
      return n;
    }, 3);
    expect({ total, sizes }).toEqual({ total: 7, sizes: [3, 3, 1] });
  });
});

describe('Core Web Vitals', () => {
  it('keeps the last VITALS_KEEP_DAYS days, today included', async () => {
    for (const days of [120, 90, 89, 0])
      await s.ctx.db.execute(sql`
        insert into web_vitals (day, route, lcp_ms, received_at)
        values (${dayKey(ago(days))}::date, 'home', 1000, ${ago(days).toISOString()}::timestamptz)`);
    await s.ctx.db.execute(sql`
      insert into web_vitals (day, route, lcp_ms, received_at)
      select ${dayKey(ago(100))}::date, 'home', g, now() from generate_series(1, 25) g`);
    expect(await pruneVitals(s.ctx)).toBe(27);
    const days = rowsOf<{ day: string }>(
      await s.ctx.db.execute(sql`select day::text as day from web_vitals order by day`),
    ).map((r) => r.day);
    expect(days).toEqual([dayKey(ago(89)), dayKey(ago(0))]);
    expect(await pruneVitals(s.ctx)).toBe(0);
  });
});

describe('proof-of-liabilities leaves and nodes', () => {
  const secret = () => s.ctx.config.proofs.saltSecret ?? '';
  const members: Array<MemberLeaf & { headers: Record<string, string> }> = [];

  /** A snapshot stored as the builder stores one (leaves, nodes, root and totals), with a status and an age. */
  async function snapshot(status: string, daysAgo: number, extra = 0): Promise<number> {
    const [row] = rowsOf<{ id: number }>(
      await s.ctx.db.execute(sql`
        insert into proof_snapshots (status, as_of, created_at)
        values (${status}, ${ago(daysAgo).toISOString()}::timestamptz, ${ago(daysAgo).toISOString()}::timestamptz)
        returning id`),
    );
    const id = Number(row?.id);
    // Members beyond the signed-up ones (rows of their own, added once) make the tree big enough for several stored
    // levels.
    const leaves: MemberLeaf[] = [
      ...members,
      ...Array.from({ length: extra }, (_, i) => ({
        userId: 1_000_000n + BigInt(i),
        address: `0x${(i + 1).toString(16).padStart(40, '0')}`,
        usdt: 1n,
        agc: 0n,
      })),
    ];
    const tree = await buildSnapshotTree(secret(), id, leaves);
    await insertLeaves(s.ctx.db, id, leaves.length, (i) => {
      const m = leaves[i] as MemberLeaf;
      return { idx: tree.positions[i] as number, userId: m.userId, usdt: m.usdt, agc: m.agc, parts: null };
    });
    await insertNodes(s.ctx.db, id, tree.stored);
    await s.ctx.db.execute(sql`
      update proof_snapshots set size = ${tree.size}, members = ${leaves.length},
        root_hash = ${bytesToHex(tree.root.hash)}, total_usdt = ${tree.root.usdt.toString()},
        total_agc = ${tree.root.agc.toString()}, reserves_usdt = 0, reserves_agc = 0
      where id = ${id}`);
    return id;
  }
  const rowsOfSnapshot = async (id: number) =>
    (await count(sql`select count(*) as n from proof_leaves where snapshot_id = ${id}`)) +
    (await count(sql`select count(*) as n from proof_nodes where snapshot_id = ${id}`));
  const proof = (who: number, id?: number, lang = 'en') =>
    s.app.inject({
      method: 'GET',
      url: `/api/v1/por/proof${id === undefined ? '' : `?snapshot_id=${id}`}`,
      headers: { ...members[who]?.headers, 'accept-language': lang },
    });
  const ids = {} as Record<'old' | 'unbalanced' | 'failed' | 'latest' | 'recent', number>;

  beforeAll(async () => {
    // The first is the admin (the root of the tree), the second joins on its invitation.
    let invite: string | undefined;
    for (const i of [1n, 2n]) {
      const { headers, member } = await signUp(s, i === 1n ? admin : newWallet(), {
        ...(invite && { invite_code: invite, side: 'left' as const }),
      });
      invite = member.inviteCode;
      members.push({ userId: member.id, address: member.address, usdt: i * 1_000_000n, agc: 0n, headers });
    }
    const root = members[0]?.userId.toString();
    await s.ctx.db.execute(sql`
      insert into users (id, address, invite_code, inviter_id, depth, left_leg_id, right_leg_id)
      select 1000000 + g, '0x' || lpad(to_hex(g + 1), 40, '0'), 'RETX' || g, ${root}::bigint, 1,
        1000000 + g, 1000000 + g
      from generate_series(0, 99) g`);
    ids.old = await snapshot('published', 200, 100);
    ids.unbalanced = await snapshot('unbalanced', 150, 100);
    // A failed publication may still be re-sent and become the latest published: kept.
    ids.failed = await snapshot('failed', 140);
    // The latest published snapshot, older than the retention: its proofs stay.
    ids.latest = await snapshot('published', 120);
    ids.recent = await snapshot('unbalanced', 10);
  });

  it('serves the old snapshot before the prune', async () => {
    expect((await proof(0, ids.old)).statusCode).toBe(200);
  });

  it("deletes older snapshots' leaves and nodes and keeps the latest published one's, whatever its age", async () => {
    const before = (await rowsOfSnapshot(ids.old)) + (await rowsOfSnapshot(ids.unbalanced));
    expect(before).toBeGreaterThan(200);
    expect(await pruneProofs(s.ctx)).toEqual({ snapshots: 2, rows: before });
    expect(await rowsOfSnapshot(ids.old)).toBe(0);
    expect(await rowsOfSnapshot(ids.unbalanced)).toBe(0);
    for (const kept of [ids.failed, ids.latest, ids.recent])
      expect(await rowsOfSnapshot(kept)).toBeGreaterThan(0);
    // The snapshot rows, roots and totals stay.
    const [old] = rowsOf<{ root_hash: string | null; total_usdt: string; proofs_pruned_at: unknown }>(
      await s.ctx.db.execute(
        sql`select root_hash, total_usdt::text as total_usdt, proofs_pruned_at from proof_snapshots where id = ${ids.old}`,
      ),
    );
    expect(old?.root_hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(old?.total_usdt).toBe('3000100');
    expect(old?.proofs_pruned_at).not.toBeNull();
  });

  it("serves the latest published snapshot's proof, which leads to its root", async () => {
    const res = await proof(1);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as PorProof;
    expect(data.proof.snapshot_id).toBe(ids.latest);
    const root = computeRoot(data.proof);
    expect(root.ok && bytesToHex(root.root.hash)).toBe(data.snapshot.root_hash);
  });

  it("answers a pruned snapshot's proof with a translated 404", async () => {
    const en = await proof(0, ids.old);
    expect(en.statusCode).toBe(404);
    expect(en.json()).toEqual({
      code: 404,
      msg: "This snapshot's proofs are no longer kept; your proof in the latest snapshot is always available",
      data: null,
    });
    const ja = await proof(0, ids.old, 'ja');
    expect(ja.statusCode).toBe(404);
    expect(ja.json().msg).toBe(
      'このスナップショットの証明はすでに保存されていません。最新のスナップショットの証明はいつでも確認できます',
    );
  });

  it('deletes nothing more on a second run', async () => {
    expect(await pruneProofs(s.ctx)).toEqual({ snapshots: 0, rows: 0 });
  });

  it('ends a newer snapshot in turn once another is published, and finishes a prune that stopped half-way', async () => {
    ids.recent = await snapshot('published', 1);
    // A run that marked the old latest and deleted part of its leaves, then died.
    expect(await markProofsPruned(s.ctx.db, daysBefore(now(), 90), now())).toEqual([ids.latest]);
    expect(await deleteLeaves(s.ctx.db, ids.latest, 1)).toBe(1);
    expect((await proof(1, ids.latest)).json().msg).toMatch(/no longer kept/);
    const done = await pruneProofs(s.ctx);
    expect(done.snapshots).toBe(0);
    expect(done.rows).toBeGreaterThan(0);
    expect(await rowsOfSnapshot(ids.latest)).toBe(0);
    expect((await proof(1)).json().data.proof.snapshot_id).toBe(ids.recent);
  });

  it("keeps the 30 days a member's assets history reads", async () => {
    const day = (daysAgo: number) => dayKey(ago(daysAgo));
    await s.ctx.db.execute(sql`delete from proof_snapshots`);
    const daily: number[] = [];
    for (const d of [31, 29]) {
      const id = await snapshot('published', d - 0.9);
      await s.ctx.db.execute(sql`update proof_snapshots set day = ${day(d)}::date where id = ${id}`);
      daily.push(id);
    }
    await snapshot('published', 0);
    // Even the shortest retention allowed keeps what the history shows.
    const shortest = {
      ...s.ctx,
      config: { ...s.ctx.config, retention: { ...s.ctx.config.retention, proofLeavesDays: 30 } },
    };
    await pruneProofs(shortest);
    const history = await memberDailyLeaves(s.ctx.db, members[0]?.userId ?? 0n, day(30));
    expect(history.map((h) => h.day)).toEqual([day(29)]);
    expect(await rowsOfSnapshot(daily[1] ?? 0)).toBeGreaterThan(0);
  });
});
