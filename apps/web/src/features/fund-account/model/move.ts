// The "Move to available" form's reading of an amount: required ('Please enter an amount'), a positive USDT
// amount with at most 6 decimals ('Please enter a valid amount'), at most what can be moved.
import { parseAmount, USDT_DECIMALS } from '@agc/shared';

export type MoveProblem = 'required' | 'invalid' | 'insufficient';

export type MoveReading = { ok: true; amount: string } | { ok: false; problem: MoveProblem };

export const moveProblemKey = (problem: MoveProblem) => `fund.agent.errors.${problem}`;

export function readMoveAmount(input: string, available: string | undefined): MoveReading {
  const text = input.trim();
  if (!text) return { ok: false, problem: 'required' };
  let units: bigint;
  try {
    if (!/^\d+(\.\d+)?$/.test(text)) return { ok: false, problem: 'invalid' };
    units = parseAmount(text, USDT_DECIMALS);
  } catch {
    return { ok: false, problem: 'invalid' };
  }
  if (units <= 0n) return { ok: false, problem: 'invalid' };
  if (available !== undefined) {
    let most: bigint | null = null;
    try {
      most = parseAmount(available, USDT_DECIMALS);
    } catch {
      most = null;
    }
    if (most !== null && units > most) return { ok: false, problem: 'insufficient' };
  }
  return { ok: true, amount: text };
}
