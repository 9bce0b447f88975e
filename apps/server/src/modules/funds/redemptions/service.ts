import type { DbOrTx } from '@agc/db';
import {
  AmountError,
  ErrorCode,
  type FundRedemption,
  type FundRedemptionQueue,
  type FundRedemptionStatus,
  formatAmount,
  parseAmount,
  USDT_DECIMALS,
} from '@agc/shared';
import { defined } from '@agc/shared/defined';
import type { AppContext } from '@server/context.ts';
import { invalidate } from '@server/lib/caches.ts';
import { AppError, badRequest, notFound } from '@server/lib/errors.ts';
import { textsIn } from '@server/lib/translations.ts';
import { writeAudit } from '@server/modules/audit/index.ts';
import { transfer } from '@server/modules/ledger/index.ts';
import type { SessionUser } from '@server/plugins/auth.ts';
import { FUND_ACCOUNTS, unitRef } from '../accounts.ts';
import { UNIT_DECIMALS } from '../math.ts';
import { latestNavs, nextNavDay } from '../nav/repository.ts';
import { findFundOrder } from '../orders/repository.ts';
import { type FundReader, findOwnFundOrder, type OrderFacts, orderFacts } from '../orders/service.ts';
import { findFundProduct } from '../products/repository.ts';
import { formatNav } from '../products/service.ts';
import {
  type FundRedemptionRow,
  findRedemption,
  insertRedemption,
  lockOrderRow,
  moveRedemption,
  openRedemptionCount,
  orderRedemptions,
  type RedemptionPageQuery,
  type RedemptionView,
  redemptionPage,
  redemptionView,
  releaseUnits,
  reserveUnits,
  shareProduct,
} from './repository.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const usdtOrNull = (v: bigint | null) => (v === null ? null : formatAmount(v, USDT_DECIMALS));

/** The API form of a redemption; open ones (Pending, Approved) with their queue place and NAV day. */
export function toRedemptionDto(r: RedemptionView, facts: OrderFacts, reader: FundReader): FundRedemption {
  const product = facts.products.get(r.productId);
  const open = r.status === 'Pending' || r.status === 'Approved';
  return {
    redemption_id: r.id.toString(),
    order_id: r.orderId.toString(),
    product: { id: r.productId, name: product ? textsIn(product, reader.locale).name : '' },
    status: r.status,
    units: formatAmount(r.units, UNIT_DECIMALS),
    nav: r.navE8 === null ? null : formatNav(r.navE8),
    gross_usdt: usdtOrNull(r.grossUsdt),
    fee_usdt: usdtOrNull(r.feeUsdt),
    amount_usdt: usdtOrNull(r.amountUsdt),
    receiving_account: 'available',
    queue_place: open ? r.queuePlace : null,
    nav_day: open ? nextNavDay(facts.navs.get(r.productId)?.day ?? null, facts.now) : null,
    created_at: r.createdAt.toISOString(),
    audited_at: iso(r.auditedAt),
    audit_note: r.auditNote,
    completed_at: iso(r.completedAt),
    cancelled_at: iso(r.cancelledAt),
  };
}

/** Redemptions for a reader: one read of products and NAVs for the whole list. */
export async function toRedemptionDtos(
  ctx: AppContext,
  list: RedemptionView[],
  reader: FundReader,
): Promise<Array<FundRedemption & { address: string }>> {
  const facts = await orderFacts(ctx, [...new Set(list.map((r) => r.productId))]);
  return list.map((r) => ({ ...toRedemptionDto(r, facts, reader), address: r.address }));
}

/** One redemption as its list shows it (with the member's address, for the admins). */
export async function redemptionDto(ctx: AppContext, id: bigint, reader: FundReader) {
  const view = await redemptionView(ctx.db, id);
  if (!view) throw notFound('fund.redemption.not_found');
  const [dto] = await toRedemptionDtos(ctx, [view], reader);
  return defined(dto);
}

/** A page of redemptions (the member's own, or everyone's for the admins). */
export async function listRedemptions(ctx: AppContext, q: RedemptionPageQuery, reader: FundReader) {
  const page = await redemptionPage(ctx.db, q);
  return { ...page, list: await toRedemptionDtos(ctx, page.list, reader) };
}

