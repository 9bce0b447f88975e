import { z } from 'zod';
import { analyticsRangeQuery } from './analytics.ts';
import { integerInput } from './input.ts';

/**
 * Core Web Vitals of one page view, reported by the web app (web-vitals) to POST /vitals: anonymous, sampled
 * (`vitals_sample_rate` of /config), one body per page view and route. Each metric is an integer: LCP and INP in
 * milliseconds, CLS × 10,000. At least one of them (the service says so: `vitals.no_metric`).
 */
export const VITALS_MAX_MS = 600_000;
export const VITALS_MAX_CLS_E4 = 1_000_000;

export const vitalsBody = z.strictObject({
  /** The app's route name (route-table.ts), e.g. `home`, `login`. */
  route: z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/),
  lcp_ms: integerInput(0, VITALS_MAX_MS).optional(),
  inp_ms: integerInput(0, VITALS_MAX_MS).optional(),
  cls_e4: integerInput(0, VITALS_MAX_CLS_E4).optional(),
});
export type VitalsBody = z.input<typeof vitalsBody>;

/** GET /admin/vitals: the same range of UTC days as the analytics. */
export const vitalsRangeQuery = analyticsRangeQuery;

const p75 = z.number().int().nullable();
const samples = z.number().int();

/** One route on one day: the 75th percentile of each metric (a reported value: nearest rank) and how many. */
export const vitalsDaySchema = z.object({
  day: z.string(),
  route: z.string(),
  lcp_ms: p75,
  inp_ms: p75,
  cls_e4: p75,
  lcp_samples: samples,
  inp_samples: samples,
  cls_samples: samples,
});
export type VitalsDay = z.infer<typeof vitalsDaySchema>;

export const vitalsReportResponse = z.object({
  from: z.string(),
  to: z.string(),
  list: z.array(vitalsDaySchema),
});
export type VitalsReport = z.infer<typeof vitalsReportResponse>;

/** POST /vitals: stored (a refused body is a 400, and nothing is stored). */
export const vitalsStoredResponse = z.object({ stored: z.boolean() });
