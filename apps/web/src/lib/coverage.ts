import { formatBasisPoints } from '@web/lib/format.ts';

/**
 * A coverage ratio in whole basis points (an integer string from the server) as a percentage with two decimals
 * ("12345" → "123.45%"), exact: basis points are hundredths of a percent, so no float is involved. Null (nothing is
 * owed) gives null; the caller says so in words. (The solvency view and the proof-of-liabilities page both show one.)
 */
export function coveragePercent(bp: string | null): string | null {
  if (bp === null || !/^\d+$/.test(bp)) return null;
  return formatBasisPoints(BigInt(bp));
}
