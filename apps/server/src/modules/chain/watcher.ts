import { transferAbi, vaultAbi } from '@agc/contracts';
import { rowsOf, schema } from '@agc/db';
import { and, eq, sql } from 'drizzle-orm';
import { getAbiItem, type Log } from 'viem';
import type { AppContext } from '../../context.ts';
import { invalidate } from '../../lib/caches.ts';
import { Lease, newHolderId } from '../../lib/leases.ts';
import { ingestVaultEvents, vaultEvents } from '../withdraw/claim.ts';
import { chainClient } from './client.ts';
import type { EventPlace } from './events.ts';
import { canonicalHashes, finalBlockNumber } from './finality.ts';
import { ingestPaidEvents, paidEvents } from './payments.ts';

const { chainCursors } = schema;

/**
 * The cursor of the contract events the app follows: the payment contract's Paid and the vault's
 * Claimed and VoucherCancelled (one stream, one range read; the name dates from when it held payments only).
 */
export const PAYMENTS_STREAM = 'transfer.Paid';
/** The lease of the one process that polls. */
export const WATCHER_LEASE = 'chain-watcher';
/** Events applied per database transaction (constant queries each). */
export const INGEST_CHUNK = 500;
const EVENTS = [
  getAbiItem({ abi: transferAbi, name: 'Paid' }),
  getAbiItem({ abi: vaultAbi, name: 'Claimed' }),
  getAbiItem({ abi: vaultAbi, name: 'VoucherCancelled' }),
];

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
 * Polls the payment contract's and the vault's events from a stored cursor, in bounded block ranges, up to
 * the final block (finality.ts). Credits only what is final, and checks it: every event's block hash is
 * stored and compared with the chain again after the read (a block replaced meanwhile aborts the poll),
 * and the cursor's block hash is compared at the next poll (a reorg below it rewinds the cursor and marks
 * the events of vanished blocks orphaned). One process at a time holds the watcher's lease; correctness
 * does not depend on it (ingestion is idempotent, the cursor only moves from where this poll read it).
 * An RPC or database error leaves the cursor where it was: the next poll reads the range again.
 */
export class PaymentWatcher {
  readonly id = newHolderId();
  private readonly lease: Lease;
  constructor(
    private readonly ctx: AppContext,
    private readonly hooks: WatcherHooks = {},
  ) {
    this.lease = new Lease(ctx.db, WATCHER_LEASE, this.id, ctx.config.jobLeaseMs);
  }

  /** Gives the lease up (on shutdown), so another process takes over at once. */
  release(): Promise<void> {
    return this.lease.release();
  }

  private async cursor(): Promise<{ block: bigint; blockHash: string | null }> {
    const { ctx } = this;
    await ctx.db
      .insert(chainCursors)
      .values({ name: PAYMENTS_STREAM, block: ctx.chain.startBlock - 1n })
      .onConflictDoNothing();
    const [row] = await ctx.db
      .select({ block: chainCursors.block, blockHash: chainCursors.blockHash })
      .from(chainCursors)
      .where(eq(chainCursors.name, PAYMENTS_STREAM));
    return row!;
  }

