// The exchange form's reading of a typed amount, the client side of the server's parseAmountInput
// (apps/server/src/lib/amount-input.ts, namespace `exchange`): required, a plain decimal (no sign, no exponent), at
// most the asset's decimals, above zero; then, when it is what the member pays (mode in), no more than the
// available balance. Minor units in bigint: never a JavaScript number.
import {
  AGC_DECIMALS,
  amountOrNull,
  type ExchangeAsset,
  readTypedAmount,
  type TypedAmountError,
  USDT_DECIMALS,
} from '@agc/shared';

export type ExchangeMode = 'in' | 'out';

export type ExchangeAmountProblem = TypedAmountError | 'insufficient_usdt' | 'insufficient_agc';

export type ExchangeAmountReading =
  | { ok: true; units: bigint; amount: string }
  | { ok: false; problem: ExchangeAmountProblem; values?: Record<string, string | number> };

/** The i18n key of a problem (web catalogue, `exchange.errors.*`). */
export const problemKey = (problem: ExchangeAmountProblem) => `exchange.errors.${problem}`;

export const assetDecimals = (asset: ExchangeAsset) => (asset === 'USDT' ? USDT_DECIMALS : AGC_DECIMALS);

/** The other side of a pair. */
export const otherAsset = (asset: ExchangeAsset): ExchangeAsset => (asset === 'USDT' ? 'AGC' : 'USDT');

/** The asset the typed amount is in: what is paid (mode in) or what arrives (mode out). */
export const amountAsset = (from: ExchangeAsset, mode: ExchangeMode): ExchangeAsset =>
  mode === 'in' ? from : otherAsset(from);

/** Minor units of a decimal string the server sent, or null when it is not one. */
export const unitsOf = (value: string | undefined, asset: ExchangeAsset): bigint | null =>
  amountOrNull(value, assetDecimals(asset));

/**
 * Reads what the member typed, in `asset`. `available` is the balance the amount is paid from, when the amount is
 * what is paid and the balance is known; otherwise only the server checks the balance (on the quote's amount in).
 */
export function readExchangeAmount(
  input: string,
  asset: ExchangeAsset,
  available?: string,
): ExchangeAmountReading {
  const read = readTypedAmount(input.trim(), assetDecimals(asset));
  if (!read.ok)
    return read.error === 'amount_decimals'
      ? { ok: false, problem: read.error, values: { decimals: assetDecimals(asset) } }
      : { ok: false, problem: read.error };
  const units = read.units;
  const balance = unitsOf(available, asset);
  if (balance !== null && units > balance)
    return { ok: false, problem: asset === 'USDT' ? 'insufficient_usdt' : 'insufficient_agc' };
  return { ok: true, units, amount: input.trim() };
}

/** Whether the balance (decimal string) covers `amount` (decimal string) of `asset`; unknown figures cover it. */
export function covers(available: string | undefined, amount: string, asset: ExchangeAsset): boolean {
  const balance = unitsOf(available, asset);
  const need = unitsOf(amount, asset);
  return balance === null || need === null || need <= balance;
}
