import { describe, expect, it } from 'vitest';
import { mockV3AggregatorAbi, poolDriverAbi, uniswapV3PoolAbi } from '../generated/abis.ts';
import { devAccount } from '../src/accounts.ts';
import { deployDevelopment, seedDevFunds } from '../src/deploy.ts';
import { deployMarket, moveLocalPrice, SEQUENCER_DOWN, setSequencer, swapToPrice } from '../src/market.ts';
import {
  agcPriceAtSqrtPrice,
  agcPriceAtTick,
  fullRange,
  meanTick,
  sqrtPriceX96ForAgcPrice,
  sqrtRatioAtTick,
  usdtDepth,
} from '../src/uniswap-math.ts';
import { addressOf, agc, chainForFile, revertOf, usdt } from './helpers.ts';

const c = await chainForFile();
const deployment = await deployDevelopment(c.anvil.url);
await seedDevFunds({
  rpcUrl: c.anvil.url,
  deployment,
  accounts: [addressOf(3)],
  usdt: usdt(50_000),
  agc: agc(50_000),
  vaultUsdt: 0n,
  vaultAgc: 0n,
});
const market = await deployMarket({
  rpcUrl: c.anvil.url,
  deployer: devAccount(0),
  deployment,
  usdtPerAgc: 500_000n, // 0.5 USDT
  liquidityUsdt: usdt(100_000),
  ethUsd: 3000n * 10n ** 8n,
  observations: 50,
});
const agcFirst = deployment.agc.toLowerCase() < deployment.usdt.toLowerCase();
const read = <F extends 'slot0' | 'liquidity' | 'token0'>(functionName: F, blockNumber?: bigint) =>
  c.publicClient.readContract({ address: market.pool, abi: uniswapV3PoolAbi, functionName, blockNumber });

describe('the local market', () => {
  it('is the published Uniswap v3 factory (runtime within the 24,576-byte limit) and an AGC/USDT pool', async () => {
    const code = await c.publicClient.getCode({ address: market.factory });
    expect(((code?.length ?? 2) - 2) / 2).toBe(24_535);
    expect((await read('token0')).toLowerCase()).toBe(
      (agcFirst ? deployment.agc : deployment.usdt).toLowerCase(),
    );
  });

  it('starts at the configured price with the seeded liquidity and a grown observation buffer', async () => {
    const [sqrtPriceX96, tick, , cardinality, cardinalityNext] = await read('slot0');
    // The mint wrote an observation after initialize, so the buffer already grew.
    expect(cardinality).toBe(50);
    // The sqrt price is floored, so the price read back is within one micro-USDT of 0.5.
    const price = agcPriceAtSqrtPrice(sqrtPriceX96, agcFirst);
    expect(price === 500_000n || price === 499_999n).toBe(true);
    expect(agcPriceAtTick(tick, agcFirst)).toBeGreaterThan(499_900n);
    expect(cardinalityNext).toBe(50);
    const depth = usdtDepth(await read('liquidity'), sqrtPriceX96, agcFirst);
    // Full range: the virtual USDT reserve is the USDT put in, to rounding.
    expect(depth).toBeGreaterThan(usdt(99_990));
    expect(depth).toBeLessThanOrEqual(usdt(100_000));
  });

  it('moves to a price with a real swap, and the TWAP follows with time', async () => {
    await c.advance(1200);
    const [, tickBefore] = await read('slot0');
    const up = await swapToPrice({
      rpcUrl: c.anvil.url,
      chainId: deployment.chainId,
      account: devAccount(3),
      market,
      agc: deployment.agc,
      usdt: deployment.usdt,
      usdtPerAgc: 600_000n,
    });
    expect(up.paid.token).toBe('USDT');
    // x·y = k over full range: 100,000 USDT at 0.5 → at 0.6 the pool holds 100,000·√1.2 ≈ 109,545 USDT.
    expect(up.paid.amount).toBeGreaterThan(usdt(9_500));
    expect(up.paid.amount).toBeLessThan(usdt(9_600));
    expect(up.received.token).toBe('AGC');
    expect(up.received.amount).toBeGreaterThan(agc(17_000));
    const spot = agcPriceAtSqrtPrice(up.sqrtPriceX96, agcFirst);
    expect(spot).toBeGreaterThanOrEqual(599_999n);
    expect(spot).toBeLessThanOrEqual(600_001n);

    // 600 s later, the last 600 s averaged the new tick, and the last 1,200 s half of each.
    await c.advance(600);
    const observe = async (secondsAgo: number) => {
      const [cumulatives] = await c.publicClient.readContract({
        address: market.pool,
        abi: uniswapV3PoolAbi,
        functionName: 'observe',
        args: [[secondsAgo, 0]],
      });
      return meanTick(cumulatives[0] ?? 0n, cumulatives[1] ?? 0n, BigInt(secondsAgo));
    };
    // The swap's block and the latest one fix how long each tick has held (a busy machine adds seconds of wall clock
    // between the calls): the mean over a window weighs the ticks by those times.
    const swapped = (await c.publicClient.getBlock({ blockNumber: up.block })).timestamp;
    const now = (await c.publicClient.getBlock()).timestamp;
    const expected = (window: number) => {
      const newer = Math.min(window, Number(now - swapped));
      return (tickBefore * (window - newer) + up.tick * newer) / window;
    };
    expect(Number(now - swapped)).toBeGreaterThanOrEqual(600);
    expect(Math.abs((await observe(600)) - expected(600))).toBeLessThanOrEqual(1);
    expect(Math.abs((await observe(1200)) - expected(1200))).toBeLessThanOrEqual(1);
    // Half of each, give or take the seconds the calls took: the TWAP is between the two prices.
    expect(Math.abs((await observe(1200)) - (tickBefore + up.tick) / 2)).toBeLessThan(
      Math.abs(up.tick - tickBefore) / 10,
    );
  });

  it('pays a pool only through a call it drives: a stray callback is refused', async () => {
    const stray = await revertOf(
      c.publicClient.simulateContract({
        account: devAccount(3),
        address: market.driver,
        abi: poolDriverAbi,
        functionName: 'uniswapV3SwapCallback',
        args: [1n, 0n, '0x'],
      }),
    );
    expect(stray.errorName).toBe('NotActivePool');
  });

  it('has an ETH/USD feed and a sequencer uptime feed that can go down', async () => {
    const [, answer] = await c.publicClient.readContract({
      address: market.ethUsdFeed,
      abi: mockV3AggregatorAbi,
      functionName: 'latestRoundData',
    });
    expect(answer).toBe(3000n * 10n ** 8n);
    const [, up, startedAt] = await c.publicClient.readContract({
      address: market.sequencerFeed,
      abi: mockV3AggregatorAbi,
      functionName: 'latestRoundData',
    });
    expect(up).toBe(0n);
    expect((await c.now()) - startedAt).toBeGreaterThanOrEqual(86_400n);
    await setSequencer({
      rpcUrl: c.anvil.url,
      deployer: devAccount(0),
      deployment,
      sequencerFeed: market.sequencerFeed,
      status: SEQUENCER_DOWN,
      since: await c.now(),
    });
    const [, down] = await c.publicClient.readContract({
      address: market.sequencerFeed,
      abi: mockV3AggregatorAbi,
      functionName: 'latestRoundData',
    });
    expect(down).toBe(1n);
  });
});

