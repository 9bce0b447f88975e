import {
  agcPriceAtSqrtPrice,
  agcPriceAtTick,
  meanTick,
  mockV3AggregatorAbi,
  uniswapV3PoolAbi,
  usdtDepth,
} from '@agc/contracts';
import type { MarketContext } from '@server/context.ts';
import { BaseError, ContractFunctionRevertedError, type PublicClient } from 'viem';

/**
 * One reading of the market, every value at one pinned block (the head when read): the pool's TWAP and spot price,
 * its liquidity, the ETH/USD feed and the sequencer uptime feed. Anyone can reproduce it with eth_call at `block`
 * (the TWAP's window ending at `observedAt`: see twapAt).
 */
export interface MarketReading {
  block: bigint;
  blockTime: Date;
  observedAt: Date;
  /** USDT minor units per whole AGC: the TWAP over `windowSeconds` and the spot price at the block. */
  twapUsdtPerAgc: bigint;
  spotUsdtPerAgc: bigint;
  windowSeconds: number;
  /** The pool's history is shorter than the window because its observation buffer wrapped (too small a cardinality). */
  historyTooShort: boolean;
  /** The USDT depth of the pool's in-range liquidity (minor units). */
  liquidityUsdt: bigint;
  /** The ETH/USD feed's answer in USDT minor units (USD taken as USDT) and its update time, or why it is unreadable. */
  eth: { usdtPerEth: bigint; updatedAt: Date } | { unreadable: string };
  /** Chainlink's L2 sequencer uptime feed at the block (absent when none is configured). */
  sequencer?: { up: boolean; since: Date };
}

/** What the reader keeps between readings: the pool's token order and the feed's decimals never change. */
export interface MarketStatic {
  agcIsToken0: boolean;
  ethDecimals: number;
}

const toDate = (seconds: bigint) => new Date(Number(seconds) * 1000);

/** The pool reverts observe with "OLD" when asked further back than its oldest observation. */
function isTooOld(e: unknown): boolean {
  if (!(e instanceof BaseError)) return false;
  const revert = e.walk((x) => x instanceof ContractFunctionRevertedError);
  return revert instanceof ContractFunctionRevertedError && revert.reason === 'OLD';
}

export async function readStatic(
  client: PublicClient,
  market: MarketContext,
  agc: `0x${string}`,
): Promise<MarketStatic> {
  const [token0, decimals] = await Promise.all([
    client.readContract({ address: market.pool, abi: uniswapV3PoolAbi, functionName: 'token0' }),
    client.readContract({ address: market.ethUsdFeed, abi: mockV3AggregatorAbi, functionName: 'decimals' }),
  ]);
  return { agcIsToken0: token0.toLowerCase() === agc.toLowerCase(), ethDecimals: decimals };
}

/**
 * Reads the market at the head block. The TWAP's window ends at `now` (the server's clock), not at the block's time:
 * between two blocks a pool's tick does not change, so the accumulator at `now` is the block's plus its tick times
 * the seconds since (what `observe([0])` would answer in a block mined now). On a busy chain the two are a second
 * apart; on an idle local chain it lets the TWAP follow a swap as time passes.
 */
