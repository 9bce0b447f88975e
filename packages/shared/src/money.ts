// Amounts are integer minor units held in bigint; the API carries them as decimal strings.
// Nothing here ever passes through a JavaScript number.

export const USDT_DECIMALS = 6;
export const AGC_DECIMALS = 18;

/**
 * The one spelling of a decimal amount, for every request and every form: digits with an optional fraction, no
 * sign, no spaces, no leading zero ("0.5", not "00.5" or ".5"), no exponent, no separators. Trailing zeros of the
 * fraction are allowed ("10.50" is how money is written) within the asset's decimals.
 */
const DECIMAL_RE = /^(0|[1-9]\d*)(?:\.(\d+))?$/;

export class AmountError extends Error {
  override name = 'AmountError';
  constructor(
    readonly reason: 'format' | 'decimals' | 'negative',
    message: string,
  ) {
    super(message);
  }
}

/** Whether `text` is a non-negative amount in the one spelling (any number of decimals). */
export const isAmountSpelling = (text: string): boolean => DECIMAL_RE.test(text);

/** Parses a non-negative decimal string ("12.5") into minor units; refuses more decimals than the asset has. */
export function parseAmount(value: string, decimals: number): bigint {
  const text = value;
  if (/^-(0|[1-9]\d*)(\.\d+)?$/.test(text)) throw new AmountError('negative', `negative amount: ${value}`);
  const m = DECIMAL_RE.exec(text);
  if (!m) throw new AmountError('format', `not a decimal amount: ${value}`);
  const whole = m[1] ?? '0';
  const frac = m[2] ?? '';
  if (frac.length > decimals) throw new AmountError('decimals', `more than ${decimals} decimals: ${value}`);
  return BigInt(whole) * 10n ** BigInt(decimals) + BigInt(frac.padEnd(decimals, '0') || '0');
}

/** Formats minor units as a plain decimal string without trailing zeros ("12.5", "0", "-3.25"). */
export function formatAmount(value: bigint, decimals: number): string {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const base = 10n ** BigInt(decimals);
  const whole = abs / base;
  const frac = (abs % base).toString().padStart(decimals, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${frac ? `.${frac}` : ''}`;
}

/** Formats USDT minor units as formatAmount does (six decimals). */
export const formatUsdt = (value: bigint): string => formatAmount(value, USDT_DECIMALS);

/** Why a typed amount cannot be used: a message key's last part (`<form>.amount_required`, …) in every catalogue. */
export type TypedAmountError = 'amount_required' | 'amount_invalid' | 'amount_positive' | 'amount_decimals';

/**
 * The one reading of an amount a member typed, for every money form and its server route alike: required, a plain
 * decimal in parseAmount's one spelling (no sign, spaces, leading zero or exponent), no more decimals than the asset
 * has, above zero. Minor units, or the reason. Forms trim what was typed before reading it; the API does not.
 */
export function readTypedAmount(
  value: unknown,
  decimals: number,
): { ok: true; units: bigint } | { ok: false; error: TypedAmountError } {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === ''))
    return { ok: false, error: 'amount_required' };
  if (typeof value !== 'string' || value.length > 64) return { ok: false, error: 'amount_invalid' };
  try {
    const units = parseAmount(value, decimals);
    return units > 0n ? { ok: true, units } : { ok: false, error: 'amount_positive' };
  } catch (e) {
    if (e instanceof AmountError) {
      if (e.reason === 'negative') return { ok: false, error: 'amount_positive' };
      if (e.reason === 'decimals') return { ok: false, error: 'amount_decimals' };
    }
    return { ok: false, error: 'amount_invalid' };
  }
}

/** Minor units of a decimal string (a figure the server sent), or null when it is missing or not one. */
export function amountOrNull(value: string | undefined, decimals: number): bigint | null {
  if (value === undefined) return null;
  try {
    return parseAmount(value, decimals);
  } catch {
    return null;
  }
}
