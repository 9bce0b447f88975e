import { AGC_DECIMALS, formatAmount, parseAmount } from '@agc/shared';

/** left + right, exactly (decimal strings through bigint); null when either is not a plain amount. */
export function addAmounts(a: string, b: string): string | null {
  try {
    return formatAmount(parseAmount(a, AGC_DECIMALS) + parseAmount(b, AGC_DECIMALS), AGC_DECIMALS);
  } catch {
    return null;
  }
}
