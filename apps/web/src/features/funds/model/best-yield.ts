import type { FundProduct } from '@agc/shared';

/** Percent strings compared exactly (up to 4 decimals), never as floats. */
const percentKey = (value: string): bigint => {
  const [whole = '0', frac = ''] = value.split('.');
  return BigInt(whole || '0') * 10_000n + BigInt(frac.padEnd(4, '0').slice(0, 4) || '0');
};

/** The on-sale fund with the highest expected yield (the first in the list's order on a tie), or null. */
export function bestYieldFund(products: readonly FundProduct[]): FundProduct | null {
  let best: FundProduct | null = null;
  for (const p of products) {
    if (p.status !== 'on') continue;
    if (!best || percentKey(p.expected_yield_percent) > percentKey(best.expected_yield_percent)) best = p;
  }
  return best;
}
