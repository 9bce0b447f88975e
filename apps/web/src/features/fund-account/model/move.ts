// The "Move to available" form's reading of an amount: required ('Please enter an amount'), a positive USDT
// amount with at most 6 decimals ('Please enter a valid amount'), at most what can be moved.
import { amountOrNull, readTypedAmount, USDT_DECIMALS } from '@agc/shared';

export type MoveProblem = 'required' | 'invalid' | 'insufficient';

export type MoveReading = { ok: true; amount: string } | { ok: false; problem: MoveProblem };

export const moveProblemKey = (problem: MoveProblem) => `fund.agent.errors.${problem}`;

export function readMoveAmount(input: string, available: string | undefined): MoveReading {
  const read = readTypedAmount(input.trim(), USDT_DECIMALS);
  if (!read.ok) return { ok: false, problem: read.error === 'amount_required' ? 'required' : 'invalid' };
  const most = amountOrNull(available, USDT_DECIMALS);
  if (most !== null && read.units > most) return { ok: false, problem: 'insufficient' };
  return { ok: true, amount: input.trim() };
}
