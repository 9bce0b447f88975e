import { copyIn, type DbOrTx, rowsOf, schema } from '@agc/db';
import { pageRows } from '@server/lib/paging.ts';
import { and, count, desc, eq, inArray, lt, sql } from 'drizzle-orm';

/**
 * All SQL of the proof of liabilities: the snapshots (claimed by one process at a time), their leaves and stored
 * nodes (written in one transaction with the snapshot's totals), and what the routes and the publisher read.
 */

const { proofSnapshots } = schema;

export type SnapshotRow = typeof proofSnapshots.$inferSelect;
export type SnapshotStatus = SnapshotRow['status'];

/** Rows per statement when storing a tree (one statement of unnest arrays: a million leaves in tens of round trips). */
const INSERT_CHUNK = 20_000;

/**
 * Claims the snapshot of a settled day for `holder` until `untilMs` from now (the database's clock): a new row, or a
 * row still building whose claim ran out (its builder died). Null when another process has it or it is done. The
 * unique day makes the claim once across processes.
 */
export async function claimDay(
  db: DbOrTx,
  day: string,
  holder: string,
  untilMs: number,
): Promise<number | null> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      insert into proof_snapshots (day, status, claimed_by, claimed_until)
      values (${day}, 'building', ${holder}, clock_timestamp() + ${untilMs} * interval '1 millisecond')
      on conflict (day) do update set claimed_by = excluded.claimed_by, claimed_until = excluded.claimed_until
      where proof_snapshots.status = 'building' and proof_snapshots.claimed_until < clock_timestamp()
      returning id`),
  );
  return rows[0] ? Number(rows[0].id) : null;
}

/** A snapshot an admin asked for: a new row, claimed by `holder`. */
export async function claimRequest(
  db: DbOrTx,
  requestedBy: bigint,
  holder: string,
  untilMs: number,
): Promise<number> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      insert into proof_snapshots (requested_by, status, claimed_by, claimed_until)
      values (${requestedBy}, 'building', ${holder}, clock_timestamp() + ${untilMs} * interval '1 millisecond')
      returning id`),
  );
  return Number(rows[0]?.id);
}

/** Gives a claim up after a failed build (nothing of it was stored): the day's job may try again at once. */
export async function dropClaim(db: DbOrTx, id: number, holder: string): Promise<void> {
  await db
    .delete(proofSnapshots)
    .where(
      and(
        eq(proofSnapshots.id, id),
        eq(proofSnapshots.claimedBy, holder),
        eq(proofSnapshots.status, 'building'),
      ),
    );
}

/** Requested snapshots whose builder died (their claim ran out): nothing of them was stored. */
export async function dropDeadRequests(db: DbOrTx): Promise<number> {
  const rows = await db
    .delete(proofSnapshots)
    .where(
      and(
        eq(proofSnapshots.status, 'building'),
        sql`${proofSnapshots.day} is null`,
        lt(proofSnapshots.claimedUntil, sql`clock_timestamp()`),
      ),
    )
    .returning({ id: proofSnapshots.id });
  return rows.length;
}

/** Is any snapshot being built now (by a live claim)? */
export async function buildingNow(db: DbOrTx): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(proofSnapshots)
    .where(
      and(eq(proofSnapshots.status, 'building'), sql`${proofSnapshots.claimedUntil} >= clock_timestamp()`),
    );
  return Number(row?.n ?? 0) > 0;
}

/** The last settled day (settlement_runs), or null before the first settlement. */
export async function lastSettledDay(db: DbOrTx): Promise<string | null> {
  const [row] = rowsOf<{ day: string | null }>(
    await db.execute(sql`select to_char(max(day), 'YYYY-MM-DD') as day from settlement_runs`),
  );
  return row?.day ?? null;
}

export interface LeafRow {
  idx: number;
  userId: bigint;
  usdt: bigint;
  agc: bigint;
  parts: Record<string, Partial<Record<'USDT' | 'AGC', string>>> | null;
}

export interface NodeRow {
  level: number;
  index: number;
  hash: string;
  usdt: bigint;
  agc: bigint;
}

/** A leaf to write: its parts already as JSON text (a million small objects would cost hundreds of megabytes). */
export interface NewLeaf extends Omit<LeafRow, 'parts'> {
  parts: string | null;
}

/**
 * Writes `count` leaves, `leafAt(0)` … `leafAt(count − 1)`, made a chunk at a time, so that no array of every leaf is
 * ever held. On PostgreSQL one `COPY … FROM STDIN` in the caller's transaction, fed a chunk of text rows at a time
 * (the database parses no JSON and the driver escapes nothing); on PGlite (no COPY from the client) one statement per
 * chunk, the chunk as one JSON text read with json_to_recordset.
 */
