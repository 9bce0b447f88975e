import { AmountError, parseAmount, USDT_DECIMALS } from '@agc/shared';
import { badRequest } from '../../lib/errors.ts';

/**
 * A USDT amount a member typed (a subscription, a move of fund earnings), checked once for every fund form:
 * required, a plain decimal (no exponent, no sign), at most 6 decimals, above zero. Translated errors.
 */
export function parseUsdtInput(text: string): bigint {
  const t = text.trim();
  if (t === '') throw badRequest('fund.amount_required');
  let amount: bigint;
  try {
    amount = parseAmount(t, USDT_DECIMALS);
  } catch (e) {
    if (e instanceof AmountError && e.reason === 'negative') throw badRequest('fund.amount_positive');
    if (e instanceof AmountError && e.reason === 'decimals')
      throw badRequest('fund.amount_decimals', { decimals: USDT_DECIMALS });
    throw badRequest('fund.amount_invalid');
  }
  if (amount <= 0n) throw badRequest('fund.amount_positive');
  return amount;
}
