import type { AppContext } from '@server/context.ts';
import { BlockNotFoundError } from 'viem';
import { chainClient } from './client.ts';

/**
 * The highest block whose events may be credited: the chain's own `finalized` or `safe` block on a real
 * network (Arbitrum One's finalized block is one whose batch Ethereum has finalized), or the head minus
 * CHAIN_CONFIRMATIONS − 1 (anvil, which finalizes nothing of its own accord).
 */
export async function finalBlockNumber(ctx: AppContext): Promise<bigint> {
  const client = chainClient(ctx.chain);
  const { finality, confirmations } = ctx.config.watcher;
  if (finality === 'confirmations')
    return (await client.getBlockNumber({ cacheTime: 0 })) - BigInt(confirmations - 1);
  return (await client.getBlock({ blockTag: finality })).number;
}

/**
 * The canonical hash of each block number, read now (a few at a time). A block the chain does not have
 * (it got shorter in a reorg) is missing from the answer; any other failure is thrown, never taken for
 * "not canonical".
 */
export async function canonicalHashes(ctx: AppContext, numbers: bigint[]): Promise<Map<bigint, string>> {
  const client = chainClient(ctx.chain);
  const unique = [...new Set(numbers)];
  const out = new Map<bigint, string>();
  for (let i = 0; i < unique.length; i += 8) {
    const blocks = await Promise.all(
      unique.slice(i, i + 8).map((blockNumber) =>
        client.getBlock({ blockNumber }).catch((e) => {
          if (e instanceof BlockNotFoundError) return null;
          throw e;
        }),
      ),
    );
    for (const b of blocks) if (b && b.number !== null && b.hash) out.set(b.number, b.hash.toLowerCase());
  }
  return out;
}
