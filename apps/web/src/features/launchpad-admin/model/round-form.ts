import {
  type AdminLaunchpadRoundBody,
  AGC_DECIMALS,
  adminLaunchpadRoundBody,
  type adminLaunchpadRoundSchema,
  formatTime,
  readTypedAmount,
  USDT_DECIMALS,
} from '@agc/shared';
import type { z } from 'zod';

// The admins' round form (a new round, or an upcoming one edited): every field as typed, read into the API body
// or every field that is wrong, each with its own reason. The server checks the same again and answers its own message.
// Times are entered and shown in UTC (YYYY-MM-DD HH:mm, labelled UTC): the server keeps instants and works in
// UTC, and admins in different countries must read the same start and end; the form also shows each time on
// the admin's device.

export interface RoundDraft {
  name: string;
  description: string;
  /** Other languages as JSON: {"ja": {"name": "…", "description": "…"}}; English is the fallback. */
  translations: string;
  copies: string;
  price_usdt: string;
  agc_per_copy: string;
  per_member_limit: string;
  /** YYYY-MM-DD HH:mm in UTC (DateField precision="minute"). */
  starts_at: string;
  ends_at: string;
  cliff_days: string;
  linear_days: string;
}

export type RoundField = keyof RoundDraft;

export const EMPTY_ROUND_DRAFT: RoundDraft = {
  name: '',
  description: '',
  translations: '{}',
  copies: '200',
  price_usdt: '',
  agc_per_copy: '',
  per_member_limit: '10',
  starts_at: '',
  ends_at: '',
  cliff_days: '0',
  linear_days: '0',
};

const INT = /^\d{1,6}$/;
const UTC_MINUTE = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2})$/;
const MINUTE_PATTERN = 'YYYY-MM-DD HH:mm';

const int = (text: string, min: number, max: number): number | null => {
  const s = text.trim();
  if (!INT.test(s)) return null;
  const n = Number(s);
  return n >= min && n <= max ? n : null;
};

/** A UTC 'YYYY-MM-DD HH:mm' as an ISO instant (a real moment only: not 2026-02-30, not 24:00), else null. */
export const instantOf = (text: string): string | null => {
  const m = UTC_MINUTE.exec(text.trim());
  if (!m) return null;
  const ms = Date.parse(`${m[1]}T${m[2]}:00Z`);
  if (Number.isNaN(ms)) return null;
  const iso = new Date(ms).toISOString();
  return utcMinuteOf(iso) === text.trim() ? iso : null;
};

/** An instant as the form shows it: 'YYYY-MM-DD HH:mm' in UTC. */
export const utcMinuteOf = (iso: string): string => formatTime(iso, { utc: true, pattern: MINUTE_PATTERN });

/** An instant on the admin's device: 'YYYY-MM-DD HH:mm' in its time zone. */
export const deviceMinuteOf = (iso: string): string => formatTime(iso, { pattern: MINUTE_PATTERN });

type AdminRound = z.infer<typeof adminLaunchpadRoundSchema>;

/** The form filled with a round's terms as stored (to edit it). */
export function roundDraftOf(r: AdminRound): RoundDraft {
  return {
    name: r.name,
    description: r.description,
    translations: JSON.stringify(r.translations),
    copies: String(r.copies),
    price_usdt: r.price_usdt,
    agc_per_copy: r.agc_per_copy,
    per_member_limit: String(r.per_member_limit),
    starts_at: utcMinuteOf(r.starts_at),
    ends_at: utcMinuteOf(r.ends_at),
    cliff_days: String(r.cliff_days),
    linear_days: String(r.linear_days),
  };
}

/** The translations field: a JSON object of languages to {name?, description?} (the shared schema's), else null. */
function readTranslations(text: string): AdminLaunchpadRoundBody['translations'] | null {
  let value: unknown;
  try {
    value = JSON.parse(text.trim() || '{}');
  } catch {
    return null;
  }
  const parsed = adminLaunchpadRoundBody.shape.translations.safeParse(value);
  return parsed.success && !Array.isArray(value) ? parsed.data : null;
}