export async function insertLeaves(
  tx: DbOrTx,
  snapshotId: number,
  count: number,
  leafAt: (i: number) => NewLeaf,
): Promise<void> {
  async function* chunks(row: (l: NewLeaf) => string) {
    for (let i = 0; i < count; i += INSERT_CHUNK) {
      let rows = '';
      for (let k = i; k < Math.min(count, i + INSERT_CHUNK); k++) rows += row(leafAt(k));
      yield rows;
    }
  }
  // COPY's text format: tab-separated, \N for null, a backslash doubled (the parts are JSON text: no tab or newline).
  const copied = await copyIn(
    tx,
    'copy proof_leaves (snapshot_id, idx, user_id, usdt, agc, parts) from stdin',
    chunks(
      (l) =>
        `${snapshotId}\t${l.idx}\t${l.userId}\t${l.usdt}\t${l.agc}\t${l.parts === null ? '\\N' : l.parts.replaceAll('\\', '\\\\')}\n`,
    ),
  );
  if (copied) return;
  // One JSON text per chunk, written by concatenation (the parts are JSON text already).
  for await (const rows of chunks(
    (l) => `,{"i":${l.idx},"u":${l.userId},"s":${l.usdt},"a":${l.agc},"p":${l.parts ?? 'null'}}`,
  ))
    await tx.execute(sql`
      insert into proof_leaves (snapshot_id, idx, user_id, usdt, agc, parts)
      select ${snapshotId}, t.i, t.u, t.s, t.a, t.p
      from json_to_recordset(${`[${rows.slice(1)}]`}::json) as t(i int, u bigint, s numeric, a numeric, p jsonb)`);
}

export async function insertNodes(tx: DbOrTx, snapshotId: number, nodes: readonly NodeRow[]): Promise<void> {
  for (let i = 0; i < nodes.length; i += INSERT_CHUNK) {
    const part = nodes.slice(i, i + INSERT_CHUNK);
    await tx.execute(sql`
      insert into proof_nodes (snapshot_id, level, idx, hash, usdt, agc)
      select ${snapshotId}, t.level, t.idx, t.hash, t.usdt, t.agc
      from unnest(${sql.param(part.map((n) => n.level))}::smallint[], ${sql.param(part.map((n) => n.index))}::int[],
        ${sql.param(part.map((n) => n.hash))}::text[], ${sql.param(part.map((n) => n.usdt.toString()))}::numeric[],
        ${sql.param(part.map((n) => n.agc.toString()))}::numeric[])
        as t(level, idx, hash, usdt, agc)`);
  }
}

/**
 * Ends `holder`'s claim with the snapshot's figures; false when the claim is no longer theirs (another process took
 * the day over after the claim ran out): the caller's transaction must then be rolled back.
 */
export async function finishClaim(
  tx: DbOrTx,
  id: number,
  holder: string,
  values: Partial<typeof proofSnapshots.$inferInsert>,
): Promise<boolean> {
  const rows = await tx
    .update(proofSnapshots)
    .set({ ...values, claimedBy: null, claimedUntil: null })
    .where(
      and(
        eq(proofSnapshots.id, id),
        eq(proofSnapshots.claimedBy, holder),
        eq(proofSnapshots.status, 'building'),
      ),
    )
    .returning({ id: proofSnapshots.id });
  return rows.length === 1;
}

export async function findSnapshot(db: DbOrTx, id: number): Promise<SnapshotRow | undefined> {
  const [row] = await db.select().from(proofSnapshots).where(eq(proofSnapshots.id, id));
  return row;
}

export async function lockSnapshot(tx: DbOrTx, id: number): Promise<SnapshotRow | undefined> {
  const [row] = await tx.select().from(proofSnapshots).where(eq(proofSnapshots.id, id)).for('update');
  return row;
}

/** Sets fields of a snapshot whose status is still `from` (a compare-and-set: false when it moved on meanwhile). */
export async function updateSnapshot(
  db: DbOrTx,
  id: number,
  from: readonly SnapshotStatus[],
  values: Partial<typeof proofSnapshots.$inferInsert>,
): Promise<SnapshotRow | undefined> {
  const [row] = await db
    .update(proofSnapshots)
    .set(values)
    .where(and(eq(proofSnapshots.id, id), inArray(proofSnapshots.status, [...from])))
    .returning();
  return row;
}

/** Snapshots the publisher has work on (built: to send; publishing: to follow to finality), oldest first. */
export function pendingPublication(db: DbOrTx): Promise<SnapshotRow[]> {
  return db
    .select()
    .from(proofSnapshots)
    .where(inArray(proofSnapshots.status, ['built', 'publishing']))
    .orderBy(proofSnapshots.id);
}

