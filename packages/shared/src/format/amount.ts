// Amount display works on decimal strings end to end: an amount is never turned into a JS number,
// so "0.00005" rounds the way a ledger expects and 18-decimal AGC values keep every digit.
import { formatAmount } from '../money.ts';

/**
 * A decimal string ("1234.5", "-0.25", "1e-7"), integer minor units as bigint (with `decimals`),
 * or a number. Numbers exist for callers holding counts or legacy values: they are read through their
 * shortest decimal form (`String(n)`) and never used in arithmetic.
 */
export type AmountInput = string | bigint | number | null | undefined;

export const AMOUNT_MIN_FRACTION_DIGITS = 2;
export const AMOUNT_MAX_FRACTION_DIGITS = 4;
/** Shown for an empty or non-numeric amount. */
export const EMPTY_AMOUNT = '0.00';

/** A parsed decimal: sign, integer digits (no leading zeros except "0") and fraction digits. */
interface Decimal {
  negative: boolean;
  int: string;
  frac: string;
}

const DECIMAL_RE = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

function parseDecimal(text: string): Decimal | null {
  const m = DECIMAL_RE.exec(text.trim().replace(/,/g, ''));
  if (!m) return null;
  let int = m[2] ?? '';
  let frac = m[3] ?? '';
  if (int === '' && frac === '') return null;
  const exp = m[4] ? Number.parseInt(m[4], 10) : 0;
  if (Math.abs(exp) > 400) return null;
  if (exp > 0) {
    const shifted = frac.padEnd(exp, '0');
    int += shifted.slice(0, exp);
    frac = shifted.slice(exp);
  } else if (exp < 0) {
    const shifted = int.padStart(-exp, '0');
    frac = shifted.slice(shifted.length + exp) + frac;
    int = shifted.slice(0, shifted.length + exp);
  }
  int = int.replace(/^0+/, '') || '0';
  return { negative: m[1] === '-', int, frac };
}

function toDecimal(value: AmountInput, decimals: number): Decimal | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'bigint') return parseDecimal(formatAmount(value, decimals));
  if (typeof value === 'number') return Number.isFinite(value) ? parseDecimal(String(value)) : null;
  return parseDecimal(value);
}

/** Adds one unit in the last place to a string of digits ("199" → "200", "99" → "100"). */
function incrementDigits(digits: string): string {
  const out = digits.split('');
  for (let i = out.length - 1; i >= 0; i--) {
    if (out[i] === '9') {
      out[i] = '0';
    } else {
      out[i] = String(Number(out[i]) + 1);
      return out.join('');
    }
  }
  return `1${out.join('')}`;
}

/** Rounds half-up (ties away from zero, like Intl's default) to `digits` fraction digits, on the string. */
function roundDecimal(d: Decimal, digits: number): Decimal {
  if (d.frac.length <= digits) return { ...d, frac: d.frac.padEnd(digits, '0') };
  const kept = d.int + d.frac.slice(0, digits);
  const next = d.frac.charCodeAt(digits) - 48;
  const rounded = next >= 5 ? incrementDigits(kept) : kept;
  const int = rounded.slice(0, rounded.length - digits) || '0';
  return {
    negative: d.negative,
    int: int.replace(/^0+(?=\d)/, ''),
    frac: rounded.slice(rounded.length - digits),
  };
}

const groupThousands = (int: string) => int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

function render(
  d: Decimal,
  minFraction: number,
  maxFraction: number,
  group: boolean,
  currency: string | null,
): string {
  const r = roundDecimal(d, maxFraction);
  let frac = r.frac;
  while (frac.length > minFraction && frac.endsWith('0')) frac = frac.slice(0, -1);
  const isZero = /^0*$/.test(r.int + frac);
  const sign = r.negative && !isZero ? '-' : '';
  const number = `${group ? groupThousands(r.int) : r.int}${frac ? `.${frac}` : ''}`;
  if (!currency) return `${sign}${number}`;
  // en-US currency style: the symbol sits after the sign ("-$1.50"); codes without a symbol follow the number.
  if (currency === 'USD') return `${sign}$${number}`;
  return `${sign}${number} ${currency}`;
}

export interface DisplayAmountOptions {
  /** Decimals of a bigint minor-unit value (USDT 6, AGC 18). Ignored for strings. Default 0. */
  decimals?: number;
  /** 'USD' (default) shows "$"; another code is appended ("12.50 USDT"); null shows the bare number. */
  currency?: string | null;
  minFractionDigits?: number;
  maxFractionDigits?: number;
}

/**
 * The app's amount display: grouped en-US style with 2 to 4 fraction digits, USD by default,
 * rounded half-up on the decimal string. Empty or non-numeric input shows "0.00".
 */
export function formatDisplayAmount(value: AmountInput, options: DisplayAmountOptions = {}): string {
  const d = toDecimal(value, options.decimals ?? 0);
  if (!d) return EMPTY_AMOUNT;
  const min = options.minFractionDigits ?? AMOUNT_MIN_FRACTION_DIGITS;
  const max = Math.max(min, options.maxFractionDigits ?? AMOUNT_MAX_FRACTION_DIGITS);
  return render(d, min, max, true, options.currency === undefined ? 'USD' : options.currency);
}

/** Amounts on team-tree nodes: exactly 2 decimals, grouped, no currency; empty or non-numeric is "0.00". */
export function formatTreeAmount(
  value: AmountInput,
  options: { decimals?: number; group?: boolean } = {},
): string {
  const d = toDecimal(value, options.decimals ?? 0);
  if (!d) return EMPTY_AMOUNT;
  return render(d, 2, 2, options.group ?? true, null);
}

/** Rounds a decimal string half-up to `digits` fraction digits without grouping ("1.005", 2 → "1.01"). */
export function roundDecimalString(value: string, digits: number): string | null {
  const d = parseDecimal(value);
  if (!d) return null;
  return render(d, digits, digits, false, null);
}
