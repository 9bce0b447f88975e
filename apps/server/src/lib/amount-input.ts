import { readTypedAmount } from '@agc/shared';
import { badRequest } from './errors.ts';

/**
 * An amount a member typed, read by the one shared reading (@agc/shared readTypedAmount: required, a plain decimal,
 * at most `decimals` decimals, above zero). The errors are translated messages of the form's namespace
 * (`<ns>.amount_required`, `<ns>.amount_invalid`, `<ns>.amount_positive`, `<ns>.amount_decimals`), so each product
 * says what its spec says ('Please enter an amount', 'Please enter a valid amount', …).
 */
export function parseAmountInput(text: string, decimals: number, ns: string): bigint {
  const read = readTypedAmount(text, decimals);
  if (read.ok) return read.units;
  throw badRequest(`${ns}.${read.error}`, read.error === 'amount_decimals' ? { decimals } : undefined);
}