/** The newest published snapshot, or the published one with this id. */
export async function publishedSnapshot(db: DbOrTx, id?: number): Promise<SnapshotRow | undefined> {
  const [row] = await db
    .select()
    .from(proofSnapshots)
    .where(
      and(eq(proofSnapshots.status, 'published'), id === undefined ? undefined : eq(proofSnapshots.id, id)),
    )
    .orderBy(desc(proofSnapshots.id))
    .limit(1);
  return row;
}

/** A page of snapshots, newest first: the published ones, or every one (admin). */
export async function snapshotPage(db: DbOrTx, publishedOnly: boolean, page: number, size: number) {
  const where = publishedOnly ? eq(proofSnapshots.status, 'published') : undefined;
  const { list, total } = await pageRows(
    { page, size },
    db.select().from(proofSnapshots).where(where).orderBy(desc(proofSnapshots.id)),
    db.select({ n: count() }).from(proofSnapshots).where(where),
  );
  return { rows: list, total };
}

/** The newest snapshot's status and the last publication's time (for the alerts). */
export async function proofHealthRow(db: DbOrTx) {
  const [row] = rowsOf<{ status: SnapshotStatus | null; last_published: string | Date | null }>(
    await db.execute(sql`
      select (select status from proof_snapshots order by id desc limit 1) as status,
        (select max(published_at) from proof_snapshots where status = 'published') as last_published`),
  );
  return {
    status: row?.status ?? null,
    lastPublished: row?.last_published ? new Date(row.last_published) : null,
  };
}

/** What serving one member's proof reads: their leaf, the leaves of its chunk, the stored siblings above it. */
export interface ProofRows {
  leaf: LeafRow;
  /** The chunk's member leaves by position, with their addresses (padding positions are absent). */
  chunk: Map<number, { address: string; usdt: bigint; agc: bigint }>;
  /** The stored nodes of the path, by `level/index`. */
  nodes: Map<string, { hash: string; usdt: bigint; agc: bigint }>;
}

/**
 * A member's leaf in a snapshot of `size` leaves, the member leaves of its chunk of `width` positions and the
 * sibling of each of its ancestors on the stored levels `low` … depth − 1: one statement, one round trip
 * (undefined: no leaf of that member). The chunk (a range of the primary key) and each sibling (its whole key) are
 * read in lateral subqueries kept apart from the join (`offset 0`), and each address by its key, so the plan is
 * index probes only, even before a new snapshot's rows are analysed: flattened into joins, the planner read every
 * node of the snapshot (6–10 ms at 100,000 members) or every leaf (a second at a million).
 */
export async function proofRows(
  db: DbOrTx,
  snapshotId: number,
  userId: bigint,
  shape: { width: number; low: number; depth: number },
): Promise<ProofRows | undefined> {
  const rows = rowsOf<{
    kind: 'leaf' | 'chunk' | 'node';
    idx: number;
    level: number | null;
    address: string | null;
    user_id: string | null;
    usdt: string;
    agc: string;
    parts: LeafRow['parts'] | string | null;
    hash: string | null;
  }>(
    await db.execute(sql`
      with l as (
        select idx, user_id, usdt, agc, parts from proof_leaves
        where snapshot_id = ${snapshotId} and user_id = ${userId.toString()}::bigint)
      select 'leaf' as kind, l.idx, null::smallint as level, null::text as address, l.user_id::text as user_id,
        l.usdt::text as usdt, l.agc::text as agc, l.parts, null::text as hash
      from l
      union all
      select 'chunk', c.idx, null, (select address from users where id = c.user_id), null, c.usdt::text,
        c.agc::text, null, null
      from l cross join lateral (
        select idx, user_id, usdt, agc from proof_leaves
        where snapshot_id = ${snapshotId}
          and idx >= l.idx - l.idx % ${shape.width} and idx < l.idx - l.idx % ${shape.width} + ${shape.width}
        offset 0) as c
      union all
      select 'node', n.idx, n.level, null, null, n.usdt::text, n.agc::text, null, n.hash
      from l cross join generate_series(${shape.low}::int, ${shape.depth - 1}::int) as g(level)
        cross join lateral (
          select * from proof_nodes
          where snapshot_id = ${snapshotId} and level = g.level and idx = ((l.idx >> g.level) # 1)
          offset 0) as n`),
  );
  const leaf = rows.find((r) => r.kind === 'leaf');
  if (!leaf) return undefined;
  const out: ProofRows = {
    leaf: {
      idx: Number(leaf.idx),
      userId: BigInt(leaf.user_id ?? '0'),
      usdt: BigInt(leaf.usdt),
      agc: BigInt(leaf.agc),
      parts: typeof leaf.parts === 'string' ? JSON.parse(leaf.parts) : leaf.parts,
    },
    chunk: new Map(),
    nodes: new Map(),
  };
  for (const r of rows)
    if (r.kind === 'chunk') {
      // A leaf's member always has a row (members never go away); without one the path would be wrong.
      if (r.address === null)
        throw new Error(`proof: leaf ${r.idx} of snapshot ${snapshotId} has no member row`);
      out.chunk.set(Number(r.idx), { address: r.address, usdt: BigInt(r.usdt), agc: BigInt(r.agc) });
    } else if (r.kind === 'node')
      out.nodes.set(`${r.level}/${r.idx}`, { hash: r.hash ?? '', usdt: BigInt(r.usdt), agc: BigInt(r.agc) });
  return out;
}

