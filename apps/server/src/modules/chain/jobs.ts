import type { DbOrTx } from '@agc/db';
import { defined } from '@agc/shared/defined';
import type { AppContext } from '@server/context.ts';
import { invalidate } from '@server/lib/caches.ts';
import { Lease, newHolderId } from '@server/lib/leases.ts';
import type { AbiEvent, Log } from 'viem';
import { chainClient } from './client.ts';
import { canonicalHashes, finalBlockNumber } from './finality.ts';
import {
  type EventPlace,
  markOrphaned,
  moveCursor,
  type OrphanedEvent,
  readCursor,
  storedBlocksBelow,
} from './repository.ts';

/**
 * The cursor of the contract events the app follows (one stream, one range read for every handler; the
 * name dates from when it held payments only).
 */
export const PAYMENTS_STREAM = 'transfer.Paid';
/** The lease of the one process that polls. */
export const WATCHER_LEASE = 'chain-watcher';
/**
 * Events applied per database transaction (constant queries each): fewer, larger transactions catch a backlog up
 * faster, at the price of longer locks (docs/decisions/0177-ingestion-chunks.md).
 */
export const INGEST_CHUNK = 2000;

/**
 * What a module reads from the chain: the events of one contract, decoded, then stored (once) and applied
 * inside the watcher's transaction. The chain module knows nothing of orders or withdrawals: the shop
 * registers its payment events, the withdrawals their vault events (jobs/index.ts puts them together).
 */
export interface ChainEventHandler<E extends EventPlace = EventPlace> {
  /** For logs. */
  name: string;
  /** The contract whose logs it reads. */
  address(ctx: AppContext): `0x${string}`;
  /** The ABI events it reads there. */
  events: readonly AbiEvent[];
  /** Its events among the logs of a range. */
  decode(ctx: AppContext, logs: Log[]): E[];
  /** Stores (once each) and applies events inside the caller's transaction; returns how many were new. */
  ingest(ctx: AppContext, tx: DbOrTx, events: E[]): Promise<number>;
  /**
   * Stored events a reorg below the cursor took off the chain (every handler sees every orphaned event, and takes
   * its own), inside the rewind's transaction: what they credited opens a chain incident.
   */
  orphaned?(ctx: AppContext, tx: DbOrTx, events: OrphanedEvent[]): Promise<void>;
}

export interface PollResult {
  /** False when another process holds the lease (it is the leader). */
  leader: boolean;
  fromBlock?: bigint;
  toBlock?: bigint;
  /** Logs read and how many of them were new. */
  read: number;
  ingested: number;
  /**
   * The chain under the cursor changed (a reorg deeper than the finality waited for): the cursor went back
   * to `to`, and `orphaned` stored events were found in blocks that left the chain.
   */
  reorg?: { from: bigint; to: bigint; orphaned: number };
}

/** The chain changed between reading a range's logs and checking their blocks: nothing was written. */
export class ReorgDuringRead extends Error {
  override name = 'ReorgDuringRead';
}

export interface WatcherHooks {
  /** Tests: runs after the logs of a range were read, before their blocks are checked again. */
  afterRead?(logs: Log[]): Promise<void>;
}

/**
 * Polls the handlers' contract events from a stored cursor, in bounded block ranges, up to the final block
 * (finality.ts). Credits only what is final, and checks it: every event's block hash is stored and compared
 * with the chain again after the read (a block replaced meanwhile aborts the poll), and the cursor's block
 * hash is compared at the next poll (a reorg below it rewinds the cursor and marks the events of vanished
 * blocks orphaned). One process at a time holds the watcher's lease; correctness does not depend on it
 * (ingestion is idempotent, the cursor only moves from where this poll read it). An RPC or database error
 * leaves the cursor where it was: the next poll reads the range again.
 */
export class ChainWatcher {
  readonly id = newHolderId();
  private readonly lease: Lease;
  constructor(
    private readonly ctx: AppContext,
    // biome-ignore lint/suspicious/noExplicitAny: handlers of different event types side by side
    private readonly handlers: readonly ChainEventHandler<any>[],
    private readonly hooks: WatcherHooks = {},
  ) {
    this.lease = new Lease(ctx.db, WATCHER_LEASE, this.id, ctx.config.jobLeaseMs);
  }

  /** Gives the lease up (on shutdown), so another process takes over at once. */
  release(): Promise<void> {
    return this.lease.release();
  }

