// Amounts are integer minor units held in bigint; the API carries them as decimal strings.
// Nothing here ever passes through a JavaScript number.

export const USDT_DECIMALS = 6;
export const AGC_DECIMALS = 18;

const DECIMAL_RE = /^(\d+)(?:\.(\d+))?$/;

export class AmountError extends Error {
  override name = 'AmountError';
  constructor(
    readonly reason: 'format' | 'decimals' | 'negative',
    message: string,
  ) {
    super(message);
  }
}

/** Parses a non-negative decimal string ("12.5") into minor units; refuses more decimals than the asset has. */
export function parseAmount(value: string, decimals: number): bigint {
  const text = value.trim();
  if (text.startsWith('-')) throw new AmountError('negative', `negative amount: ${value}`);
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
