// Daily yield of an investment: amount × daily rate (a percent, as GET me's `dividend_rate`) / 100,
// computed exactly on the decimal strings (bigint minor units) and rounded down to USDT's 6 decimals.
import { AGC_DECIMALS, formatAmount, parseAmount, USDT_DECIMALS } from '@agc/shared';
import { formatAssetExact } from '@web/lib/format.ts';

/** Amounts and rates are read with 18 decimals: every value the API sends fits. */
const SCALE = AGC_DECIMALS;
/** amount (10^18) × rate (10^18) / 100 → USDT minor units (10^6). */
const DIVISOR = 100n * 10n ** BigInt(2 * SCALE - USDT_DECIMALS);

/**
 * `amount` × `ratePercent` / 100, rounded down to 6 decimals, as a plain decimal string ("7.407");
 * null when either is not a non-negative decimal string.
 */
export function dailyYield(amount: string, ratePercent: string): string | null {
  try {
    return formatAmount(
      (parseAmount(amount, SCALE) * parseAmount(ratePercent, SCALE)) / DIVISOR,
      USDT_DECIMALS,
    );
  } catch {
    return null;
  }
}

/** A percent rate without needless zeros ("0.50" → "0.5"); the text as sent when it is not a plain decimal. */
export function formatRate(ratePercent: string): string {
  try {
    return `${formatAmount(parseAmount(ratePercent, SCALE), SCALE)}%`;
  } catch {
    return `${ratePercent}%`;
  }
}

/** A daily yield in USDT with all of its (up to 6) decimals: it is already rounded down; '-' when unknown. */
export const formatYield = (value: string | null): string =>
  value === null ? '-' : formatAssetExact(value, 'USDT');