/** Why a field cannot be sent: a message key of `launchpad.admin.errors` and its values. */
export interface FieldProblem {
  key: string;
  values?: Record<string, number>;
}

export type RoundReading =
  | { ok: true; body: AdminLaunchpadRoundBody }
  | { ok: false; problems: Partial<Record<RoundField, FieldProblem>> };

const LIMITS = {
  name: 80,
  description: 2000,
  copies: [1, 100_000],
  per_member_limit: [1, 100_000],
  cliff_days: [0, 3650],
  linear_days: [0, 3650],
} as const;

/** A positive amount read by the one reading of every amount form, or its condition's message. */
function readAmount(text: string, decimals: number): string | FieldProblem {
  const read = readTypedAmount(text.trim(), decimals);
  if (read.ok) return text.trim();
  return read.error === 'amount_decimals' ? { key: read.error, values: { decimals } } : { key: read.error };
}

/**
 * The form read as the API's body, or every field's own problem at once (a price of -5 says "The amount must be
 * greater than 0", a missing name "Please fill in this field", both together). `original`: the round being edited.
 * A time the admin left as it was shown (to the minute) keeps the round's own instant, so an edit never moves a
 * time it did not touch (a round created through the API may have seconds).
 */
export function readRoundDraft(
  d: RoundDraft,
  original?: Pick<AdminRound, 'starts_at' | 'ends_at'>,
): RoundReading {
  const problems: Partial<Record<RoundField, FieldProblem>> = {};
  const name = d.name.trim();
  if (!name) problems.name = { key: 'required' };
  else if (name.length > LIMITS.name) problems.name = { key: 'tooLong', values: { max: LIMITS.name } };
  if (d.description.length > LIMITS.description)
    problems.description = { key: 'tooLong', values: { max: LIMITS.description } };
  const translations = readTranslations(d.translations);
  if (translations === null) problems.translations = { key: 'translations' };
  const whole = (field: 'copies' | 'per_member_limit' | 'cliff_days' | 'linear_days') => {
    const [min, max] = LIMITS[field];
    const n = int(d[field], min, max);
    if (n === null) problems[field] = { key: 'wholeNumber', values: { min, max } };
    return n;
  };
  const copies = whole('copies');
  const limit = whole('per_member_limit');
  if (copies !== null && limit !== null && limit > copies)
    problems.per_member_limit = { key: 'limitOverCopies' };
  const price = readAmount(d.price_usdt, USDT_DECIMALS);
  if (typeof price !== 'string') problems.price_usdt = price;
  const agc = readAmount(d.agc_per_copy, AGC_DECIMALS);
  if (typeof agc !== 'string') problems.agc_per_copy = agc;
  const untouched = (text: string, iso: string | undefined) =>
    iso !== undefined && text.trim() === utcMinuteOf(iso) ? iso : null;
  const starts = untouched(d.starts_at, original?.starts_at) ?? instantOf(d.starts_at);
  if (starts === null) problems.starts_at = { key: d.starts_at.trim() ? 'time' : 'required' };
  const ends = untouched(d.ends_at, original?.ends_at) ?? instantOf(d.ends_at);
  if (ends === null) problems.ends_at = { key: d.ends_at.trim() ? 'time' : 'required' };
  else if (starts !== null && Date.parse(ends) <= Date.parse(starts))
    problems.ends_at = { key: 'endBeforeStart' };
  const cliff = whole('cliff_days');
  const linear = whole('linear_days');
  if (
    Object.keys(problems).length > 0 ||
    translations === null ||
    copies === null ||
    limit === null ||
    typeof price !== 'string' ||
    typeof agc !== 'string' ||
    starts === null ||
    ends === null ||
    cliff === null ||
    linear === null
  )
    return { ok: false, problems };
  return {
    ok: true,
    body: {
      name,
      description: d.description,
      translations,
      copies,
      price_usdt: price,
      agc_per_copy: agc,
      per_member_limit: limit,
      starts_at: starts,
      ends_at: ends,
      cliff_days: cliff,
      linear_days: linear,
    },
  };
}
