import { type DbOrTx, rowsOf, schema } from '@agc/db';
import { defined } from '@agc/shared/defined';
import type { AppContext } from '@server/context.ts';
import { and, eq, sql } from 'drizzle-orm';
import { closeRemined } from './incidents-repository.ts';

/** Where an event was read: the key it is stored under (chain id, tx hash, log index) and its block. */
export interface EventPlace {
  txHash: string;
  logIndex: number;
  blockNumber: bigint;
  /** The block's hash when the event was read; checked against the chain before anything is credited. */
  blockHash: string;
}

/** An event as chain_events stores it. */
export interface StoredEvent extends EventPlace {
  contract: 'transfer' | 'vault';
  name: string;
  args: Record<string, string>;
  /** The order a payment event names. */
  orderId?: bigint;
}

export const eventKey = (e: Pick<EventPlace, 'txHash' | 'logIndex'>) => `${e.txHash}:${e.logIndex}`;

/** Chain order: by block, then by position in the block. */
export const byChainOrder = (a: EventPlace, b: EventPlace) =>
  a.blockNumber !== b.blockNumber ? (a.blockNumber < b.blockNumber ? -1 : 1) : a.logIndex - b.logIndex;

/**
 * Stores events once each (unique on chain id, tx hash, log index) in the caller's transaction and returns
 * the ids of the ones stored now, by eventKey: only those may be applied. Reading a range twice, or two
 * processes reading it, stores (and so applies) nothing twice. An event marked orphaned by a reorg that
 * shows up again (its transaction mined once more) gets its new block and loses the mark, and is not
 * applied again: it was applied once already; its open chain incident closes (`remined`).
 */
export async function storeEvents(
  ctx: AppContext,
  tx: DbOrTx,
  events: StoredEvent[],
): Promise<Map<string, bigint>> {
  if (events.length === 0) return new Map();
  // One row per key in the statement (an upsert may not touch a row twice); a repeat is the same event.
  const unique = [...new Map(events.map((e) => [eventKey(e), e])).values()];
  // One statement with one array parameter per column: drizzle's VALUES builder cost about 50 ms of the
  // process per 500 events, more than the statement itself.
  const rows = rowsOf<{ id: string; tx_hash: string; log_index: number; inserted: boolean }>(
    await tx.execute(sql`
      insert into chain_events (chain_id, tx_hash, log_index, block_number, block_hash, contract, name, order_id, args)
      select ${ctx.chain.id}::int, k.* from unnest(
        ${sql.param(unique.map((e) => e.txHash))}::text[],
        ${sql.param(unique.map((e) => e.logIndex))}::int[],
        ${sql.param(unique.map((e) => e.blockNumber.toString()))}::bigint[],
        ${sql.param(unique.map((e) => e.blockHash))}::text[],
        ${sql.param(unique.map((e) => e.contract))}::text[],
        ${sql.param(unique.map((e) => e.name))}::text[],
        ${sql.param(unique.map((e) => e.orderId?.toString() ?? null))}::bigint[],
        ${sql.param(unique.map((e) => JSON.stringify(e.args)))}::jsonb[])
        as k(tx_hash, log_index, block_number, block_hash, contract, name, order_id, args)
      on conflict (chain_id, tx_hash, log_index) do update
        set block_number = excluded.block_number, block_hash = excluded.block_hash, orphaned_at = null
        where chain_events.orphaned_at is not null
      -- A row inserted by this statement has no deleting transaction yet; an updated one has this one.
      returning id::text as id, tx_hash, log_index, (xmax = 0) as inserted`),
  ).map((r) => ({ id: BigInt(r.id), txHash: r.tx_hash, logIndex: r.log_index, inserted: r.inserted }));
  const back = rows.filter((r) => !r.inserted).map((r) => r.id);
  if (back.length > 0) await closeRemined(tx, back, ctx.now());
  return new Map(rows.filter((r) => r.inserted).map((r) => [eventKey(r), r.id]));
}