describe('the price maths', () => {
  it('agrees with the pool: each tick brackets the sqrt price the pool reports', async () => {
    const [sqrtPriceX96, tick] = await read('slot0');
    expect(sqrtRatioAtTick(tick)).toBeLessThanOrEqual(sqrtPriceX96);
    expect(sqrtRatioAtTick(tick + 1)).toBeGreaterThan(sqrtPriceX96);
  });

  it('matches TickMath at its bounds and at 0', () => {
    expect(sqrtRatioAtTick(0)).toBe(1n << 96n);
    expect(sqrtRatioAtTick(-887272)).toBe(4295128739n);
    expect(sqrtRatioAtTick(887272)).toBe(1461446703485210103287273052203988822378723970342n);
    expect(() => sqrtRatioAtTick(887273)).toThrow();
  });

  it('rounds a mean tick towards negative infinity, as OracleLibrary does', () => {
    expect(meanTick(0n, 7n, 2n)).toBe(3);
    expect(meanTick(0n, -7n, 2n)).toBe(-4);
    expect(meanTick(0n, -8n, 2n)).toBe(-4);
    expect(() => meanTick(0n, 1n, 0n)).toThrow();
  });

  it('converts a price to a sqrt price and back on either side of the pool', () => {
    for (const side of [true, false])
      for (const price of [1n, 500_000n, 3_000_000_000n]) {
        const back = agcPriceAtSqrtPrice(sqrtPriceX96ForAgcPrice(price, side), side);
        expect(Number(price - back)).toBeLessThanOrEqual(Math.max(1, Number(price / 1_000_000_000n)));
        expect(back).toBeLessThanOrEqual(price + 1n);
      }
  });

  it('spans the widest range a tick spacing allows', () => {
    expect(fullRange(60)).toEqual({ lower: -887220, upper: 887220 });
    expect(fullRange(10)).toEqual({ lower: -887270, upper: 887270 });
  });
});

describe('moving the local price (npm run price:move)', () => {
  it('funds the market maker from the owner and swaps the pool to the price asked, either way', async () => {
    const d = { ...deployment, market };
    const down = await moveLocalPrice({ rpcUrl: c.anvil.url, deployment: d, usdtPerAgc: 400_000n });
    expect(down.paid.token).toBe('AGC');
    expect(down.received.token).toBe('USDT');
    expect(down.spotBefore).toBeGreaterThan(590_000n);
    const after = agcPriceAtSqrtPrice(down.sqrtPriceX96, agcFirst);
    expect(after >= 399_999n && after <= 400_001n).toBe(true);
    const up = await moveLocalPrice({ rpcUrl: c.anvil.url, deployment: d, usdtPerAgc: 450_000n });
    expect(up.paid.token).toBe('USDT');
    expect(up.spotBefore).toBeLessThanOrEqual(400_001n);
  });
});
