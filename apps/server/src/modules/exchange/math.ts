import { agcToUsdt, usdtToAgcFloor } from '@server/modules/pricing/index.ts';

/**
 * The exchange's arithmetic, exact and pure (docs/decisions/0105-exchange-ledger-and-quotes.md): the fee is taken from the amount in,
 * rounded up; the rest converts at the quote's price and what arrives is rounded down. Every rounding favours the
 * platform. Prices are USDT minor units per whole AGC; fees parts per million.
 */

export type SwapAsset = 'USDT' | 'AGC';

/** The asset a swap from `from` gives. */
export const otherAsset = (from: SwapAsset): SwapAsset => (from === 'USDT' ? 'AGC' : 'USDT');

/** The three figures of a swap, in minor units: amount in and fee in the `from` asset, amount out in the other. */
export interface SwapFigures {
  amountIn: bigint;
  fee: bigint;
  amountOut: bigint;
}

const PPM = 1_000_000n;
const AGC_UNIT = 10n ** 18n;

const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;

function checkRates(usdtPerAgc: bigint, feePpm: bigint) {
  if (usdtPerAgc <= 0n) throw new RangeError(`the price must be above 0, got ${usdtPerAgc}`);
  if (feePpm < 0n || feePpm >= PPM) throw new RangeError(`the fee must be in [0, 100%), got ${feePpm} ppm`);
}

/** The fee on an amount in: amount × fee ppm / 1,000,000, rounded up. */
export const swapFee = (amountIn: bigint, feePpm: bigint): bigint => ceilDiv(amountIn * feePpm, PPM);

/** What `net` of `from` converts to at the price, rounded down (pricing's conversions). */
export const convertDown = (from: SwapAsset, net: bigint, usdtPerAgc: bigint): bigint =>
  from === 'USDT' ? usdtToAgcFloor(net, { usdtPerAgc }) : agcToUsdt(net, usdtPerAgc);

/** Mode in: the member fixes what goes in; the fee comes off it, the rest converts. */
export function swapIn(from: SwapAsset, amountIn: bigint, usdtPerAgc: bigint, feePpm: bigint): SwapFigures {
  checkRates(usdtPerAgc, feePpm);
  if (amountIn <= 0n) throw new RangeError(`the amount in must be above 0, got ${amountIn}`);
  const fee = swapFee(amountIn, feePpm);
  return { amountIn, fee, amountOut: convertDown(from, amountIn - fee, usdtPerAgc) };
}

/**
 * Mode out: the member fixes what should arrive; the answer is the smallest amount in whose swap (mode in) gives
 * at least that. The estimate inverts both roundings (the net that converts to at least `wantOut`, then the amount
 * whose net after the fee reaches it); a correction upward guards it, so the result never gives less than asked.
 * What arrives may exceed `wantOut` by less than one unit of the price's step.
 */
export function swapOut(from: SwapAsset, wantOut: bigint, usdtPerAgc: bigint, feePpm: bigint): SwapFigures {
  checkRates(usdtPerAgc, feePpm);
  if (wantOut <= 0n) throw new RangeError(`the amount out must be above 0, got ${wantOut}`);
  const net =
    from === 'USDT' ? ceilDiv(wantOut * usdtPerAgc, AGC_UNIT) : ceilDiv(wantOut * AGC_UNIT, usdtPerAgc);
  let amountIn = ceilDiv(net * PPM, PPM - feePpm);
  let swap = swapIn(from, amountIn, usdtPerAgc, feePpm);
  while (swap.amountOut < wantOut) {
    amountIn += 1n;
    swap = swapIn(from, amountIn, usdtPerAgc, feePpm);
  }
  return swap;
}

/**
 * What swapping `amountOut` straight back (mode in, same price and fee) returns, in the `from` asset: what the
 * member would keep of a round trip.
 */
export function roundTrip(from: SwapAsset, amountOut: bigint, usdtPerAgc: bigint, feePpm: bigint): bigint {
  if (amountOut <= 0n) return 0n;
  return swapIn(otherAsset(from), amountOut, usdtPerAgc, feePpm).amountOut;
}
