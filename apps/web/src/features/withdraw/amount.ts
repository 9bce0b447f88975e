// The withdrawal form's reading of an amount: the shared parseWithdrawAmount (the server reads the
// body with the same function, so the form and the server agree on every input), then the asset's
// minimum (the server's message: 'The minimum withdrawal is 1 USDT'), then the balance of the chosen
// asset, with the spec's messages: 'The balance is insufficient' for USDT and 'The token balance is
// insufficient' for AGC.
import {
  amountOrNull,
  parseWithdrawAmount,
  tokenDecimals,
  WITHDRAW_TYPES,
  type WithdrawAmountError,
  type WithdrawType,
} from '@agc/shared';

export type AmountProblem = WithdrawAmountError | 'below_minimum' | 'insufficient_usdt' | 'insufficient_agc';

export type AmountReading =
  | { ok: true; units: bigint; amount: string }
  | { ok: false; problem: AmountProblem; values?: Record<string, string | number> };

/** The i18n key of a problem (web catalogue, `withdraw.errors.*`). */
export const problemKey = (problem: AmountProblem) => `withdraw.errors.${problem}`;

/** Minor units of a decimal string from the server, or null when it is not one. */
const unitsOf = (value: string | undefined, type: WithdrawType): bigint | null =>
  amountOrNull(value, tokenDecimals(type));

/**
 * Reads what the member typed for an asset. `available` and `minimum` are the asset's available
 * balance and smallest withdrawal as the server sent them (withdraw/limit); unknown (still loading),
 * only the server checks them. The order is the server's: the minimum comes before the balance.
 */
export function readWithdrawAmount(
  input: string,
  type: WithdrawType,
  available?: string,
  minimum?: string,
): AmountReading {
  const parsed = parseWithdrawAmount(input.trim(), type);
  if (!parsed.ok)
    return {
      ok: false,
      problem: parsed.error,
      values: parsed.error === 'amount_decimals' ? { decimals: tokenDecimals(type) } : undefined,
    };
  const least = unitsOf(minimum, type);
  if (minimum !== undefined && least !== null && parsed.units < least)
    // the server's wording and figure: its minimum as it sent it ("1"), then the asset
    return { ok: false, problem: 'below_minimum', values: { num: minimum, unit: WITHDRAW_TYPES[type] } };
  const balance = unitsOf(available, type);
  if (balance !== null && parsed.units > balance)
    return { ok: false, problem: WITHDRAW_TYPES[type] === 'USDT' ? 'insufficient_usdt' : 'insufficient_agc' };
  return { ok: true, units: parsed.units, amount: input.trim() };
}

/** Whether a decimal amount of an asset is zero (or unreadable). */
export function isZeroAmount(value: string, type: WithdrawType): boolean {
  return (unitsOf(value, type) ?? 0n) === 0n;
}
