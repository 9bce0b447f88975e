// A simple-earn amount as the member typed it, read before anything is sent: the spec's 'Please enter an amount'
// (nothing typed) and 'Please enter a valid amount' (not a plain decimal above zero with at most USDT's 6
// decimals); a transfer out also stops at the holding ("maximum {num}{unit}"). What the client cannot know
// (the available balance as of now) the server checks and says.
import { amountOrNull, readTypedAmount, type TypedAmountError, USDT_DECIMALS } from '@agc/shared';

export type EarnAmountProblem = TypedAmountError | 'maximum';

export type EarnAmountReading =
  | { ok: true; units: bigint; amount: string }
  | { ok: false; problem: EarnAmountProblem };

/** Minor units of a USDT decimal string from the server, or null when it is not one. */
export const usdtUnits = (value: string | undefined): bigint | null => amountOrNull(value, USDT_DECIMALS);

/** Reads `input`; with `maximum` (the holding, for a transfer out) an amount above it is refused. */
export function readEarnAmount(input: string, maximum?: string): EarnAmountReading {
  const read = readTypedAmount(input.trim(), USDT_DECIMALS);
  // The same message for each condition as every other amount form (7 decimals: "at most 6 decimal places").
  if (!read.ok) return { ok: false, problem: read.error };
  const units = read.units;
  const max = usdtUnits(maximum);
  if (max !== null && units > max) return { ok: false, problem: 'maximum' };
  return { ok: true, units, amount: input.trim() };
}

/**
 * The UTC day a transfer in made at `now` starts earning: a day pays interest on the smaller of its opening and
 * closing holding, so money moved in today earns from tomorrow (UTC) on.
 */
export function earningStartsOn(now: string): string {
  const d = new Date(now);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
