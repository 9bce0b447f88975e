import type { VitalsBody } from '@agc/shared';

/** What web-vitals reports of one metric. */
export interface Reported {
  name: string;
  value: number;
}

/**
 * One page view's metrics as POST /vitals takes them: LCP and INP in whole milliseconds, CLS × 10,000 as an
 * integer; a metric not reported is left out, and so is a page view without any.
 */
export function pageViewBody(route: string, metrics: Reported[]): VitalsBody | null {
  const body: VitalsBody = { route };
  for (const m of metrics) {
    if (!Number.isFinite(m.value) || m.value < 0) continue;
    if (m.name === 'LCP') body.lcp_ms = Math.round(m.value);
    else if (m.name === 'INP') body.inp_ms = Math.round(m.value);
    else if (m.name === 'CLS') body.cls_e4 = Math.round(m.value * 10_000);
  }
  return body.lcp_ms === undefined && body.inp_ms === undefined && body.cls_e4 === undefined ? null : body;
}

/** Whether this page view is among the sampled share (`rate` 0 to 1). */
export const sampled = (rate: number, random: () => number = Math.random) => rate > 0 && random() < rate;
