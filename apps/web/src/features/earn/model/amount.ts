// A simple-earn amount as the member typed it, read before anything is sent: the spec's 'Please enter an amount'
// (nothing typed) and 'Please enter a valid amount' (not a plain decimal above zero with at most USDT's 6
// decimals); a transfer out also stops at the holding ("maximum {num}{unit}"). What the client cannot know
// (the available balance as of now) the server checks and says.
import { AmountError, parseAmount, USDT_DECIMALS } from '@agc/shared';

export type EarnAmountProblem = 'required' | 'invalid' | 'maximum';

export type EarnAmountReading =
  | { ok: true; units: bigint; amount: string }
  | { ok: false; problem: EarnAmountProblem };

/** Minor units of a USDT decimal string from the server, or null when it is not one. */
export function usdtUnits(value: string | undefined): bigint | null {
  if (value === undefined) return null;
  try {
    return parseAmount(value, USDT_DECIMALS);
  } catch {
    return null;
  }
}

/** Reads `input`; with `maximum` (the holding, for a transfer out) an amount above it is refused. */
export function readEarnAmount(input: string, maximum?: string): EarnAmountReading {
  const text = input.trim();
  if (text === '') return { ok: false, problem: 'required' };
  let units: bigint;
  try {
    units = parseAmount(text, USDT_DECIMALS);
  } catch (e) {
    if (e instanceof AmountError) return { ok: false, problem: 'invalid' };
    throw e;
  }
  if (units <= 0n) return { ok: false, problem: 'invalid' };
  const max = usdtUnits(maximum);
  if (max !== null && units > max) return { ok: false, problem: 'maximum' };
  return { ok: true, units, amount: text };
}