/** An order's redemptions, newest first, for its detail. */
export async function redemptionsOfOrder(ctx: AppContext, orderId: bigint, reader: FundReader) {
  const list = await orderRedemptions(ctx.db, orderId);
  return (await toRedemptionDtos(ctx, list, reader)).map(({ address: _, ...r }) => r);
}

/**
 * Where a redemption of `productId` asked now would stand (the redemption sheet's preview): behind every open one of
 * the product, priced at the next NAV day. 404 for a product that does not exist.
 */
export async function redemptionQueue(ctx: AppContext, productId: number): Promise<FundRedemptionQueue> {
  const product = await findFundProduct(ctx.db, productId);
  if (!product) throw notFound('fund.product_not_found');
  const ahead = await openRedemptionCount(ctx.db, productId);
  const navs = await latestNavs(ctx.db, [productId]);
  return {
    product_id: productId,
    ahead,
    place: ahead + 1,
    nav_day: nextNavDay(navs.get(productId)?.day ?? null, ctx.now()),
  };
}

/** Units as the member typed them: a plain decimal above zero with at most 6 decimals. */
function parseUnits(text: string): bigint {
  let units: bigint;
  try {
    units = parseAmount(text, UNIT_DECIMALS);
  } catch (e) {
    if (e instanceof AmountError && e.reason === 'decimals')
      throw badRequest('fund.redemption.units_decimals', { decimals: UNIT_DECIMALS });
    throw badRequest('fund.redemption.units_invalid');
  }
  if (units <= 0n) throw badRequest('fund.redemption.units_positive');
  return units;
}

const unitMove = (userId: bigint, productId: number, units: bigint, back: boolean) => ({
  debit: unitRef(userId, back ? FUND_ACCOUNTS.unitsRedeeming : FUND_ACCOUNTS.units, productId),
  credit: unitRef(userId, back ? FUND_ACCOUNTS.units : FUND_ACCOUNTS.unitsRedeeming, productId),
  amount: units,
});

/**
 * The member asks to redeem `unitsText` units of a holding after its lock end: a Pending redemption at the
 * product's redemption fee rate, the units moved from free to redeeming on the order and in the ledger (member
 * fund_units → fund_units_redeeming), in one transaction. The units are taken by one conditional UPDATE on the
 * order, so concurrent requests never redeem more than it holds. Refused with a translated error, nothing changed:
 * someone else's order (404), not a holding, before lock end, units not above zero or more than free.
 */
export async function createRedemption(
  ctx: AppContext,
  user: SessionUser,
  orderId: bigint,
  unitsText: string,
): Promise<FundRedemptionRow> {
  const units = parseUnits(unitsText);
  const order = await findOwnFundOrder(ctx.db, user.id, orderId);
  if (order.status !== 'Subscription' && order.status !== 'Redemption')
    throw badRequest('fund.redemption.not_holding');
  const now = ctx.now();
  if (order.lockEndsAt === null || order.lockEndsAt.getTime() > now.getTime())
    throw badRequest('fund.redemption.locked', {
      date: (order.lockEndsAt ?? now).toISOString().slice(0, 10),
    });
  const product = await findFundProduct(ctx.db, order.productId);
  if (!product) throw notFound('fund.product_not_found');
  const row = await ctx.db.transaction(async (tx) => {
    await shareProduct(tx, order.productId);
    const reserved = await reserveUnits(tx, { orderId, userId: user.id, units, now });
    if (!reserved) {
      const current = await findFundOrder(tx, orderId);
      if (current && current.unitsFree < units)
        throw badRequest('fund.redemption.units_exceed', {
          units: formatAmount(current.unitsFree, UNIT_DECIMALS),
        });
      throw badRequest('fund.redemption.not_holding');
    }
    const r = await insertRedemption(tx, {
      orderId,
      userId: user.id,
      productId: order.productId,
      units,
      feePpm: product.redemptionFeePpm,
      createdAt: now,
    });
    await transfer(tx, {
      ...unitMove(user.id, order.productId, units, false),
      kind: 'fund.redemption.request',
      ref: `fundredemption:${r.id}`,
      idempotencyKey: `fundredemption:${r.id}:request`,
    });
    return r;
  });
  invalidate(ctx, { kind: 'figures', ids: [user.id] });
  return row;
}

