// The redemption sheet's reading of the units typed, and its estimate. The server decides (it prices the
// request at the next NAV); the estimate uses the same rounding so it never promises more than the fund pays:
// value = units × NAV rounded down, fee = value × rate rounded up (apps/server/src/modules/funds/math.ts).
import { formatAmount, parseAmount, USDT_DECIMALS } from '@agc/shared';

export const UNIT_DECIMALS = 6;
const NAV_DECIMALS = 8;
const NAV_ONE = 10n ** BigInt(NAV_DECIMALS);
/** Percent strings carry up to 4 decimals: percent × 10^4 is parts per million. */
const PERCENT_DECIMALS = 4;
const PPM = 1_000_000n;

export type RedeemProblem = 'required' | 'invalid' | 'decimals' | 'zero' | 'more_than_held';

export type RedeemReading = { ok: true; units: bigint; text: string } | { ok: false; problem: RedeemProblem };

/** The i18n key of a problem (web catalogue). */
export const redeemProblemKey = (problem: RedeemProblem) => `fund.redeem.errors.${problem}`;

const minor = (value: string, decimals: number): bigint | null => {
  try {
    return parseAmount(value, decimals);
  } catch {
    return null;
  }
};

/** Reads the units typed against the units held (a decimal string from the server). */
export function readRedeemUnits(input: string, held: string): RedeemReading {
  const text = input.trim();
  if (!text) return { ok: false, problem: 'required' };
  if (!/^\d+(\.\d+)?$/.test(text)) return { ok: false, problem: 'invalid' };
  const units = minor(text, UNIT_DECIMALS);
  if (units === null) return { ok: false, problem: 'decimals' };
  if (units === 0n) return { ok: false, problem: 'zero' };
  const most = minor(held, UNIT_DECIMALS);
  if (most !== null && units > most) return { ok: false, problem: 'more_than_held' };
  return { ok: true, units, text: formatAmount(units, UNIT_DECIMALS) };
}

export interface RedemptionEstimate {
  gross: string;
  fee: string;
  amount: string;
}

/** What `units` (minor) would bring at `nav` with a redemption fee of `feePercent`: USDT decimal strings. */
export function estimateRedemption(
  units: bigint,
  nav: string,
  feePercent: string,
): RedemptionEstimate | null {
  const navE8 = minor(nav, NAV_DECIMALS);
  const ppm = minor(feePercent, PERCENT_DECIMALS);
  if (navE8 === null || navE8 <= 0n || ppm === null) return null;
  const gross = (units * navE8) / NAV_ONE;
  const fee = (gross * ppm + PPM - 1n) / PPM;
  return {
    gross: formatAmount(gross, USDT_DECIMALS),
    fee: formatAmount(fee, USDT_DECIMALS),
    amount: formatAmount(gross - fee, USDT_DECIMALS),
  };
}
