import { type DbOrTx, schema } from '@agc/db';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';

const { chainEvents } = schema;

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
 * applied again: it was applied once already.
 */
export async function storeEvents(
  ctx: AppContext,
  tx: DbOrTx,
  events: StoredEvent[],
): Promise<Map<string, bigint>> {
  if (events.length === 0) return new Map();
  // One row per key in the statement (an upsert may not touch a row twice); a repeat is the same event.
  const unique = [...new Map(events.map((e) => [eventKey(e), e])).values()];
  const rows = await tx
    .insert(chainEvents)
    .values(
      unique.map((e) => ({
        chainId: ctx.chain.id,
        txHash: e.txHash,
        logIndex: e.logIndex,
        blockNumber: e.blockNumber,
        blockHash: e.blockHash,
        contract: e.contract,
        name: e.name,
        orderId: e.orderId ?? null,
        args: e.args,
      })),
    )
    .onConflictDoUpdate({
      target: [chainEvents.chainId, chainEvents.txHash, chainEvents.logIndex],
      set: {
        blockNumber: sql`excluded.block_number`,
        blockHash: sql`excluded.block_hash`,
        orphanedAt: null,
      },
      setWhere: sql`${chainEvents.orphanedAt} is not null`,
    })
    .returning({
      id: chainEvents.id,
      txHash: chainEvents.txHash,
      logIndex: chainEvents.logIndex,
      // A row inserted by this statement has no deleting transaction yet; an updated one has this one.
      inserted: sql<boolean>`(xmax = 0)`,
    });
  return new Map(rows.filter((r) => r.inserted).map((r) => [eventKey(r), r.id]));
}

/** Records what ingestion did with each stored event, in one statement. */
export async function setOutcomes(tx: DbOrTx, outcomes: Array<{ id: bigint; outcome: string }>) {
  if (outcomes.length === 0) return;
  const values = sql.join(
    outcomes.map((o) => sql`(${o.id.toString()}::bigint, ${o.outcome})`),
    sql`, `,
  );
  await tx.execute(
    sql`update chain_events c set outcome = v.outcome from (values ${values}) as v(id, outcome) where c.id = v.id`,
  );
}