  /** One poll: at most one bounded range. */
  async pollOnce(): Promise<PollResult> {
    const { ctx } = this;
    if (!(await this.lease.acquire())) return { leader: false, read: 0, ingested: 0 };
    const cursor = await this.cursor();
    if (cursor.blockHash !== null && !(await this.stillCanonical(cursor.block, cursor.blockHash)))
      return { leader: true, read: 0, ingested: 0, reorg: await this.rewind(cursor.block) };

    const final = await finalBlockNumber(ctx);
    if (final <= cursor.block) return { leader: true, read: 0, ingested: 0 };
    const fromBlock = cursor.block + 1n;
    const max = cursor.block + BigInt(ctx.config.watcher.maxBlockRange);
    const toBlock = final < max ? final : max;
    const logs = await chainClient(ctx.chain).getLogs({
      address: [ctx.chain.contracts.transfer, ctx.chain.contracts.vault],
      events: EVENTS,
      fromBlock,
      toBlock,
    });
    await this.hooks.afterRead?.(logs);
    const payments = paidEvents(ctx, logs);
    const vault = vaultEvents(ctx, logs);

    // The blocks read must still be the chain's: otherwise a reorg happened meanwhile, and what was read
    // may have vanished. Nothing is written; the next poll reads the range again.
    const places: EventPlace[] = [...payments, ...vault];
    const hashes = await canonicalHashes(ctx, [...places.map((e) => e.blockNumber), toBlock]);
    for (const e of places)
      if (hashes.get(e.blockNumber) !== e.blockHash)
        throw new ReorgDuringRead(`block ${e.blockNumber} changed while its logs were read`);
    const toHash = hashes.get(toBlock) ?? null;

    let ingested = 0;
    for (let i = 0; i < payments.length || i === 0; i += INGEST_CHUNK) {
      const chunk = payments.slice(i, i + INGEST_CHUNK);
      const last = i + INGEST_CHUNK >= payments.length;
      ingested += await ctx.db.transaction(async (tx) => {
        let n = await ingestPaidEvents(ctx, tx, chunk);
        if (last) {
          n += await ingestVaultEvents(ctx, tx, vault);
          // Only from where this poll read it: a process that lost its lease meanwhile writes nothing.
          const moved = await tx
            .update(chainCursors)
            .set({ block: toBlock, blockHash: toHash, updatedAt: new Date() })
            .where(and(eq(chainCursors.name, PAYMENTS_STREAM), eq(chainCursors.block, cursor.block)))
            .returning({ block: chainCursors.block });
          if (moved.length === 0) throw new Error('the chain cursor moved meanwhile (another watcher)');
        }
        return n;
      });
      // Committed: cached /me figures of every process may be out of date now.
      if (ingested > 0) invalidate(ctx, { kind: 'allFigures' });
    }
    return { leader: true, fromBlock, toBlock, read: payments.length + vault.length, ingested };
  }

  /** False too when the chain is now shorter than the cursor: that block is gone. */
  private async stillCanonical(block: bigint, hash: string): Promise<boolean> {
    return (await canonicalHashes(this.ctx, [block])).get(block) === hash;
  }

  /**
   * A reorg below the cursor: deeper than the finality the watcher waited for, so it should not happen on
   * a real network with `finalized`. Finds the newest stored event whose block is still the chain's (all
   * blocks before it are then unchanged), marks every stored event above it orphaned (an auditor must
   * look at what they credited: the journal is never rewritten behind anyone's back), and moves the cursor
   * back there, so the range is read again: events that were mined again are stored and applied once
   * (the same event is not stored twice; an order or a withdrawal already settled is not settled twice).
   */
  private async rewind(from: bigint): Promise<{ from: bigint; to: bigint; orphaned: number }> {
    const { ctx } = this;
    let to = ctx.chain.startBlock - 1n;
    const gone: Array<{ block: bigint; hash: string }> = [];
    let before = from + 1n;
    for (;;) {
      const page = rowsOf<{ block: string; hash: string }>(
        await ctx.db.execute(sql`
          select distinct block_number::text as block, block_hash as hash from chain_events
          where chain_id = ${ctx.chain.id} and block_hash is not null and orphaned_at is null
            and block_number < ${before.toString()}::bigint
          order by 1 desc limit 100`),
      ).map((r) => ({ block: BigInt(r.block), hash: r.hash }));
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
      before = page[page.length - 1]!.block;
    }
    let orphaned = 0;
    await ctx.db.transaction(async (tx) => {
      for (const g of gone) {
        const marked = await tx.execute(sql`
          update chain_events set orphaned_at = now()
          where chain_id = ${ctx.chain.id} and block_number = ${g.block.toString()}::bigint
            and block_hash = ${g.hash} and orphaned_at is null
          returning id`);
        orphaned += rowsOf(marked).length;
      }
      await tx
        .update(chainCursors)
        .set({ block: to, blockHash: null, updatedAt: new Date() })
        .where(and(eq(chainCursors.name, PAYMENTS_STREAM), eq(chainCursors.block, from)));
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
