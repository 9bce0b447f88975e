import { AGC_DECIMALS, USDT_DECIMALS } from '../money.ts';

/** Token type 1 is USDT (6 decimals); every other type is the 18-decimal AGC token. */
export function tokenDecimals(type: number | string | null | undefined): number {
  return Number(type) === 1 ? USDT_DECIMALS : AGC_DECIMALS;
}
