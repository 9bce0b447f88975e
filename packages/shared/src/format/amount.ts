// Amount display works on decimal strings end to end: an amount is never turned into a JS number, so 18-decimal
// values keep every digit. Digits beyond what is shown are cut off (truncated toward zero), never rounded: a figure
// shown is never more than the amount (a payment of 50.251257 reads "50.2512", not "50.2513"). The one exception is
// an upper bound labelled as such ("at most"), which `formatAssetBound` rounds up so that it stays true.
import { AGC_DECIMALS, formatAmount, USDT_DECIMALS } from '../money.ts';

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

/**
 * Cuts to `digits` fraction digits on the string: toward zero ('down', every figure) or away from zero when
 * anything was cut ('up', an upper bound only).
 */
function cutDecimal(d: Decimal, digits: number, direction: 'down' | 'up'): Decimal {
  if (d.frac.length <= digits) return { ...d, frac: d.frac.padEnd(digits, '0') };
  const kept = d.int + d.frac.slice(0, digits);
  const dropped = !/^0*$/.test(d.frac.slice(digits));
  const cut = direction === 'up' && dropped ? incrementDigits(kept) : kept;
  const int = cut.slice(0, cut.length - digits) || '0';
  return {
    negative: d.negative,
    int: int.replace(/^0+(?=\d)/, ''),
    frac: cut.slice(cut.length - digits),
  };
}

const groupThousands = (int: string) => int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

function render(
  d: Decimal,
  minFraction: number,
  maxFraction: number,
  group: boolean,
  currency: string | null,
  direction: 'down' | 'up' = 'down',
): string {
  const r = cutDecimal(d, maxFraction, direction);
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
 * The low-level amount display: grouped en-US style with 2 to 4 fraction digits, USD by default, truncated on the
 * decimal string. Empty or non-numeric input shows "0.00". Screens use `formatAssetAmount` (the asset's rule).
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

/** How an asset reads on every screen and in every language: `decimals` it has, `places` a summary shows. */
export interface AssetDisplayRule {
  decimals: number;
  places: number;
}

/**
 * The one display rule per asset. USDT and AGC show 2 to 4 places in summaries (the spec's amount display); ETH
 * shows 6, since a network fee on Arbitrum is a few millionths of an ETH and 4 places would read a wallet that can
 * pay it as "0.00 ETH". Exact (detail) rows show every decimal the asset has.
 */
export const ASSET_DISPLAY = {
  USDT: { decimals: USDT_DECIMALS, places: 4 },
  AGC: { decimals: AGC_DECIMALS, places: 4 },
  ETH: { decimals: 18, places: 6 },
} as const satisfies Record<string, AssetDisplayRule>;

export type DisplayAsset = keyof typeof ASSET_DISPLAY;
export const DISPLAY_ASSETS = Object.keys(ASSET_DISPLAY) as DisplayAsset[];

/**
 * An amount of an asset as every screen shows it: a decimal string (as the API sends it) or bigint minor units of
 * that asset; grouped, at least 2 fraction digits, truncated to the asset's `places` ('summary': balances, lists,
 * cards) or to all its decimals ('exact': detail rows and what a member confirms), the asset after the number
 * ("1,234.50 USDT", "0.00 USDT", "99.999915 ETH").
 */
export function formatAssetAmount(
  value: AmountInput,
  asset: DisplayAsset,
  precision: 'summary' | 'exact' = 'summary',
): string {
  const rule: AssetDisplayRule = ASSET_DISPLAY[asset];
  const d = toDecimal(value, rule.decimals) ?? { negative: false, int: '0', frac: '' };
  return render(d, 2, precision === 'exact' ? rule.decimals : rule.places, true, asset);
}

/**
 * The number of `formatAssetAmount` without the asset, for a message that names the asset itself ("The minimum
 * withdrawal is {{num}} {{unit}}"): the server's messages and the app's read the same figure the same way.
 */
export function formatAssetFigure(
  value: AmountInput,
  asset: DisplayAsset,
  precision: 'summary' | 'exact' = 'summary',
): string {
  return formatAssetAmount(value, asset, precision).slice(0, -(asset.length + 1));
}

/**
 * An upper bound of an amount ("at most 0.00003791 ETH": a network fee estimate), rounded up at `places` so that
 * the bound stays true. Only for a figure labelled as a bound; every other amount is truncated.
 */
export function formatAssetBound(value: AmountInput, asset: DisplayAsset, places: number): string {
  const d = toDecimal(value, ASSET_DISPLAY[asset].decimals) ?? { negative: false, int: '0', frac: '' };
  return render(d, 2, places, true, asset, 'up');
}
