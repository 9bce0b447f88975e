import { AmountError, parseAmount } from '@agc/shared';
import { badRequest } from './errors.ts';

/**
 * An amount a member typed, checked once for every money form: required, a plain decimal (no exponent, no sign),
 * at most `decimals` decimals, above zero. The errors are translated messages of the form's namespace
 * (`<ns>.amount_required`, `<ns>.amount_invalid`, `<ns>.amount_positive`, `<ns>.amount_decimals`), so each product
 * says what its spec says ('Please enter an amount', 'Please enter a valid amount', …).
 */
export function parseAmountInput(text: string, decimals: number, ns: string): bigint {
  const t = text.trim();
  if (t === '') throw badRequest(`${ns}.amount_required`);
  let amount: bigint;
  try {
    amount = parseAmount(t, decimals);
  } catch (e) {
    if (e instanceof AmountError && e.reason === 'negative') throw badRequest(`${ns}.amount_positive`);
    if (e instanceof AmountError && e.reason === 'decimals')
      throw badRequest(`${ns}.amount_decimals`, { decimals });
    throw badRequest(`${ns}.amount_invalid`);
  }
  if (amount <= 0n) throw badRequest(`${ns}.amount_positive`);
  return amount;
}
