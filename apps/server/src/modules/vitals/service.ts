import type { VitalsBody, VitalsReport } from '@agc/shared';
import type { AppContext } from '@server/context.ts';
import { badRequest } from '@server/lib/errors.ts';
import { dayKey } from '@server/modules/rules/index.ts';
import { insertVitals, p75ByDayAndRoute } from './repository.ts';

/** What the route hands on: the body as parsed (integers, each metric optional). */
export type VitalsInput = { route: string; lcp_ms?: number; inp_ms?: number; cls_e4?: number };

/** Stores one page view's metrics under the open UTC day. Nothing about who sent them. */
export async function recordVitals(ctx: AppContext, body: VitalsInput): Promise<void> {
  if (body.lcp_ms === undefined && body.inp_ms === undefined && body.cls_e4 === undefined)
    throw badRequest('vitals.no_metric');
  const now = ctx.now();
  await insertVitals(ctx.db, {
    day: dayKey(now),
    route: body.route,
    lcpMs: body.lcp_ms ?? null,
    inpMs: body.inp_ms ?? null,
    clsE4: body.cls_e4 ?? null,
    receivedAt: now,
  });
}

/** The p75 of each metric per route and day over a range (checked by the caller). */
export async function vitalsReport(ctx: AppContext, from: string, to: string): Promise<VitalsReport> {
  return { from, to, list: await p75ByDayAndRoute(ctx.db, from, to) };
}

export type { VitalsBody };
