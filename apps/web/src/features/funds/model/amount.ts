// The purchase amount: whole multiples of the product's minimum (docs/product-rules.md "Funds"), checked as the member types,
// in USDT minor units (bigint), never a float.
import { AmountError, formatAmount, parseAmount, USDT_DECIMALS } from '@agc/shared';

export type AmountCheck =
  | { ok: true; amount: string; minor: bigint }
  /** empty: nothing typed yet (no message); invalid: not an amount; multiple: below the minimum or not a multiple. */
  | { ok: false; reason: 'empty' | 'invalid' | 'multiple' };

/** The amount to send ("300"), or why it cannot be sent. `minimum` is the product's minimum_usdt. */
export function checkAmount(text: string, minimum: string): AmountCheck {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, reason: 'empty' };
  let minor: bigint;
  let min: bigint;
  try {
    minor = parseAmount(trimmed, USDT_DECIMALS);
    min = parseAmount(minimum, USDT_DECIMALS);
  } catch (error) {
    if (error instanceof AmountError) return { ok: false, reason: 'invalid' };
    throw error;
  }
  if (min <= 0n) return { ok: false, reason: 'invalid' };
  if (minor < min || minor % min !== 0n) return { ok: false, reason: 'multiple' };
  return { ok: true, amount: formatAmount(minor, USDT_DECIMALS), minor };
}

/**
 * The stepper's next amount: one minimum up or down from what is typed, snapped to a multiple (down to the
 * multiple at or below a typed amount when stepping down, up to the next when stepping up), never below one minimum.
 */
export function stepAmount(text: string, minimum: string, direction: 1 | -1): string {
  const min = parseAmount(minimum, USDT_DECIMALS);
  let current = 0n;
  try {
    current = parseAmount(text.trim() || '0', USDT_DECIMALS);
  } catch {
    current = 0n;
  }
  const below = (current / min) * min;
  let next: bigint;
  if (direction === 1) next = below + min;
  else next = below === current ? current - min : below;
  if (next < min) next = min;
  return formatAmount(next, USDT_DECIMALS);
}