/**
 * Gives a redemption's units back (cancelled by the member, rejected by an admin) in the caller's transaction: the
 * order is locked first (orders before redemptions, as pricing does), the redemption moves from Pending only.
 */
async function closePending(
  ctx: AppContext,
  r: FundRedemptionRow,
  set: Partial<FundRedemptionRow> & { status: FundRedemptionStatus },
  step: 'cancel' | 'reject',
  after?: (tx: DbOrTx, moved: FundRedemptionRow) => Promise<void>,
): Promise<FundRedemptionRow> {
  const moved = await ctx.db.transaction(async (tx) => {
    await lockOrderRow(tx, r.orderId);
    const row = await moveRedemption(tx, r.id, 'Pending', set);
    if (!row)
      throw badRequest(step === 'cancel' ? 'fund.redemption.not_cancellable' : 'fund.redemption.not_pending');
    await releaseUnits(tx, r.orderId, r.units);
    await transfer(tx, {
      ...unitMove(r.userId, r.productId, r.units, true),
      kind: `fund.redemption.${step}`,
      ref: `fundredemption:${r.id}`,
      idempotencyKey: `fundredemption:${r.id}:${step}`,
    });
    await after?.(tx, row);
    return row;
  });
  invalidate(ctx, { kind: 'figures', ids: [r.userId] });
  return moved;
}

/** The member's own redemption; anyone else's answers 404. */
async function findOwnRedemption(db: DbOrTx, userId: bigint, id: bigint): Promise<FundRedemptionRow> {
  const r = await findRedemption(db, id);
  if (!r || r.userId !== userId) throw notFound('fund.redemption.not_found');
  return r;
}

/** The member cancels a Pending redemption: Cancelled, its units free again. */
export async function cancelRedemption(
  ctx: AppContext,
  user: SessionUser,
  id: bigint,
): Promise<FundRedemptionRow> {
  const r = await findOwnRedemption(ctx.db, user.id, id);
  return closePending(ctx, r, { status: 'Cancelled', cancelledAt: ctx.now() }, 'cancel');
}

/** A redemption an admin may decide: it exists, and it is not their own (maker-checker). */
async function auditable(db: DbOrTx, admin: SessionUser, id: bigint): Promise<FundRedemptionRow> {
  const r = await findRedemption(db, id);
  if (!r) throw notFound('fund.redemption.not_found');
  if (r.userId === admin.id) throw new AppError(ErrorCode.forbidden, 'fund.redemption.own_audit');
  return r;
}

const auditEntry = (
  admin: SessionUser,
  action: string,
  before: FundRedemptionRow,
  after: FundRedemptionRow,
) => ({
  actorId: admin.id,
  action,
  target: `fundredemption:${after.id}`,
  before: { status: before.status, units: before.units.toString() },
  after: { status: after.status, note: after.auditNote },
});

/** An admin approves a Pending redemption: Approved, priced at the product's next NAV. Audit-logged. */
export async function approveRedemption(
  ctx: AppContext,
  admin: SessionUser,
  id: bigint,
  note: string,
): Promise<FundRedemptionRow> {
  const r = await auditable(ctx.db, admin, id);
  return ctx.db.transaction(async (tx) => {
    const row = await moveRedemption(tx, id, 'Pending', {
      status: 'Approved',
      auditedBy: admin.id,
      auditedAt: ctx.now(),
      auditNote: note,
    });
    if (!row) throw badRequest('fund.redemption.not_pending');
    await writeAudit(tx, auditEntry(admin, 'fund.redemption.approve', r, row));
    return row;
  });
}

/** An admin rejects a Pending redemption: Rejected, its units free again. Audit-logged. */
export async function rejectRedemption(
  ctx: AppContext,
  admin: SessionUser,
  id: bigint,
  note: string,
): Promise<FundRedemptionRow> {
  const r = await auditable(ctx.db, admin, id);
  return closePending(
    ctx,
    r,
    { status: 'Rejected', auditedBy: admin.id, auditedAt: ctx.now(), auditNote: note },
    'reject',
    (tx, row) => writeAudit(tx, auditEntry(admin, 'fund.redemption.reject', r, row)),
  );
}
