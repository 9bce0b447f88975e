// Uniswap v3 price maths in exact integers (the pool's own formulas, ported): ticks, sqrt prices, and the AGC price in
// USDT minor units (6 decimals) per whole AGC (18 decimals), whichever of the two tokens is the pool's token0.

export const Q96 = 1n << 96n;
const Q192 = 1n << 192n;
const MAX_UINT256 = (1n << 256n) - 1n;
export const MIN_TICK = -887272;
export const MAX_TICK = 887272;
/** TickMath.MIN_SQRT_RATIO and MAX_SQRT_RATIO: a swap's price limit must lie strictly between them. */
export const MIN_SQRT_RATIO = 4295128739n;
export const MAX_SQRT_RATIO = 1461446703485210103287273052203988822378723970342n;
const AGC_UNIT = 10n ** 18n;

// TickMath.getSqrtRatioAtTick's factors: 1/sqrt(1.0001)^(2^i) in Q128.128.
const FACTORS: [bigint, bigint][] = [
  [0x2n, 0xfff97272373d413259a46990580e213an],
  [0x4n, 0xfff2e50f5f656932ef12357cf3c7fdccn],
  [0x8n, 0xffe5caca7e10e4e61c3624eaa0941cd0n],
  [0x10n, 0xffcb9843d60f6159c9db58835c926644n],
  [0x20n, 0xff973b41fa98c081472e6896dfb254c0n],
  [0x40n, 0xff2ea16466c96a3843ec78b326b52861n],
  [0x80n, 0xfe5dee046a99a2a811c461f1969c3053n],
  [0x100n, 0xfcbe86c7900a88aedcffc83b479aa3a4n],
  [0x200n, 0xf987a7253ac413176f2b074cf7815e54n],
  [0x400n, 0xf3392b0822b70005940c7a398e4b70f3n],
  [0x800n, 0xe7159475a2c29b7443b29c7fa6e889d9n],
  [0x1000n, 0xd097f3bdfd2022b8845ad8f792aa5825n],
  [0x2000n, 0xa9f746462d870fdf8a65dc1f90e061e5n],
  [0x4000n, 0x70d869a156d2a1b890bb3df62baf32f7n],
  [0x8000n, 0x31be135f97d08fd981231505542fcfa6n],
  [0x10000n, 0x9aa508b5b7a84e1c677de54f3e99bc9n],
  [0x20000n, 0x5d6af8dedb81196699c329225ee604n],
  [0x40000n, 0x2216e584f5fa1ea926041bedfe98n],
  [0x80000n, 0x48a170391f7dc42444e8fa2n],
];

/** TickMath.getSqrtRatioAtTick: sqrt(1.0001^tick) as a Q64.96, exactly as the pool computes it. */
export function sqrtRatioAtTick(tick: number): bigint {
  if (!Number.isInteger(tick) || tick < MIN_TICK || tick > MAX_TICK)
    throw new Error(`tick ${tick} out of range`);
  const abs = BigInt(Math.abs(tick));
  let ratio = abs & 0x1n ? 0xfffcb933bd6fad37aa2d162d1a594001n : 0x100000000000000000000000000000000n;
  for (const [bit, factor] of FACTORS) if (abs & bit) ratio = (ratio * factor) >> 128n;
  if (tick > 0) ratio = MAX_UINT256 / ratio;
  return (ratio >> 32n) + (ratio % (1n << 32n) === 0n ? 0n : 1n);
}

/** Floor of the square root of a non-negative integer (Newton's method). */
export function isqrt(n: bigint): bigint {
  if (n < 0n) throw new Error('isqrt of a negative number');
  if (n < 2n) return n;
  let x = 1n << BigInt((n.toString(2).length + 1) >> 1);
  while (true) {
    const y = (x + n / x) >> 1n;
    if (y >= x) return x;
    x = y;
  }
}

/** The sqrt price (Q64.96, token1 per token0 in base units) at which 1 AGC costs `usdtPerAgc` USDT minor units. */
export function sqrtPriceX96ForAgcPrice(usdtPerAgc: bigint, agcIsToken0: boolean): bigint {
  if (usdtPerAgc <= 0n) throw new Error('the price must be above 0');
  return agcIsToken0 ? isqrt((usdtPerAgc * Q192) / AGC_UNIT) : isqrt((AGC_UNIT * Q192) / usdtPerAgc);
}

/** USDT minor units per whole AGC at a sqrt price (Q64.96), rounded down. */
export function agcPriceAtSqrtPrice(sqrtPriceX96: bigint, agcIsToken0: boolean): bigint {
  const squared = sqrtPriceX96 * sqrtPriceX96;
  return agcIsToken0 ? (squared * AGC_UNIT) / Q192 : (AGC_UNIT * Q192) / squared;
}

/** USDT minor units per whole AGC at a tick (1.0001^tick token1 per token0), rounded down. */
export const agcPriceAtTick = (tick: number, agcIsToken0: boolean): bigint =>
  agcPriceAtSqrtPrice(sqrtRatioAtTick(tick), agcIsToken0);

/**
 * The arithmetic mean tick between two tick accumulator readings `seconds` apart, rounded towards negative infinity
 * (as Uniswap's OracleLibrary.consult does, so a TWAP here equals the one a contract would compute).
 */
export function meanTick(tickCumulativeStart: bigint, tickCumulativeEnd: bigint, seconds: bigint): number {
  if (seconds <= 0n) throw new Error('a mean over no time');
  const delta = tickCumulativeEnd - tickCumulativeStart;
  let tick = delta / seconds;
  if (delta < 0n && delta % seconds !== 0n) tick -= 1n;
  return Number(tick);
}

/**
 * The USDT side of in-range liquidity `liquidity` at a sqrt price: the pool's virtual USDT reserve (L·√P for token1,
 * L/√P for token0), in USDT minor units. For a full-range position it is the USDT the pool holds; for any pool it
 * says how much USDT it takes to move the price by a given share near the current price.
 */
export function usdtDepth(liquidity: bigint, sqrtPriceX96: bigint, agcIsToken0: boolean): bigint {
  if (sqrtPriceX96 === 0n) return 0n;
  return agcIsToken0 ? (liquidity * sqrtPriceX96) / Q96 : (liquidity * Q96) / sqrtPriceX96;
}

/** The widest tick range a pool with this tick spacing accepts (a full-range position). */
export function fullRange(tickSpacing: number): { lower: number; upper: number } {
  const upper = Math.floor(MAX_TICK / tickSpacing) * tickSpacing;
  return { lower: -upper, upper };
}

/** LiquidityAmounts: the most liquidity `amount0` and `amount1` pay for between two sqrt prices, at `sqrtPrice`. */
export function liquidityForAmounts(
  sqrtPrice: bigint,
  sqrtLower: bigint,
  sqrtUpper: bigint,
  amount0: bigint,
  amount1: bigint,
): bigint {
  const for0 = (a: bigint, b: bigint) => (amount0 * ((a * b) / Q96)) / (b - a);
  const for1 = (a: bigint, b: bigint) => (amount1 * Q96) / (b - a);
  if (sqrtPrice <= sqrtLower) return for0(sqrtLower, sqrtUpper);
  if (sqrtPrice >= sqrtUpper) return for1(sqrtLower, sqrtUpper);
  const l0 = for0(sqrtPrice, sqrtUpper);
  const l1 = for1(sqrtLower, sqrtPrice);
  // biome-ignore lint/complexity/useMathMinMax: bigints (Math.min takes numbers)
  return l0 < l1 ? l0 : l1;
}
