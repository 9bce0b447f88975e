import { z } from 'zod';
import { isAmountSpelling, parseAmount } from '../money.ts';

/**
 * How a request may write a number, in one place for every module: ids and counts are integers, amounts plain
 * decimals, each with exactly one spelling. Anything else (`"0x1"`, `"1e0"`, `true`, `[1]`, `" 10"`, `"00010"`) is
 * refused before a handler runs, with a message naming the field or a form's own message. The amount spelling is
 * parseAmount's (money.ts); what depends on the asset or the member, the route's service reads with readTypedAmount.
 */

/** An integer as the API reads it: digits, no sign, no leading zero, no spaces, no exponent. */
export const INTEGER_RE = /^(0|[1-9]\d*)$/;

/** The largest id of a bigserial column the API accepts (18 digits: always a bigint, never past 2^63). */
export const MAX_BIG_ID = 999_999_999_999_999_999n;
/** The largest id of a serial (int4) column. */
export const MAX_SERIAL_ID = 2_147_483_647n;

/**
 * The one reading of an integer in a request: a JSON integer (a safe one) or its decimal digits, inside
 * [min, max]; null for anything else (another type, another spelling, out of range).
 */
export function readInteger(value: unknown, { min, max }: { min: bigint; max: bigint }): bigint | null {
  let n: bigint;
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) return null;
    n = BigInt(value);
  } else if (typeof value === 'string') {
    if (value.length > 20 || !INTEGER_RE.test(value)) return null;
    n = BigInt(value);
  } else return null;
  return n < min || n > max ? null : n;
}

/** What a request field holds, for the checks that run against every route (tests). */
export type InputKind = 'id' | 'integer' | 'amount';
/** Each field's kind and, where it has one, the form's own message it answers with. */
export const inputKinds = z.registry<{ kind: InputKind; message?: string }>();

/** The validation message (api catalogue `validation.*`) of a field that is not written as its kind says. */
const MESSAGE: Record<InputKind, string> = {
  id: 'validation.integer',
  integer: 'validation.integer',
  amount: 'validation.amount',
};

/** Any integer readInteger can spell (its range is checked apart, for its own message). */
const SPELLABLE = { min: 0n, max: 10n ** 20n };

/** An integer field: a JSON integer or its digits in [min, max], read by readInteger. */
function integerField<T>(kind: InputKind, min: bigint, max: bigint, out: (n: bigint) => T) {
  const error = MESSAGE[kind];
  return z
    .union([z.string().max(20), z.number()], { error })
    .transform((value, ctx) => {
      const n = readInteger(value, SPELLABLE);
      if (n === null || n < min || n > max) {
        const message = n === null ? error : n < min ? 'validation.too_small' : 'validation.too_big';
        ctx.issues.push({ code: 'custom', message, input: value });
        return z.NEVER;
      }
      return out(n);
    })
    .register(inputKinds, { kind });
}

/** A bigserial id (orders, withdrawals, movements…): 1 to MAX_BIG_ID, handed on as its decimal digits. */
export const idInput = integerField('id', 1n, MAX_BIG_ID, (n) => n.toString());
/** A serial id (products, fund products, launchpad rounds): 1 to MAX_SERIAL_ID, handed on as a number. */
export const serialIdInput = integerField('id', 1n, MAX_SERIAL_ID, Number);
/** A count, a page, a number of days: an integer in [min, max], handed on as a number. */
export const integerInput = (min: number, max: number) =>
  integerField('integer', BigInt(min), BigInt(max), Number);

/**
 * Messages a field of this file answers with as the whole message (a form's own words, e.g. 'Please enter a valid
 * amount'), rather than as the reason in "Invalid <field>: <reason>". The server's error handler reads this.
 */
export const inputMessages = new Set<string>();

/** Blank (the service says "please enter…"), or an amount in parseAmount's spelling, signed (the service says "above zero"). */
const amountSpelling = (text: string) => text.trim() === '' || isAmountSpelling(text.replace(/^-/, ''));

/**
 * An amount (or units, a NAV) as a member or an admin typed it: text in parseAmount's one spelling, refused here
 * otherwise (`" 10"`, `"00010"`, `"1e1"`, `"0x10"`, `"1,000"`) with `message`, a form's own words. What depends on
 * the asset (its decimals) or on the member (the balance) the route's service reads with readTypedAmount and says
 * with the same form's messages; blank and negative amounts pass here so that it says "please enter an amount" and
 * "must be above zero".
 */
export function amountInput(message = MESSAGE.amount) {
  if (!message.startsWith('validation.')) inputMessages.add(message);
  return z
    .string({ error: message })
    .max(64, { error: message })
    .refine(amountSpelling, { error: message })
    .register(inputKinds, { kind: 'amount', message });
}

/**
 * A decimal setting checked here, where no form has its own message (an admin's percentages): parseAmount's
 * spelling, at most `decimals` decimals, below `below` (in the same decimal), handed on as text.
 */
export const decimalInput = (decimals: number, below: bigint) =>
  z
    .string({ error: MESSAGE.amount })
    .max(64)
    .refine(
      (text) => {
        try {
          return parseAmount(text, decimals) < below * 10n ** BigInt(decimals);
        } catch {
          return false;
        }
      },
      { error: MESSAGE.amount },
    )
    .register(inputKinds, { kind: 'amount' });

/**
 * A count typed in a form whose service names each mistake (launchpad copies): text, blank or integer digits
 * (signed: the service says "at least 1"), refused here otherwise with `message`.
 */
export function countInput(message: string) {
  inputMessages.add(message);
  return z
    .string({ error: message })
    .max(12, { error: message })
    .refine((text) => text.trim() === '' || INTEGER_RE.test(text.replace(/^-/, '')), { error: message })
    .register(inputKinds, { kind: 'integer', message });
}
