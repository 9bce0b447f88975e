import type { AppContext } from '@server/context.ts';
import { chainClient } from './client.ts';
import { finalBlockNumber } from './finality.ts';
import { PAYMENTS_STREAM } from './jobs.ts';
import { peekCursor } from './repository.ts';

/** A block's number and when it was made. */
export interface BlockStamp {
  number: bigint;
  time: Date;
}

/** The chain's newest block (readiness: is the RPC answering, and is its head recent?). */
export async function chainHead(ctx: AppContext): Promise<BlockStamp> {
  const block = await chainClient(ctx.chain).getBlock({ blockTag: 'latest' });
  return { number: block.number, time: new Date(Number(block.timestamp) * 1000) };
}

/** Where the watcher stands against the chain (metrics). */
export interface WatcherStatus {
  head: BlockStamp;
  final: BlockStamp;
  /** The last block fully ingested (before the first poll: the block before the start block). */
  cursor: BlockStamp;
  /** Final blocks not ingested yet, and the chain time they span (both 0 when caught up). */
  lagBlocks: bigint;
  lagSeconds: number;
}

/**
 * The watcher's lag: blocks and chain time between its cursor and the final block. Measured against the final
 * block, not the head: waiting for finality is the design, not a lag (the head's distance is head − final). Four
 * RPC reads (head, final number, the two blocks' times) and one row: the caller caches it between scrapes.
 */
export async function watcherStatus(ctx: AppContext): Promise<WatcherStatus> {
  const client = chainClient(ctx.chain);
  const [head, finalNumber, cursor] = await Promise.all([
    chainHead(ctx),
    finalBlockNumber(ctx),
    peekCursor(ctx.db, PAYMENTS_STREAM),
  ]);
  const cursorNumber = cursor?.block ?? ctx.chain.startBlock - 1n;
  const stamp = async (n: bigint): Promise<BlockStamp> => {
    const at = n < 0n ? 0n : n;
    const b = await client.getBlock({ blockNumber: at });
    return { number: at, time: new Date(Number(b.timestamp) * 1000) };
  };
  const [final, cursorBlock] = await Promise.all([stamp(finalNumber), stamp(cursorNumber)]);
  const behind = final.number > cursorBlock.number;
  return {
    head,
    final,
    cursor: cursorBlock,
    lagBlocks: behind ? final.number - cursorBlock.number : 0n,
    lagSeconds: behind ? Math.max(0, (final.time.getTime() - cursorBlock.time.getTime()) / 1000) : 0,
  };
}
