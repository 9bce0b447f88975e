import { type DbOrTx, rowsOf, schema } from '@agc/db';
import type { VitalsDay } from '@agc/shared';
import { sql } from 'drizzle-orm';

export interface VitalsRow {
  day: string;
  route: string;
  lcpMs: number | null;
  inpMs: number | null;
  clsE4: number | null;
  receivedAt: Date;
}

export async function insertVitals(db: DbOrTx, row: VitalsRow): Promise<void> {
  await db.insert(schema.webVitals).values(row);
}

/**
 * Per UTC day and route from `from` to `to` (both included): each metric's 75th percentile as one of the reported
 * values (`percentile_disc`: the smallest value with at least 75 % of the page views at or below it, so exact and
 * the same on PGlite and PostgreSQL), and how many page views reported it. A metric no page view reported is null.
 */
export async function p75ByDayAndRoute(db: DbOrTx, from: string, to: string): Promise<VitalsDay[]> {
  const rows = rowsOf<Record<keyof VitalsDay, string | number | null>>(
    await db.execute(sql`select day::text as day, route,
      percentile_disc(0.75) within group (order by lcp_ms) as lcp_ms,
      percentile_disc(0.75) within group (order by inp_ms) as inp_ms,
      percentile_disc(0.75) within group (order by cls_e4) as cls_e4,
      count(lcp_ms)::int as lcp_samples, count(inp_ms)::int as inp_samples, count(cls_e4)::int as cls_samples
      from web_vitals where day >= ${from}::date and day <= ${to}::date
      group by day, route order by day, route`),
  );
  const num = (v: string | number | null) => (v === null ? null : Number(v));
  return rows.map((r) => ({
    day: String(r.day),
    route: String(r.route),
    lcp_ms: num(r.lcp_ms),
    inp_ms: num(r.inp_ms),
    cls_e4: num(r.cls_e4),
    lcp_samples: Number(r.lcp_samples),
    inp_samples: Number(r.inp_samples),
    cls_samples: Number(r.cls_samples),
  }));
}

/**
 * Deletes at most `limit` rows of UTC days before `beforeDay` (the (day, route) index finds them). The number
 * deleted; retention loops until it is under `limit`.
 */
export async function deleteVitalsBefore(db: DbOrTx, beforeDay: string, limit: number): Promise<number> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      delete from web_vitals where id in (
        select id from web_vitals where day < ${beforeDay}::date order by day limit ${limit})
      returning id`),
  );
  return rows.length;
}
