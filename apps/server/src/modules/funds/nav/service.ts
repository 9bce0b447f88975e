import type { DbOrTx } from '@agc/db';
import { ErrorCode, type FundNavEntry, type FundNavPreview, parseAmount } from '@agc/shared';
import { defined } from '@agc/shared/defined';
import type { AppContext } from '@server/context.ts';
import { abilityOf } from '@server/lib/ability.ts';
import { invalidate } from '@server/lib/caches.ts';
import { isUniqueViolation } from '@server/lib/db-errors.ts';
import { AppError, badRequest, notFound } from '@server/lib/errors.ts';
import { writeAudit } from '@server/modules/audit/index.ts';
import { type ApprovalLinks, approvalLinks } from '@server/modules/members/index.ts';
import type { SessionUser } from '@server/plugins/auth.ts';
import { type Translate, translator } from '@server/plugins/i18n.ts';
import { NAV_DECIMALS, PPM } from '../math.ts';
import { findFundProduct, lockFundProduct } from '../products/repository.ts';
import { formatNav, ppmToPercent } from '../products/service.ts';
import { type PricedCounts, priceAtNav } from './pricing.ts';
import {
  decideNav,
  findNavEntry,
  hasPendingNav,
  insertNav,
  latestNavs,
  lockNav,
  type NavEntryRow,
  navEntryPage,
  type PublishedNav,
  pendingNavEntries,
  weekNavs,
} from './repository.ts';

/** The answers' language for callers outside a request (jobs, tests, benchmarks). */
const ENGLISH = translator('en');

/** A NAV typed by an admin, checked: a decimal above zero with at most 8 decimals. */
export function parseNav(text: string): bigint {
  const t = text;
  if (t.startsWith('-')) throw badRequest('fund.nav_positive');
  let nav: bigint;
  try {
    nav = parseAmount(t, NAV_DECIMALS);
  } catch {
    throw badRequest('fund.nav_invalid');
  }
  if (nav <= 0n) throw badRequest('fund.nav_positive');
  return nav;
}

/** The step from `previous` to `nav` in ppm (absolute), rounded up so that a step just over the limit is over. */
export function stepPpm(previous: bigint, nav: bigint): bigint {
  const diff = nav > previous ? nav - previous : previous - nav;
  return (diff * PPM + previous - 1n) / previous;
}

