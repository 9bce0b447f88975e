import { USDT_DECIMALS } from '@agc/shared';
import { parseAmountInput } from '../../lib/amount-input.ts';

/** A USDT amount a member typed on a fund form (a subscription, a move of fund earnings): lib/amount-input.ts, `fund.*` messages. */
export const parseUsdtInput = (text: string): bigint => parseAmountInput(text, USDT_DECIMALS, 'fund');