/** Records what ingestion did with each stored event, in one statement (arrays, not a VALUES list to build). */
export async function setOutcomes(tx: DbOrTx, outcomes: Array<{ id: bigint; outcome: string }>) {
  if (outcomes.length === 0) return;
  await tx.execute(sql`
    update chain_events c set outcome = v.outcome
    from unnest(${sql.param(outcomes.map((o) => o.id.toString()))}::bigint[],
      ${sql.param(outcomes.map((o) => o.outcome))}::text[]) as v(id, outcome)
    where c.id = v.id`);
}

const { chainCursors } = schema;

/** A stream's cursor: the last block fully ingested and its hash (null before the first range). */
export interface Cursor {
  block: bigint;
  blockHash: string | null;
}

/** The stream's cursor, created just before `startBlock` the first time. */
export async function readCursor(db: DbOrTx, name: string, startBlock: bigint): Promise<Cursor> {
  await db
    .insert(chainCursors)
    .values({ name, block: startBlock - 1n })
    .onConflictDoNothing();
  const [row] = await db
    .select({ block: chainCursors.block, blockHash: chainCursors.blockHash })
    .from(chainCursors)
    .where(eq(chainCursors.name, name));
  return defined(row);
}

/**
 * Moves the cursor from `from` (where the caller read it) to `to`; false when someone else moved it
 * meanwhile (then nothing of the caller's transaction may stand).
 */
export async function moveCursor(tx: DbOrTx, name: string, from: bigint, to: Cursor): Promise<boolean> {
  const moved = await tx
    .update(chainCursors)
    .set({ block: to.block, blockHash: to.blockHash, updatedAt: new Date() })
    .where(and(eq(chainCursors.name, name), eq(chainCursors.block, from)))
    .returning({ block: chainCursors.block });
  return moved.length > 0;
}

/**
 * Distinct (block, hash) of stored, not orphaned events below `before`, newest first (by block number: the text
 * of 9 sorts above the text of 10), a page of 100.
 */
export async function storedBlocksBelow(
  db: DbOrTx,
  chainId: number,
  before: bigint,
): Promise<Array<{ block: bigint; hash: string }>> {
  return rowsOf<{ block: string; hash: string }>(
    await db.execute(sql`
      select block::text as block, hash from (
        select distinct block_number as block, block_hash as hash from chain_events
        where chain_id = ${chainId} and block_hash is not null and orphaned_at is null
          and block_number < ${before.toString()}::bigint) b
      order by b.block desc limit 100`),
  ).map((r) => ({ block: BigInt(r.block), hash: r.hash }));
}

/** A stored event a reorg took off the chain, as the modules that applied it read it. */
export interface OrphanedEvent {
  id: bigint;
  contract: string;
  name: string;
  args: Record<string, string>;
  orderId: bigint | null;
  outcome: string | null;
}

/** Marks the stored events of vanished blocks orphaned; answers them. */
export async function markOrphaned(
  tx: DbOrTx,
  chainId: number,
  blocks: Array<{ block: bigint; hash: string }>,
): Promise<OrphanedEvent[]> {
  const marked: OrphanedEvent[] = [];
  for (const g of blocks)
    for (const r of rowsOf<{
      id: string;
      contract: string;
      name: string;
      args: Record<string, string> | string;
      order_id: string | null;
      outcome: string | null;
    }>(
      await tx.execute(sql`
        update chain_events set orphaned_at = now()
        where chain_id = ${chainId} and block_number = ${g.block.toString()}::bigint
          and block_hash = ${g.hash} and orphaned_at is null
        returning id::text as id, contract, name, args, order_id::text as order_id, outcome`),
    ))
      marked.push({
        id: BigInt(r.id),
        contract: r.contract,
        name: r.name,
        args: typeof r.args === 'string' ? JSON.parse(r.args) : r.args,
        orderId: r.order_id === null ? null : BigInt(r.order_id),
        outcome: r.outcome,
      });
  return marked;
}

/** A stream's cursor without creating it (metrics): undefined before the watcher's first poll. */
export async function peekCursor(db: DbOrTx, name: string): Promise<Cursor | undefined> {
  const [row] = await db
    .select({ block: chainCursors.block, blockHash: chainCursors.blockHash })
    .from(chainCursors)
    .where(eq(chainCursors.name, name));
  return row;
}