/** The signed step in percent with 2 decimals (truncated toward zero), for display. */
function stepPercent(previous: bigint | null, nav: bigint): string | null {
  if (previous === null) return null;
  const bp = ((nav - previous) * 10_000n) / previous;
  const sign = bp < 0n ? '-' : '';
  const abs = bp < 0n ? -bp : bp;
  return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

/**
 * Why a NAV waits for a second admin, from its step and its week: `step` above FUND_NAV_MAX_STEP_PERCENT from the
 * latest published NAV, else `week` above FUND_NAV_MAX_WEEK_PERCENT from the week base; null: one admin publishes it.
 */
function reviewOf(ctx: AppContext, previous: bigint | null, weekBase: bigint | null, nav: bigint) {
  const { navMaxStepPpm, navMaxWeekPpm } = ctx.config.funds;
  if (previous !== null && stepPpm(previous, nav) > navMaxStepPpm) return 'step' as const;
  if (weekBase !== null && stepPpm(weekBase, nav) > navMaxWeekPpm) return 'week' as const;
  return null;
}

/** Confirming a pending NAV: only a pending one, never by the admin who entered it nor one related to them. */
function confirmRefusal(
  ctx: AppContext,
  actor: SessionUser,
  entry: { status: string; enteredBy: bigint | null },
  links: ApprovalLinks,
): AppError | null {
  if (entry.status !== 'PendingConfirmation') return badRequest('fund.nav_not_pending');
  if (entry.enteredBy === actor.id) return new AppError(ErrorCode.forbidden, 'fund.nav_own_confirm');
  if (entry.enteredBy !== null && links.related(actor.id, entry.enteredBy))
    return new AppError(ErrorCode.forbidden, 'fund.nav_related_confirm', {
      hours: Math.round(ctx.config.roles.coolingMs / 3_600_000),
    });
  return null;
}

/** Rejecting (or, for the admin who entered it, withdrawing) a NAV: only a pending one. */
const rejectRefusal = (entry: { status: string }): AppError | null =>
  entry.status === 'PendingConfirmation' ? null : badRequest('fund.nav_not_pending');

/** A NAV entry as admins read it, with what the asking admin may do with it. */
export function toNavEntry(
  ctx: AppContext,
  row: NavEntryRow,
  viewer: SessionUser,
  links: ApprovalLinks,
  t: Translate,
): FundNavEntry {
  const { navMaxStepPpm, navMaxWeekPpm } = ctx.config.funds;
  return {
    nav_id: row.id.toString(),
    product: { id: row.productId, name: row.productName },
    day: row.day,
    nav: formatNav(row.navE8),
    previous_nav: row.previousNavE8 === null ? null : formatNav(row.previousNavE8),
    step_percent: stepPercent(row.previousNavE8, row.navE8),
    max_step_percent: ppmToPercent(Number(navMaxStepPpm)),
    week_base_nav: row.weekBaseNavE8 === null ? null : formatNav(row.weekBaseNavE8),
    week_percent: stepPercent(row.weekBaseNavE8, row.navE8),
    max_week_percent: ppmToPercent(Number(navMaxWeekPpm)),
    review:
      row.status === 'PendingConfirmation'
        ? (reviewOf(ctx, row.previousNavE8, row.weekBaseNavE8, row.navE8) ?? 'step')
        : null,
    status: row.status,
    entered_by: row.enteredByAddress,
    entered_by_you: row.enteredBy === viewer.id,
    confirmed_by: row.confirmedByAddress,
    published_at: row.publishedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    priced: { subscriptions: row.pricedSubscriptions, redemptions: row.pricedRedemptions },
    confirm: abilityOf(confirmRefusal(ctx, viewer, row, links), t),
    reject: abilityOf(rejectRefusal(row), t),
  };
}

/** Entries as `viewer` reads them: the approval links of the viewer and every entering admin, read once. */
async function entriesFor(ctx: AppContext, rows: NavEntryRow[], viewer: SessionUser, t: Translate) {
  const links = await approvalLinks(ctx, ctx.db, [viewer.id, ...rows.flatMap((r) => r.enteredBy ?? [])]);
  return rows.map((r) => toNavEntry(ctx, r, viewer, links, t));
}

const entryOf = async (ctx: AppContext, id: bigint, viewer: SessionUser, t: Translate) => {
  const row = await findNavEntry(ctx.db, id);
  if (!row) throw notFound('fund.nav_not_found');
  return (await entriesFor(ctx, [row], viewer, t))[0] as FundNavEntry;
};

/** Publication's audit record: what was published and what it priced. */
const auditAfter = (
  id: bigint,
  productId: number,
  day: string,
  nav: bigint,
  status: string,
  priced?: PricedCounts,
) => ({
  nav_id: id.toString(),
  product_id: productId,
  day,
  nav_e8: nav.toString(),
  status,
  ...(priced && { priced }),
});

/** What a NAV typed for a product and day would do, checked as publishing checks it (the same refusals). */
interface NavPlan {
  latest: PublishedNav | null;
  /** The week's NAV farthest from this one (null: no published NAV yet). */
  weekBase: bigint | null;
  review: 'step' | 'week' | null;
}

/**
 * The rules a new NAV meets, for publishing and for its preview alike: the product exists, the day is after its
 * latest published day and not in the future, no entry of it waits for a second admin; then whether a second admin
 * must confirm it (its step from the latest, its move from the rolling week's NAVs).
 */
async function planNav(
  ctx: AppContext,
  tx: DbOrTx,
  productId: number,
  day: string,
  nav: bigint,
  lock: boolean,
): Promise<NavPlan> {
  const product = lock ? await lockFundProduct(tx, productId) : await findFundProduct(tx, productId);
  if (!product) throw notFound('fund.product_not_found');
  const today = ctx.now().toISOString().slice(0, 10);
  if (day > today) throw badRequest('fund.nav_day_future', { day: today });
  const latest = (await latestNavs(tx, [productId])).get(productId) ?? null;
  if (latest && day <= latest.day) throw badRequest('fund.nav_day_not_after', { day: latest.day });
  if (await hasPendingNav(tx, productId)) throw badRequest('fund.nav_pending_exists');
  const week = await weekNavs(tx, productId, day);
  const weekBase = week.reduce<bigint | null>(
    (far, v) => (far === null || stepPpm(v, nav) > stepPpm(far, nav) ? v : far),
    null,
  );
  return { latest, weekBase, review: reviewOf(ctx, latest?.navE8 ?? null, weekBase, nav) };
}

/**
 * What publishing `navText` for `day` would do, without writing: the step from the latest NAV and the move over the
 * rolling week in percent, the limits, and whether a second admin must confirm it; refused as publishing refuses.
 */
export async function previewNav(
  ctx: AppContext,
  productId: number,
  day: string,
  navText: string,
): Promise<FundNavPreview> {
  const nav = parseNav(navText);
  const plan = await planNav(ctx, ctx.db, productId, day, nav, false);
  const { navMaxStepPpm, navMaxWeekPpm } = ctx.config.funds;
  const previous = plan.latest?.navE8 ?? null;
  return {
    day,
    nav: formatNav(nav),
    previous_nav: previous === null ? null : formatNav(previous),
    step_percent: stepPercent(previous, nav),
    max_step_percent: ppmToPercent(Number(navMaxStepPpm)),
    week_base_nav: plan.weekBase === null ? null : formatNav(plan.weekBase),
    week_percent: stepPercent(plan.weekBase, nav),
    max_week_percent: ppmToPercent(Number(navMaxWeekPpm)),
    review: plan.review,
  };
}

/**
 * An admin enters a product's NAV for `day` (planNav's rules). A step above FUND_NAV_MAX_STEP_PERCENT from the
 * latest published NAV, or a move above FUND_NAV_MAX_WEEK_PERCENT from the NAVs of the 7 days before, waits for a
 * second admin (PendingConfirmation, nothing priced); otherwise it is Published at once and prices the product's
 * Processing subscriptions and Approved redemptions in the same transaction. The first NAV of a product has no step
 * check. Audit-logged.
 */
export async function publishNav(
  ctx: AppContext,
  actor: SessionUser,
  productId: number,
  day: string,
  navText: string,
  t: Translate = ENGLISH,
): Promise<FundNavEntry> {
  const nav = parseNav(navText);
  const now = ctx.now();
  let id: bigint;
  try {
    id = await ctx.db.transaction(async (tx) => {
      const { latest, weekBase, review } = await planNav(ctx, tx, productId, day, nav, true);
      const needsSecond = review !== null;
      const status = needsSecond ? 'PendingConfirmation' : 'Published';
      const navId = await insertNav(tx, {
        productId,
        day,
        navE8: nav,
        status,
        weekBaseNavE8: weekBase,
        enteredBy: actor.id,
        publishedAt: needsSecond ? null : now,
      });
      const priced = needsSecond
        ? undefined
        : await priceAtNav(tx, ctx, productId, { id: navId, day, navE8: nav });
      await writeAudit(tx, {
        actorId: actor.id,
        action: needsSecond ? 'fund_nav.enter' : 'fund_nav.publish',
        target: `fund_nav:${navId}`,
        before: latest && { nav_id: latest.id.toString(), day: latest.day, nav_e8: latest.navE8.toString() },
        after: {
          ...auditAfter(navId, productId, day, nav, status, priced),
          ...(review && { review, week_base_nav_e8: weekBase?.toString() ?? null }),
        },
      });
      return navId;
    });
  } catch (e) {
    // Two admins entering the same day at once: the unique (product, day) index decides.
    if (isUniqueViolation(e)) throw badRequest('fund.nav_day_not_after', { day });
    throw e;
  }
  invalidate(ctx, { kind: 'allFigures' });
  return entryOf(ctx, id, actor, t);
}

/** Audit-logs a pending NAV's decision: the entry as it was, and as decided (`to`, with what publishing priced). */
const auditDecision = (
  tx: DbOrTx,
  actor: SessionUser,
  action: string,
  navId: bigint,
  entry: { productId: number; day: string; navE8: bigint; status: string },
  to: string,
  priced?: PricedCounts,
) =>
  writeAudit(tx, {
    actorId: actor.id,
    action,
    target: `fund_nav:${navId}`,
    before: auditAfter(navId, entry.productId, entry.day, entry.navE8, entry.status),
    after: auditAfter(navId, entry.productId, entry.day, entry.navE8, to, priced),
  });

/**
 * A second admin confirms a pending NAV (never the one who entered it): it is Published and prices the product's
 * waiting business, as a NAV within the step limit does at once. The day rules are checked again.
 */
export async function confirmNav(
  ctx: AppContext,
  actor: SessionUser,
  navId: bigint,
  t: Translate = ENGLISH,
): Promise<FundNavEntry> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const entry = await lockNav(tx, navId);
    if (!entry) throw notFound('fund.nav_not_found');
    // Product first, as publishNav locks it: then the entry again (its state may have moved while we waited).
    await lockFundProduct(tx, entry.productId);
    const current = defined(await lockNav(tx, navId));
    const links = await approvalLinks(ctx, tx, [
      actor.id,
      ...(current.enteredBy === null ? [] : [current.enteredBy]),
    ]);
    const refusal = confirmRefusal(ctx, actor, current, links);
    if (refusal) throw refusal;
    const latest = (await latestNavs(tx, [current.productId])).get(current.productId) ?? null;
    if (latest && current.day <= latest.day) throw badRequest('fund.nav_day_not_after', { day: latest.day });
    await decideNav(tx, navId, { status: 'Published', confirmedBy: actor.id, at: now });
    const priced = await priceAtNav(tx, ctx, current.productId, {
      id: navId,
      day: current.day,
      navE8: current.navE8,
    });
    await auditDecision(tx, actor, 'fund_nav.confirm', navId, current, 'Published', priced);
  });
  invalidate(ctx, { kind: 'allFigures' });
  return entryOf(ctx, navId, actor, t);
}