  /** One poll: at most one bounded range. */
  async pollOnce(): Promise<PollResult> {
    const { ctx } = this;
    if (!(await this.lease.acquire())) return { leader: false, read: 0, ingested: 0 };
    const cursor = await readCursor(ctx.db, PAYMENTS_STREAM, ctx.chain.startBlock);
    if (cursor.blockHash !== null && !(await this.stillCanonical(cursor.block, cursor.blockHash)))
      return { leader: true, read: 0, ingested: 0, reorg: await this.rewind(cursor.block) };

    const final = await finalBlockNumber(ctx);
    if (final <= cursor.block) return { leader: true, read: 0, ingested: 0 };
    const fromBlock = cursor.block + 1n;
    const max = cursor.block + BigInt(ctx.config.watcher.maxBlockRange);
    const toBlock = final < max ? final : max;
    const logs = await chainClient(ctx.chain).getLogs({
      address: this.handlers.map((h) => h.address(ctx)),
      events: this.handlers.flatMap((h) => h.events),
      fromBlock,
      toBlock,
    });
    await this.hooks.afterRead?.(logs);
    const work = this.handlers.map((handler) => ({ handler, events: handler.decode(ctx, logs) }));

    // The blocks read must still be the chain's: otherwise a reorg happened meanwhile, and what was read
    // may have vanished. Nothing is written; the next poll reads the range again.
    const places: EventPlace[] = work.flatMap((w) => w.events);
    const hashes = await canonicalHashes(ctx, [...places.map((e) => e.blockNumber), toBlock]);
    for (const e of places)
      if (hashes.get(e.blockNumber) !== e.blockHash)
        throw new ReorgDuringRead(`block ${e.blockNumber} changed while its logs were read`);
    const to = { block: toBlock, blockHash: hashes.get(toBlock) ?? null };

    // Each handler's events in chunks, one transaction each; the last one moves the cursor.
    const chunks = work.flatMap(({ handler, events }) => {
      const out = [];
      for (let i = 0; i < events.length; i += INGEST_CHUNK)
        out.push({ handler, events: events.slice(i, i + INGEST_CHUNK) });
      return out;
    });
    if (chunks.length === 0) chunks.push({ handler: null as never, events: [] });
    let ingested = 0;
    for (const [i, chunk] of chunks.entries()) {
      ingested += await ctx.db.transaction(async (tx) => {
        const n = chunk.events.length > 0 ? await chunk.handler.ingest(ctx, tx, chunk.events) : 0;
        // Only from where this poll read it: a process that lost its lease meanwhile writes nothing.
        if (i === chunks.length - 1 && !(await moveCursor(tx, PAYMENTS_STREAM, cursor.block, to)))
          throw new Error('the chain cursor moved meanwhile (another watcher)');
        return n;
      });
      // Committed: cached /me figures of every process may be out of date now.
      if (ingested > 0) invalidate(ctx, { kind: 'allFigures' });
    }
    return { leader: true, fromBlock, toBlock, read: places.length, ingested };
  }

  /** False too when the chain is now shorter than the cursor: that block is gone. */
  private async stillCanonical(block: bigint, hash: string): Promise<boolean> {
    return (await canonicalHashes(this.ctx, [block])).get(block) === hash;
  }

  /**
   * A reorg below the cursor: deeper than the finality the watcher waited for, so it should not happen on
   * a real network with `finalized`. Finds the newest stored event whose block is still the chain's (all
   * blocks before it are then unchanged), marks every stored event above it orphaned, lets each handler open
   * a chain incident for what they credited (an admin decides: the journal is never rewritten behind anyone's
   * back), and moves the cursor back there, so the range is read again: events that were mined again are
   * stored once and close their incident (the same event is not stored twice; an order or a withdrawal
   * already settled is not settled twice).
   */
  private async rewind(from: bigint): Promise<{ from: bigint; to: bigint; orphaned: number }> {
    const { ctx } = this;
    let to = ctx.chain.startBlock - 1n;
    const gone: Array<{ block: bigint; hash: string }> = [];
    let before = from + 1n;
    for (;;) {
      const page = await storedBlocksBelow(ctx.db, ctx.chain.id, before);
      if (page.length === 0) break;
      // An RPC failure throws (the cursor stays): only a block the chain answers otherwise is "gone".
      const canon = await canonicalHashes(
        ctx,
        page.map((p) => p.block),
      );
      const kept = page.find((p) => canon.get(p.block) === p.hash);
      for (const p of page) {
        if (kept && p.block <= kept.block) break;
        if (canon.get(p.block) !== p.hash) gone.push(p);
      }
      if (kept) {
        to = kept.block;
        break;
      }
      before = defined(page[page.length - 1]).block;
    }
    const orphaned = await ctx.db.transaction(async (tx) => {
      const marked = await markOrphaned(tx, ctx.chain.id, gone);
      if (marked.length > 0) for (const h of this.handlers) await h.orphaned?.(ctx, tx, marked);
      await moveCursor(tx, PAYMENTS_STREAM, from, { block: to, blockHash: null });
      return marked.length;
    });
    return { from, to, orphaned };
  }

  /** Polls until caught up with the final block (tests, benchmarks). */
  async catchUp(): Promise<number> {
    let total = 0;
    for (;;) {
      const r = await this.pollOnce();
      total += r.ingested;
      if (!r.leader || (r.toBlock === undefined && !r.reorg)) return total;
    }
  }
}
