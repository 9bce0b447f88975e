import { ErrorCode, type FundNavEntry, parseAmount } from '@agc/shared';
import type { AppContext } from '../../context.ts';
import { invalidate } from '../../lib/caches.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { writeAudit } from '../audit/index.ts';
import { NAV_DECIMALS, PPM } from './math.ts';
import { type PricedCounts, priceAtNav } from './nav-pricing.ts';
import {
  decideNav,
  findNavEntry,
  hasPendingNav,
  insertNav,
  latestNavs,
  lockNav,
  type NavEntryRow,
  navEntryPage,
  pendingNavEntries,
} from './nav-repository.ts';
import { lockFundProduct } from './products-repository.ts';
import { formatNav, ppmToPercent } from './products-service.ts';

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

/** A NAV entry as admins read it; `maxStepPpm` is the configured step a second admin must confirm above. */
export function toNavEntry(row: NavEntryRow, maxStepPpm: bigint): FundNavEntry {
  return {
    nav_id: row.id.toString(),
    product: { id: row.productId, name: row.productName },
    day: row.day,
    nav: formatNav(row.navE8),
    previous_nav: row.previousNavE8 === null ? null : formatNav(row.previousNavE8),
    step_percent: stepPercent(row.previousNavE8, row.navE8),
    max_step_percent: ppmToPercent(Number(maxStepPpm)),
    status: row.status,
    entered_by: row.enteredByAddress,
    confirmed_by: row.confirmedByAddress,
    published_at: row.publishedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    priced: { subscriptions: row.pricedSubscriptions, redemptions: row.pricedRedemptions },
  };
}

const entryOf = async (ctx: AppContext, id: bigint) =>
  toNavEntry((await findNavEntry(ctx.db, id))!, ctx.config.funds.navMaxStepPpm);

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

/**
 * An admin enters a product's NAV for `day`: after the product's latest published day, not in the future, above
 * zero, and only while no other entry of the product waits for confirmation. A step above FUND_NAV_MAX_STEP_PERCENT
 * from the latest published NAV waits for a second admin (PendingConfirmation, nothing priced); otherwise it is
 * Published at once and prices the product's Processing subscriptions and Approved redemptions in the same
 * transaction. The first NAV of a product has no step check. Audit-logged.
 */
export async function publishNav(
  ctx: AppContext,
  actor: SessionUser,
  productId: number,
  day: string,
  navText: string,
): Promise<FundNavEntry> {
  const nav = parseNav(navText);
  const now = ctx.now();
  const today = now.toISOString().slice(0, 10);
  let id: bigint;
  try {
    id = await ctx.db.transaction(async (tx) => {
      const product = await lockFundProduct(tx, productId);
      if (!product) throw notFound('fund.product_not_found');
      if (day > today) throw badRequest('fund.nav_day_future', { day: today });
      const latest = (await latestNavs(tx, [productId])).get(productId) ?? null;
      if (latest && day <= latest.day) throw badRequest('fund.nav_day_not_after', { day: latest.day });
      if (await hasPendingNav(tx, productId)) throw badRequest('fund.nav_pending_exists');
      const needsSecond =
        latest !== null && stepPpm(latest.navE8, nav) > BigInt(ctx.config.funds.navMaxStepPpm);
      const status = needsSecond ? 'PendingConfirmation' : 'Published';
      const navId = await insertNav(tx, {
        productId,
        day,
        navE8: nav,
        status,
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
        after: auditAfter(navId, productId, day, nav, status, priced),
      });
      return navId;
    });
  } catch (e) {
    // Two admins entering the same day at once: the unique (product, day) index decides.
    if (isUniqueViolation(e)) throw badRequest('fund.nav_day_not_after', { day });
    throw e;
  }
  invalidate(ctx, { kind: 'allFigures' });
  return entryOf(ctx, id);
}

/**
 * A second admin confirms a pending NAV (never the one who entered it): it is Published and prices the product's
 * waiting business, as a NAV within the step limit does at once. The day rules are checked again.
 */
export async function confirmNav(ctx: AppContext, actor: SessionUser, navId: bigint): Promise<FundNavEntry> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const entry = await lockNav(tx, navId);
    if (!entry) throw notFound('fund.nav_not_found');
    // Product first, as publishNav locks it: then the entry again (its state may have moved while we waited).
    await lockFundProduct(tx, entry.productId);
    const current = (await lockNav(tx, navId))!;
    if (current.status !== 'PendingConfirmation') throw badRequest('fund.nav_not_pending');
    if (current.enteredBy === actor.id) throw new AppError(ErrorCode.forbidden, 'fund.nav_own_confirm');
    const latest = (await latestNavs(tx, [current.productId])).get(current.productId) ?? null;
    if (latest && current.day <= latest.day) throw badRequest('fund.nav_day_not_after', { day: latest.day });
    await decideNav(tx, navId, { status: 'Published', confirmedBy: actor.id, at: now });
    const priced = await priceAtNav(tx, ctx, current.productId, {
      id: navId,
      day: current.day,
      navE8: current.navE8,
    });
    await writeAudit(tx, {
      actorId: actor.id,
      action: 'fund_nav.confirm',
      target: `fund_nav:${navId}`,
      before: auditAfter(navId, current.productId, current.day, current.navE8, current.status),
      after: auditAfter(navId, current.productId, current.day, current.navE8, 'Published', priced),
    });
  });
  invalidate(ctx, { kind: 'allFigures' });
  return entryOf(ctx, navId);
}

/** An admin rejects a pending NAV (the one who entered it may withdraw it too); nothing is priced. */
export async function rejectNav(ctx: AppContext, actor: SessionUser, navId: bigint): Promise<FundNavEntry> {
  await ctx.db.transaction(async (tx) => {
    const entry = await lockNav(tx, navId);
    if (!entry) throw notFound('fund.nav_not_found');
    if (entry.status !== 'PendingConfirmation') throw badRequest('fund.nav_not_pending');
    await decideNav(tx, navId, { status: 'Rejected', confirmedBy: actor.id });
    await writeAudit(tx, {
      actorId: actor.id,
      action: 'fund_nav.reject',
      target: `fund_nav:${navId}`,
      before: auditAfter(navId, entry.productId, entry.day, entry.navE8, entry.status),
      after: auditAfter(navId, entry.productId, entry.day, entry.navE8, 'Rejected'),
    });
  });
  return entryOf(ctx, navId);
}

export async function pendingNavs(ctx: AppContext): Promise<FundNavEntry[]> {
  return (await pendingNavEntries(ctx.db)).map((r) => toNavEntry(r, ctx.config.funds.navMaxStepPpm));
}

export async function navEntries(ctx: AppContext, q: { productId?: number; page: number; size: number }) {
  const page = await navEntryPage(ctx.db, q);
  return { ...page, list: page.list.map((r) => toNavEntry(r, ctx.config.funds.navMaxStepPpm)) };
}