/**
 * A member's leaf in each daily snapshot since `fromDay` (inclusive), oldest first: what they were owed after each
 * settled day, by the solvency parts (a member's assets history). Requested snapshots (no day) and one still
 * building are left out; a day the member was not a member yet has no leaf.
 */
export async function memberDailyLeaves(
  db: DbOrTx,
  userId: bigint,
  fromDay: string,
): Promise<Array<{ day: string; asOf: Date; usdt: bigint; agc: bigint }>> {
  const rows = rowsOf<{ day: string; as_of: string | Date; usdt: string; agc: string }>(
    await db.execute(sql`
      select to_char(s.day, 'YYYY-MM-DD') as day, s.as_of, l.usdt::text as usdt, l.agc::text as agc
      from proof_snapshots s join proof_leaves l on l.snapshot_id = s.id and l.user_id = ${userId.toString()}::bigint
      where s.day >= ${fromDay}::date and s.status <> 'building' and s.as_of is not null
      order by s.day`),
  );
  return rows.map((r) => ({
    day: r.day,
    asOf: new Date(r.as_of),
    usdt: BigInt(r.usdt),
    agc: BigInt(r.agc),
  }));
}

/**
 * Marks the snapshots whose proofs retention ends (PROOF_LEAVES_KEEP_DAYS): taken before `before`, in a final state
 * (published, unbalanced, conflict: a built, publishing or failed one may still become the latest published), and
 * not the latest published snapshot, whose proofs are served at any age. Their ids; their leaves and nodes are
 * deleted next (`prunedWithRows`), the row, root and totals stay.
 */
export async function markProofsPruned(db: DbOrTx, before: Date, now: Date): Promise<number[]> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      update proof_snapshots set proofs_pruned_at = ${now.toISOString()}::timestamptz
      where proofs_pruned_at is null and status in ('published', 'unbalanced', 'conflict')
        and coalesce(as_of, created_at) < ${before.toISOString()}::timestamptz
        and id <> coalesce((select max(id) from proof_snapshots where status = 'published'), 0)
      returning id`),
  );
  return rows.map((r) => Number(r.id));
}

/** Pruned snapshots that still have leaves or nodes (a prune that stopped half-way included), oldest first. */
export async function prunedWithRows(db: DbOrTx): Promise<number[]> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      select s.id from proof_snapshots s
      where s.proofs_pruned_at is not null
        and (exists (select 1 from proof_leaves l where l.snapshot_id = s.id)
          or exists (select 1 from proof_nodes n where n.snapshot_id = s.id))
      order by s.id`),
  );
  return rows.map((r) => Number(r.id));
}

/** Deletes at most `limit` of a snapshot's leaves (by its primary key's prefix); the number deleted. */
export async function deleteLeaves(db: DbOrTx, snapshotId: number, limit: number): Promise<number> {
  const rows = rowsOf<{ idx: number }>(
    await db.execute(sql`
      delete from proof_leaves where snapshot_id = ${snapshotId} and idx in (
        select idx from proof_leaves where snapshot_id = ${snapshotId} order by idx limit ${limit})
      returning idx`),
  );
  return rows.length;
}

/** Deletes at most `limit` of a snapshot's stored nodes (by its primary key's prefix); the number deleted. */
export async function deleteNodes(db: DbOrTx, snapshotId: number, limit: number): Promise<number> {
  const rows = rowsOf<{ idx: number }>(
    await db.execute(sql`
      delete from proof_nodes where snapshot_id = ${snapshotId} and (level, idx) in (
        select level, idx from proof_nodes where snapshot_id = ${snapshotId} order by level, idx limit ${limit})
      returning idx`),
  );
  return rows.length;
}