/**
 * An admin rejects a pending NAV, or the one who entered it withdraws it (audit-logged as `fund_nav.withdraw`);
 * nothing is priced and the day is free again.
 */
export async function rejectNav(
  ctx: AppContext,
  actor: SessionUser,
  navId: bigint,
  t: Translate = ENGLISH,
): Promise<FundNavEntry> {
  await ctx.db.transaction(async (tx) => {
    const entry = await lockNav(tx, navId);
    if (!entry) throw notFound('fund.nav_not_found');
    const refusal = rejectRefusal(entry);
    if (refusal) throw refusal;
    await decideNav(tx, navId, { status: 'Rejected', confirmedBy: actor.id });
    const action = entry.enteredBy === actor.id ? 'fund_nav.withdraw' : 'fund_nav.reject';
    await auditDecision(tx, actor, action, navId, entry, 'Rejected');
  });
  return entryOf(ctx, navId, actor, t);
}

export async function pendingNavs(
  ctx: AppContext,
  viewer: SessionUser,
  t: Translate,
): Promise<FundNavEntry[]> {
  return entriesFor(ctx, await pendingNavEntries(ctx.db), viewer, t);
}

export async function navEntries(
  ctx: AppContext,
  q: { productId?: number; page: number; size: number },
  viewer: SessionUser,
  t: Translate,
) {
  const page = await navEntryPage(ctx.db, q);
  return { ...page, list: await entriesFor(ctx, page.list, viewer, t) };
}
