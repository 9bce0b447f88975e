// Time values reach the app as unix seconds, unix milliseconds, ISO strings or "YYYY-MM-DD HH:mm:ss".
// The rule of the spec: a number above 9999999999 is milliseconds, anything else is seconds
// (9999999999 s is the year 2286, 9999999999 ms is April 1970, so the two ranges do not overlap in practice).

/** Numbers above this are milliseconds, the rest seconds. */
export const MS_THRESHOLD = 9_999_999_999;

/** i18n key of the text shown for a time that cannot be parsed (web: en.json `common.invalidTime`). */
export const INVALID_TIME_KEY = 'common.invalidTime';

export type TimeInput = number | bigint | string | Date | null | undefined;

const NUMERIC_RE = /^[+-]?\d+(\.\d+)?$/;
// "2024-01-31 08:00:00" is not ISO and Safari refuses it; "2024-01-31" alone would be read as UTC midnight.
const SPACE_DATETIME_RE = /^(\d{4})-(\d{1,2})-(\d{1,2})([ T]\d{1,2}:\d{2}(:\d{2})?)?$/;

function fromNumber(n: number): Date | null {
  if (!Number.isFinite(n)) return null;
  const ms = Math.abs(n) > MS_THRESHOLD ? n : n * 1000;
  const d = new Date(ms);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** Turns any accepted time value into a Date, or null when it cannot be parsed. */
export function toDate(value: TimeInput): Date | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : new Date(value.getTime());
  if (typeof value === 'bigint') return fromNumber(Number(value));
  if (typeof value === 'number') return fromNumber(value);
  const text = value.trim();
  if (text === '') return null;
  if (NUMERIC_RE.test(text)) return fromNumber(Number(text));
  const m = SPACE_DATETIME_RE.exec(text);
  // Zone-less dates and date-times are local; rewriting them with slashes makes every engine agree.
  const normalized = m ? `${m[1]}/${m[2]}/${m[3]}${m[4] ? ` ${m[4].slice(1)}` : ''}` : text;
  const ms = Date.parse(normalized);
  return Number.isNaN(ms) ? null : new Date(ms);
}

export interface FormatTimeOptions {
  /** Tokens: YYYY MM DD HH mm ss SSS. Default 'YYYY-MM-DD HH:mm:ss'. */
  pattern?: string;
  /** Format in UTC instead of the runtime's local zone (the server formats in UTC). */
  utc?: boolean;
  /** Returned for unparseable input; defaults to the i18n key INVALID_TIME_KEY so callers can translate it. */
  invalid?: string;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Formats a time value; unparseable input gives `options.invalid` (default: the invalid-time text key). */
export function formatTime(value: TimeInput, options: FormatTimeOptions = {}): string {
  const date = toDate(value);
  if (!date) return options.invalid ?? INVALID_TIME_KEY;
  const utc = options.utc === true;
  const parts: Record<string, string> = {
    YYYY: pad(utc ? date.getUTCFullYear() : date.getFullYear(), 4),
    MM: pad((utc ? date.getUTCMonth() : date.getMonth()) + 1),
    DD: pad(utc ? date.getUTCDate() : date.getDate()),
    HH: pad(utc ? date.getUTCHours() : date.getHours()),
    mm: pad(utc ? date.getUTCMinutes() : date.getMinutes()),
    ss: pad(utc ? date.getUTCSeconds() : date.getSeconds()),
    SSS: pad(utc ? date.getUTCMilliseconds() : date.getMilliseconds(), 3),
  };
  return (options.pattern ?? 'YYYY-MM-DD HH:mm:ss').replace(
    /YYYY|MM|DD|HH|mm|SSS|ss/g,
    (token) => parts[token] ?? token,
  );
}

/** Date groups of lists: today, yesterday, older. */
export const DateGroup = { today: 1, yesterday: 2, older: 3 } as const;
export type DateGroupValue = (typeof DateGroup)[keyof typeof DateGroup];

function dayNumber(date: Date, utc: boolean): number {
  // Days since the epoch of the calendar date (local or UTC), immune to DST-length days.
  return utc
    ? Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()) / 86_400_000
    : Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()) / 86_400_000;
}

/**
 * Groups a time by calendar day relative to `now`: today = 1, yesterday = 2, anything else = 3
 * (older days, and also future days and unparseable values, which no list should hold).
 */
export function dateGroup(
  value: TimeInput,
  now: Date = new Date(),
  options: { utc?: boolean } = {},
): DateGroupValue {
  const date = toDate(value);
  if (!date) return DateGroup.older;
  const diff = dayNumber(now, options.utc === true) - dayNumber(date, options.utc === true);
  if (diff === 0) return DateGroup.today;
  if (diff === 1) return DateGroup.yesterday;
  return DateGroup.older;
}