export async function readMarket(
  client: PublicClient,
  market: MarketContext,
  fixed: MarketStatic,
  twapSeconds: number,
  now: Date,
): Promise<MarketReading> {
  const head = await client.getBlock();
  const blockNumber = head.number;
  const at = { address: market.pool, abi: uniswapV3PoolAbi, blockNumber } as const;
  const [slot0, liquidity, eth, sequencer] = await Promise.all([
    client.readContract({ ...at, functionName: 'slot0' }),
    client.readContract({ ...at, functionName: 'liquidity' }),
    readFeed(client, market.ethUsdFeed, blockNumber),
    market.sequencerFeed ? readFeed(client, market.sequencerFeed, blockNumber) : undefined,
  ]);
  const [sqrtPriceX96, tick, observationIndex, cardinality] = slot0;
  const since = BigInt(Math.max(0, Math.floor(now.getTime() / 1000) - Number(head.timestamp)));
  const twap = await twapAt(
    client,
    market,
    blockNumber,
    head.timestamp,
    tick,
    observationIndex,
    cardinality,
    {
      window: BigInt(twapSeconds),
      since,
    },
  );
  const ethScale = 10n ** BigInt(fixed.ethDecimals);
  return {
    block: blockNumber,
    blockTime: toDate(head.timestamp),
    observedAt: now,
    twapUsdtPerAgc: agcPriceAtTick(twap.tick, fixed.agcIsToken0),
    spotUsdtPerAgc: agcPriceAtSqrtPrice(sqrtPriceX96, fixed.agcIsToken0),
    windowSeconds: Number(twap.window),
    historyTooShort: twap.tooShort,
    liquidityUsdt: usdtDepth(liquidity, sqrtPriceX96, fixed.agcIsToken0),
    eth: !eth.ok
      ? { unreadable: eth.error }
      : eth.answer <= 0n
        ? { unreadable: `the feed answers ${eth.answer}` }
        : { usdtPerEth: (eth.answer * 1_000_000n) / ethScale, updatedAt: toDate(eth.updatedAt) },
    ...(sequencer && {
      // Chainlink: answer 0 = up, 1 = down; startedAt = when that status began (0: the feed is not initialized).
      // A feed that does not answer counts as down: nothing says the sequencer is up.
      sequencer: sequencer.ok
        ? { up: sequencer.answer === 0n && sequencer.startedAt > 0n, since: toDate(sequencer.startedAt) }
        : { up: false, since: toDate(0n) },
    }),
  };
}

type FeedRound =
  | { ok: true; answer: bigint; startedAt: bigint; updatedAt: bigint }
  | { ok: false; error: string };

async function readFeed(
  client: PublicClient,
  address: `0x${string}`,
  blockNumber: bigint,
): Promise<FeedRound> {
  try {
    const [, answer, startedAt, updatedAt] = await client.readContract({
      address,
      abi: mockV3AggregatorAbi,
      functionName: 'latestRoundData',
      blockNumber,
    });
    return { ok: true, answer, startedAt, updatedAt };
  } catch (e) {
    return { ok: false, error: e instanceof BaseError ? e.shortMessage : String(e) };
  }
}

/**
 * The mean tick over `window` seconds ending `since` seconds after the block. A pool younger than the window gives
 * the mean over its whole life; one whose observation buffer wrapped within the window gives what it holds and says
 * so (`tooShort`: the guards refuse it, since a short window is cheap to move).
 */
async function twapAt(
  client: PublicClient,
  market: MarketContext,
  blockNumber: bigint,
  blockTime: bigint,
  tick: number,
  observationIndex: number,
  cardinality: number,
  { window, since }: { window: bigint; since: bigint },
): Promise<{ tick: number; window: bigint; tooShort: boolean }> {
  if (since >= window) return { tick, window, tooShort: false };
  const at = { address: market.pool, abi: uniswapV3PoolAbi, blockNumber } as const;
  const observe = async (back: bigint) => {
    const [cumulatives] = await client.readContract({
      ...at,
      functionName: 'observe',
      args: [[Number(back), 0]],
    });
    return { start: cumulatives[0] ?? 0n, end: cumulatives[1] ?? 0n };
  };
  let back = window - since;
  let tooShort = false;
  let c: { start: bigint; end: bigint };
  try {
    c = await observe(back);
  } catch (e) {
    if (!isTooOld(e)) throw e;
    // The oldest observation: the one after the newest in the ring, or the first while the ring has not wrapped.
    const next = await client.readContract({
      ...at,
      functionName: 'observations',
      args: [BigInt((observationIndex + 1) % cardinality)],
    });
    // One slot only (a pool whose buffer never grew) holds its newest observation: no history either.
    const wrapped = cardinality === 1 || next[3];
    const oldest = wrapped
      ? next
      : await client.readContract({ ...at, functionName: 'observations', args: [0n] });
    back = blockTime - BigInt(oldest[0]);
    tooShort = wrapped;
    c = await observe(back);
  }
  const total = back + since;
  if (total === 0n) return { tick, window: 0n, tooShort };
  return { tick: meanTick(c.start, c.end + BigInt(tick) * since, total), window: total, tooShort };
}
