import {
  type AdminLaunchpadRoundBody,
  AGC_DECIMALS,
  adminLaunchpadRoundBody,
  type adminLaunchpadRoundSchema,
  formatTime,
  parseAmount,
  USDT_DECIMALS,
} from '@agc/shared';
import type { z } from 'zod';

// The admins' round form (a new round, or an upcoming one edited): every field as typed, read into the API body
// or the first field that is wrong. The server checks the same again and answers its own message.
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

/** A positive amount with at most `decimals` decimals, as typed (trimmed), else null. */
const amount = (text: string, decimals: number): string | null => {
  const s = text.trim();
  if (!/^\d{1,30}(\.\d+)?$/.test(s)) return null;
  try {
    return parseAmount(s, decimals) > 0n ? s : null;
  } catch {
    return null;
  }
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

export type RoundReading =
  | { ok: true; body: AdminLaunchpadRoundBody }
  | { ok: false; field: RoundField; reason: 'invalid' | 'endBeforeStart' | 'limitOverCopies' };

/**
 * The form read as the API's body. `original`: the round being edited. A time the admin left as it was shown (to
 * the minute) keeps the round's own instant, so an edit never moves a time it did not touch (a round created
 * through the API may have seconds).
 */
export function readRoundDraft(
  d: RoundDraft,
  original?: Pick<AdminRound, 'starts_at' | 'ends_at'>,
): RoundReading {
  const bad = (field: RoundField, reason: 'invalid' | 'endBeforeStart' | 'limitOverCopies' = 'invalid') =>
    ({ ok: false, field, reason }) as const;
  const name = d.name.trim();
  if (!name || name.length > 80) return bad('name');
  if (d.description.length > 2000) return bad('description');
  const translations = readTranslations(d.translations);
  if (translations === null) return bad('translations');
  const copies = int(d.copies, 1, 100_000);
  if (copies === null) return bad('copies');
  const price = amount(d.price_usdt, USDT_DECIMALS);
  if (price === null) return bad('price_usdt');
  const agc = amount(d.agc_per_copy, AGC_DECIMALS);
  if (agc === null) return bad('agc_per_copy');
  const limit = int(d.per_member_limit, 1, 100_000);
  if (limit === null) return bad('per_member_limit');
  if (limit > copies) return bad('per_member_limit', 'limitOverCopies');
  const untouched = (text: string, iso: string | undefined) =>
    iso !== undefined && text.trim() === utcMinuteOf(iso) ? iso : null;
  const starts = untouched(d.starts_at, original?.starts_at) ?? instantOf(d.starts_at);
  if (starts === null) return bad('starts_at');
  const ends = untouched(d.ends_at, original?.ends_at) ?? instantOf(d.ends_at);
  if (ends === null) return bad('ends_at');
  if (Date.parse(ends) <= Date.parse(starts)) return bad('ends_at', 'endBeforeStart');
  const cliff = int(d.cliff_days, 0, 3650);
  if (cliff === null) return bad('cliff_days');
  const linear = int(d.linear_days, 0, 3650);
  if (linear === null) return bad('linear_days');
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
