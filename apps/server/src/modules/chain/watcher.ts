import { randomUUID } from 'node:crypto';
import { transferAbi, vaultAbi } from '@agc/contracts';
import { schema } from '@agc/db';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { getAbiItem } from 'viem';
import type { AppContext } from '../../context.ts';
import { claimedEvents, ingestClaimedEvents } from '../withdraw/claim.ts';
import { chainClient } from './client.ts';
import { ingestPaidEvents, paidEvents } from './payments.ts';

const { chainCursors } = schema;

/**
 * The cursor of the contract events the app follows: the payment contract's Paid and the vault's
 * Claimed (one stream, one range read for both; the name dates from when it held payments only).
 */
export const PAYMENTS_STREAM = 'transfer.Paid';
/** Events applied per database transaction (constant queries each). */
export const INGEST_CHUNK = 500;
const LEASE_MS = 15_000;
const PAID = getAbiItem({ abi: transferAbi, name: 'Paid' });
const CLAIMED = getAbiItem({ abi: vaultAbi, name: 'Claimed' });

export interface PollResult {
  /** False when another process holds the lease (it is the leader). */
  leader: boolean;
  fromBlock?: bigint;
  toBlock?: bigint;
  /** Logs read and how many of them were new. */
  read: number;
  ingested: number;
}

/**
 * Polls the payment contract's and the vault's events from a stored cursor, in bounded block ranges, up to the
 * block that has enough confirmations. One process at a time holds a lease on the stream (the
 * leader); correctness does not depend on it (ingestion is idempotent), it only saves duplicate work.
 * An RPC or database error leaves the cursor where it was: the next poll reads the range again.
 */
export class PaymentWatcher {
  readonly id = randomUUID();
  constructor(private readonly ctx: AppContext) {}

  /** Takes or renews the lease; returns the cursor block when this process is the leader. */
  private async lease(): Promise<bigint | null> {
    const { ctx } = this;
    const now = ctx.now();
    const until = new Date(now.getTime() + LEASE_MS);
    await ctx.db
      .insert(chainCursors)
      .values({ name: PAYMENTS_STREAM, block: ctx.chain.startBlock - 1n })
      .onConflictDoNothing();
    const [row] = await ctx.db
      .update(chainCursors)
      .set({ leaderId: this.id, leaseUntil: until })
      .where(
        and(
          eq(chainCursors.name, PAYMENTS_STREAM),
          or(
            eq(chainCursors.leaderId, this.id),
            isNull(chainCursors.leaseUntil),
            lt(chainCursors.leaseUntil, now),
          ),
        ),
      )
      .returning({ block: chainCursors.block });
    return row ? row.block : null;
  }

  /** Gives the lease up (on shutdown), so another process takes over at once. */
  async release(): Promise<void> {
    await this.ctx.db
      .update(chainCursors)
      .set({ leaderId: null, leaseUntil: null })
      .where(and(eq(chainCursors.name, PAYMENTS_STREAM), eq(chainCursors.leaderId, this.id)));
  }

  /** One poll: at most one bounded range. */
  async pollOnce(): Promise<PollResult> {
    const { ctx } = this;
    const cursor = await this.lease();
    if (cursor === null) return { leader: false, read: 0, ingested: 0 };
    const client = chainClient(ctx.chain);
    const head = await client.getBlockNumber({ cacheTime: 0 });
    const safe = head - BigInt(ctx.config.watcher.confirmations - 1);
    if (safe <= cursor) return { leader: true, read: 0, ingested: 0 };
    const fromBlock = cursor + 1n;
    const max = cursor + BigInt(ctx.config.watcher.maxBlockRange);
    const toBlock = safe < max ? safe : max;
    const logs = await client.getLogs({
      address: [ctx.chain.contracts.transfer, ctx.chain.contracts.vault],
      events: [PAID, CLAIMED],
      fromBlock,
      toBlock,
    });
    const events = paidEvents(ctx, logs);
    const claims = claimedEvents(ctx, logs);
    let ingested = 0;
    for (let i = 0; i < events.length || i === 0; i += INGEST_CHUNK) {
      const chunk = events.slice(i, i + INGEST_CHUNK);
      const last = i + INGEST_CHUNK >= events.length;
      ingested += await ctx.db.transaction(async (tx) => {
        let n = await ingestPaidEvents(ctx, tx, chunk);
        if (last) {
          n += await ingestClaimedEvents(ctx, tx, claims);
          // Only forward, and only while this process still leads.
          await tx
            .update(chainCursors)
            .set({
              block: sql`greatest(${chainCursors.block}, ${toBlock.toString()}::bigint)`,
              updatedAt: ctx.now(),
            })
            .where(and(eq(chainCursors.name, PAYMENTS_STREAM), eq(chainCursors.leaderId, this.id)));
        }
        return n;
      });
      // Committed: this process's cached /me figures may be out of date now.
      if (ingested > 0) ctx.cache.me.clear();
    }
    return { leader: true, fromBlock, toBlock, read: events.length + claims.length, ingested };
  }

  /** Polls until caught up with the chain head (tests, benchmarks). */
  async catchUp(): Promise<number> {
    let total = 0;
    for (;;) {
      const r = await this.pollOnce();
      total += r.ingested;
      if (!r.leader || r.toBlock === undefined) return total;
    }
  }
}
