/**
 * Simple-earn interest arithmetic (docs/product-rules.md "Simple earn"; docs/decisions/0101-earn-interest.md). Pure
 * bigint functions: the daily rate from the APY, and one member's interest for one day.
 */

export const RATE_ONE = 10n ** 18n;
const PPM_ONE = 1_000_000n;
const DAYS_PER_YEAR = 365;

function pow(base: bigint, exp: number): bigint {
  let result = 1n;
  let b = base;
  let e = exp;
  while (e > 0) {
    if (e & 1) result *= b;
    b *= b;
    e >>= 1;
  }
  return result;
}

const rateCache = new Map<bigint, bigint>();

/**
 * The daily rate × 10^18: the largest integer r with (10^18 + r)^365 ≤ (1 + apyPpm/10^6) × 10^(18·365), so that a
 * full year of daily compounding never pays more than the APY (and is as close below it as 18 decimals allow).
 * Exact: compared as (10^18 + r)^365 × 10^6 ≤ (10^6 + apyPpm) × 10^(18·365), binary search on r.
 */
export function dailyRateE18(apyPpm: bigint): bigint {
  if (apyPpm < 0n) throw new Error(`APY must not be negative, got ${apyPpm} ppm`);
  const cached = rateCache.get(apyPpm);
  if (cached !== undefined) return cached;
  const target = (PPM_ONE + apyPpm) * pow(RATE_ONE, DAYS_PER_YEAR);
  const fits = (r: bigint) => pow(RATE_ONE + r, DAYS_PER_YEAR) * PPM_ONE <= target;
  // (1 + APY)^(1/365) − 1 ≤ APY / 365 (concavity), so the answer lies in [0, apy / 365 in 18 decimals].
  let lo = 0n;
  let hi = (apyPpm * RATE_ONE) / PPM_ONE / 365n + 1n;
  while (lo < hi) {
    const mid = (lo + hi + 1n) / 2n;
    if (fits(mid)) lo = mid;
    else hi = mid - 1n;
  }
  rateCache.set(apyPpm, lo);
  return lo;
}

/** One member's interest for one day: floor(base × rate / 10^18), nothing on a base ≤ 0 (the platform's rounding). */
export function dayInterest(base: bigint, rateE18: bigint): bigint {
  return base <= 0n ? 0n : (base * rateE18) / RATE_ONE;
}

/** What earns on a day: the lower of the opening and the closing holding, never below zero. */
export function dayBase(opening: bigint, closing: bigint): bigint {
  const low = opening < closing ? opening : closing;
  return low > 0n ? low : 0n;
}
