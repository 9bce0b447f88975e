import {
  AGC_DECIMALS,
  ANALYTICS_FIGURES,
  ANALYTICS_MAX_DAYS,
  type AnalyticsFigures,
  type AnalyticsReport,
  type AnalyticsUnit,
  formatAmount,
  USDT_DECIMALS,
} from '@agc/shared';
import type { AppContext } from '@server/context.ts';
import { badRequest } from '@server/lib/errors.ts';
import { csvCell } from '@server/modules/funds/index.ts';
import { dayKey, dayStart, nextDay } from '@server/modules/rules/index.ts';
import {
  computeDays,
  type DayFigures,
  daysToRoll,
  type Levels,
  levelsAt,
  lockRollups,
  rollupsBetween,
  settledDays,
  upsertRollups,
} from './repository.ts';

const DAY_MS = 86_400_000;
const prevDay = (day: string) => dayKey(new Date(dayStart(day).getTime() - DAY_MS));
const daysBetween = (from: string, to: string) =>
  Math.round((dayStart(to).getTime() - dayStart(from).getTime()) / DAY_MS);

/** The open UTC day (the settlement's business day: modules/rules dayKey). */
export const openDay = (ctx: AppContext) => dayKey(ctx.now());

/** A real calendar day written YYYY-MM-DD ("2026-02-30" is not). */
const isCalendarDay = (day: string) =>
  !Number.isNaN(dayStart(day).getTime()) && dayKey(dayStart(day)) === day;

/**
 * Checks a requested range: real days, from ≤ to, at most ANALYTICS_MAX_DAYS days, not past the open day.
 * Each refusal names what is wrong in the caller's language.
 */
export function checkRange(ctx: AppContext, from: string, to: string): void {
  if (!isCalendarDay(from) || !isCalendarDay(to)) throw badRequest('analytics.day_invalid');
  if (from > to) throw badRequest('analytics.range_order');
  if (daysBetween(from, to) + 1 > ANALYTICS_MAX_DAYS)
    throw badRequest('analytics.range_too_long', { max: ANALYTICS_MAX_DAYS });
  if (to > openDay(ctx)) throw badRequest('analytics.range_future');
}

/** The levels at the start of `day`: from the day before's rollup when there is one, else counted. */
async function levelsBefore(ctx: AppContext, day: string, known?: DayFigures): Promise<Levels> {
  if (known) return { all: BigInt(known.members_all ?? '0'), valid: BigInt(known.members_valid ?? '0') };
  return levelsAt(ctx.db, dayStart(day));
}

/** A range's days: closed days from their rollups, the rest (the open day, days not rolled up yet) computed now. */
async function rangeDays(ctx: AppContext, from: string, to: string) {
  const rolled = new Map((await rollupsBetween(ctx.db, prevDay(from), to)).map((r) => [r.day, r.figures]));
  const today = openDay(ctx);
  const days: string[] = [];
  for (let d = from; d <= to; d = nextDay(d)) days.push(d);
  const missing = days.filter((d) => d === today || !rolled.has(d));
  const live = new Map<string, DayFigures>();
  const first = missing[0];
  const last = missing[missing.length - 1];
  if (first && last) {
    const base = await levelsBefore(ctx, first, rolled.get(prevDay(first)));
    for (const r of await computeDays(ctx.db, first, last, dayStart(first), dayStart(nextDay(last)), base))
      live.set(r.day, r.figures);
  }
  return days.map((day) => {
    const isLive = missing.includes(day);
    const figures = (isLive ? live.get(day) : rolled.get(day)) ?? {};
    return { day, live: isLive, figures };
  });
}

const decimalsOf = (unit: AnalyticsUnit) =>
  unit === 'USDT' ? USDT_DECIMALS : unit === 'AGC' ? AGC_DECIMALS : 0;

/** Minor units as the API shows them (counts as integers, amounts as exact decimals of their asset). */
function present(raw: Record<string, bigint>): AnalyticsFigures {
  return Object.fromEntries(
    ANALYTICS_FIGURES.map((f) => [f.key, formatAmount(raw[f.key] ?? 0n, decimalsOf(f.unit))]),
  ) as AnalyticsFigures;
}

const parsed = (figures: DayFigures) =>
  Object.fromEntries(ANALYTICS_FIGURES.map((f) => [f.key, BigInt(figures[f.key] ?? '0')]));

/** The report of a range (checked first): per day, and totals (flows summed, levels at the last day). */
export async function analyticsReport(ctx: AppContext, from: string, to: string): Promise<AnalyticsReport> {
  checkRange(ctx, from, to);
  const days = (await rangeDays(ctx, from, to)).map((d) => ({ ...d, raw: parsed(d.figures) }));
  const totals: Record<string, bigint> = {};
  for (const f of ANALYTICS_FIGURES) {
    const values = days.map((d) => d.raw[f.key] ?? 0n);
    totals[f.key] =
      'cumulative' in f && f.cumulative
        ? (values[values.length - 1] ?? 0n)
        : values.reduce((a, b) => a + b, 0n);
  }
  return {
    from,
    to,
    today: openDay(ctx),
    days: days.map((d) => ({ day: d.day, live: d.live, figures: present(d.raw) })),
    totals: present(totals),
    generated_at: ctx.now().toISOString(),
  };
}

/**
 * The report as CSV: a header row (day, then every figure key), a row per day, then the totals row. Cells go through
 * the funds' csvCell, the one guard against a cell a spreadsheet would run as a formula.
 */
export function analyticsCsv(report: AnalyticsReport): string {
  const keys = ANALYTICS_FIGURES.map((f) => f.key);
  const line = (cells: string[]) => cells.map(csvCell).join(',');
  return `${[
    line(['day', ...keys]),
    ...report.days.map((d) => line([d.day, ...keys.map((k) => d.figures[k])])),
    line(['total', ...keys.map((k) => report.totals[k])]),
  ].join('\r\n')}\r\n`;
}

/** The CSV's file name: only digits, dashes and letters from the checked range. */
export const csvFileName = (from: string, to: string) => `analytics-${from}-to-${to}.csv`;

/**
 * Rolls up every closed day that needs it (no row yet, or computed before its settlement ran since), in one
 * set-based pass from the oldest such day to the newest, under the rollup lock: whichever process runs it, each
 * needed day is computed once. Returns the days written.
 */
export async function rollUpClosedDays(ctx: AppContext): Promise<string[]> {
  const lastClosed = prevDay(openDay(ctx));
  return ctx.db.transaction(async (tx) => {
    await lockRollups(tx);
    const due = await daysToRoll(tx, lastClosed);
    const first = due[0];
    const last = due[due.length - 1];
    if (!first || !last) return [];
    const [before] = await rollupsBetween(tx, prevDay(first), prevDay(first));
    const base = before
      ? { all: BigInt(before.figures.members_all ?? '0'), valid: BigInt(before.figures.members_valid ?? '0') }
      : await levelsAt(tx, dayStart(first));
    const computed = await computeDays(tx, first, last, dayStart(first), dayStart(nextDay(last)), base);
    const settled = await settledDays(tx, first, last);
    const wanted = new Set(due);
    await upsertRollups(
      tx,
      computed.filter((r) => wanted.has(r.day)).map((r) => ({ ...r, settled: settled.has(r.day) })),
      ctx.now(),
    );
    return due;
  });
}
