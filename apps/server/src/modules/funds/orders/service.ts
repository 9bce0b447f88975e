import type { DbOrTx } from '@agc/db';
import {
  ErrorCode,
  type FundOrder,
  type FundRedemption,
  formatAmount,
  formatUsdt,
  type Locale,
} from '@agc/shared';
import { defined } from '@agc/shared/defined';
import type { AppContext } from '@server/context.ts';
import { AppError, badRequest, notFound } from '@server/lib/errors.ts';
import { textsIn } from '@server/lib/translations.ts';
import {
  assertReportPays,
  disputedSubjects,
  isFundOrderId,
  onChainFundOrderId,
} from '@server/modules/chain/index.ts';
import { agcPriceIfAny, priceRecord } from '@server/modules/pricing/index.ts';
import type { SessionUser } from '@server/plugins/auth.ts';
import type { Translate } from '@server/plugins/i18n.ts';
import { feeOf, UNIT_DECIMALS, unitsValue } from '../math.ts';
import { latestNavs, nextNavDay, type PublishedNav } from '../nav/repository.ts';
import { type FundProductRow, findFundProduct, fundProductsById } from '../products/repository.ts';
import { checkSubscriptionAmount, formatNav } from '../products/service.ts';
import { FUND_REASONS } from './payments.ts';
import {
  cancelExpiredFundQuotes,
  cancelUnpaidFundOrder,
  type FundOrderPageQuery,
  type FundOrderRow,
  type FundOrderView,
  findFundOrder,
  fundOrderPage,
  insertFundOrder,
  openFundOrders,
  recordFundReport,
  redemptionDates,
  returnUnconfirmedFundReports,
} from './repository.ts';

export type { FundOrderView };

/** Who reads an answer: their translator and language (a request is one). */
export interface FundReader {
  t: Translate;
  locale: Locale;
}

const units = (v: bigint) => formatAmount(v, UNIT_DECIMALS);
const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const HOLDING: ReadonlySet<FundOrderRow['status']> = new Set(['Subscription', 'Redemption']);

/** The member's own fund order; anyone else's answers 404 (not a leak of its existence). */
export async function findOwnFundOrder(db: DbOrTx, userId: bigint, id: bigint): Promise<FundOrderView> {
  const order = await findFundOrder(db, id);
  if (!order || order.userId !== userId) throw notFound('fund.order.not_found');
  return order;
}

/**
 * The member agreed to subscribe: an UnPaid order for `amountText` of the product (checked: on sale, at least the
 * minimum and a whole multiple of it), with the product's subscription fee rate fixed and a quote valid for
 * FUND_QUOTE_TTL_MINUTES. A bad amount or product is refused and nothing is written.
 */
export async function createFundOrder(
  ctx: AppContext,
  user: SessionUser,
  productId: number,
  amountText: string,
): Promise<FundOrderView> {
  const product = await findFundProduct(ctx.db, productId);
  const amount = checkSubscriptionAmount(product, amountText);
  const p = product as FundProductRow;
  // Recorded as every quote's is; nothing converts at it (a subscription is USDT at a NAV), none while paused.
  const price = await agcPriceIfAny(ctx.prices);
  const now = ctx.now();
  const row = await insertFundOrder(ctx.db, {
    userId: user.id,
    productId: p.id,
    amountUsdt: amount,
    feePpm: p.subscriptionFeePpm,
    ...priceRecord(price),
    quoteExpiresAt: new Date(now.getTime() + ctx.config.funds.quoteTtlMs),
    createdAt: now,
  });
  return { ...row, address: user.address };
}

/** The member cancels an UnPaid subscription; anything else is refused and nothing changes. */
export async function cancelFundOrder(
  ctx: AppContext,
  user: SessionUser,
  id: bigint,
): Promise<FundOrderView> {
  await findOwnFundOrder(ctx.db, user.id, id);
  const row = await cancelUnpaidFundOrder(ctx.db, id, ctx.now(), FUND_REASONS.cancelledByMember);
  if (!row) throw badRequest('fund.order.not_cancellable');
  return { ...row, address: user.address };
}

/** An UnPaid subscription whose quote still holds: what the payment steps need. */
export async function payableFundOrder(
  ctx: AppContext,
  user: SessionUser,
  id: bigint,
): Promise<FundOrderView> {
  const order = await findOwnFundOrder(ctx.db, user.id, id);
  if (order.status !== 'UnPaid') throw badRequest('fund.order.not_payable');
  if (order.quoteExpiresAt.getTime() <= ctx.now().getTime()) throw badRequest('fund.order.expired');
  return order;
}

/**
 * A reported hash must pay this subscription: its receipt exists, succeeded and holds the payment contract's Paid
 * event for the order's on-chain id, by its member, for its amount (as the shop checks its orders' reports).
 */
async function assertPaysFundOrder(
  ctx: AppContext,
  order: FundOrderView,
  hash: `0x${string}`,
): Promise<void> {
  const onChainId = onChainFundOrderId(order.id);
  await assertReportPays(
    ctx,
    hash,
    isFundOrderId,
    (e) =>
      e.orderId === onChainId &&
      e.payer === order.address.toLowerCase() &&
      e.usdtAmount === order.amountUsdt &&
      e.agcAmount === 0n,
  );
}

/**
 * The member reports the pay transaction: UnPaid → Paid once the chain shows it pays the order. Reporting the same
 * hash again answers the order as it is (a retried request); the chain watcher moves it to Processing.
 */
export async function reportFundPayment(
  ctx: AppContext,
  user: SessionUser,
  id: bigint,
  txHash: string,
): Promise<FundOrderView> {
  const hash = txHash.toLowerCase();
  const order = await findOwnFundOrder(ctx.db, user.id, id);
  if (order.payTxHash === hash) return order;
  if (order.status !== 'UnPaid') {
    // The watcher may have confirmed the payment before the wallet reported it: keep the hash for the record.
    if (order.status === 'Processing' && order.payTxHash === null) return order;
    throw badRequest('fund.order.not_payable');
  }
  await assertPaysFundOrder(ctx, order, hash as `0x${string}`);
  const row = await recordFundReport(ctx.db, id, hash, ctx.now(), FUND_REASONS.awaitingConfirmation);
  if (row === 'used') throw new AppError(ErrorCode.conflict, 'order.tx_used');
  if (!row) {
    // Confirmed by the watcher between the read and the update: answer the order as it is now.
    const now = await findOwnFundOrder(ctx.db, user.id, id);
    if (now.status === 'Processing') return now;
    throw badRequest('fund.order.not_payable');
  }
  return { ...row, address: user.address };
}

/**
 * Cancels UnPaid subscriptions whose quote expired more than the grace period ago (a payment sent just before
 * expiry may still be mined), and gives back reports never confirmed on chain within ORDER_REPORT_TTL_MINUTES
 * (UnPaid while the quote holds, Cancelled after). Returns both counts.
 */
export async function expireFundOrders(ctx: AppContext): Promise<{ cancelled: number; returned: number }> {
  const now = ctx.now();
  const { expiryGraceMs, reportTtlMs } = ctx.config.shop;
  const cancelled = await cancelExpiredFundQuotes(
    ctx.db,
    new Date(now.getTime() - expiryGraceMs),
    now,
    FUND_REASONS.quoteExpired,
  );
  const returned = await returnUnconfirmedFundReports(ctx.db, {
    now,
    before: new Date(now.getTime() - reportTtlMs),
    reason: FUND_REASONS.reportExpired,
  });
  return { cancelled, returned };
}

// --- holdings ---

/** What the answers about orders need besides the orders: products, latest NAVs, the clock. */
export interface OrderFacts {
  products: Map<number, FundProductRow>;
  navs: Map<number, PublishedNav>;
  now: Date;
}

export async function orderFacts(ctx: AppContext, productIds: number[]): Promise<OrderFacts> {
  const [products, navs] = await Promise.all([
    fundProductsById(ctx.db, productIds),
    latestNavs(ctx.db, productIds),
  ]);
  return { products, navs, now: ctx.now() };
}

/** A holding's value now: held and redeeming units at the latest NAV, rounded down (0 before any NAV). */
export function holdingValue(o: FundOrderRow, nav: PublishedNav | undefined): bigint {
  return nav ? unitsValue(o.unitsFree + o.unitsRedeeming, nav.navE8) : 0n;
}

export const canRedeem = (o: FundOrderRow, now: Date) =>
  HOLDING.has(o.status) &&
  o.unitsFree > 0n &&
  o.lockEndsAt !== null &&
  o.lockEndsAt.getTime() <= now.getTime();

/**
 * The subscription fee: taken at pricing; before it, the fee the order will pay (its rate was fixed at the quote,
 * and pricing computes it the same way); a cancelled order pays none.
 */
const feeShown = (o: FundOrderRow) =>
  o.status === 'UnPaid' || o.status === 'Paid' || o.status === 'Processing'
    ? feeOf(o.amountUsdt, o.feePpm)
    : o.feeUsdt;

/** The API form of a fund order (every field of the spec's fund order), in the reader's language. */
export function toFundOrderDto(
  o: FundOrderRow,
  facts: OrderFacts,
  reader: FundReader,
  last: { createdAt: Date; auditedAt: Date | null; completedAt: Date | null } | undefined,
  redemptions: FundRedemption[] = [],
  disputed = false,
): FundOrder {
  const product = facts.products.get(o.productId);
  const nav = facts.navs.get(o.productId);
  const holds = o.units > 0n;
  const value = holdingValue(o, nav);
  return {
    order_id: o.id.toString(),
    product: {
      id: o.productId,
      name: product ? textsIn(product, reader.locale).name : '',
      risk: product?.risk ?? 'Medium',
    },
    status: o.status,
    amount_usdt: formatUsdt(o.amountUsdt),
    fee_usdt: formatUsdt(feeShown(o)),
    units: units(o.units),
    units_held: units(o.unitsFree),
    units_redeeming: units(o.unitsRedeeming),
    unit_nav: o.navE8 === null ? null : formatNav(o.navE8),
    current_nav: nav ? formatNav(nav.navE8) : null,
    value_usdt: formatUsdt(value),
    cost_usdt: formatUsdt(o.costUsdt),
    estimated_revenue_usdt: formatUsdt(holds ? value - o.costUsdt : 0n),
    realized_revenue_usdt: formatUsdt(o.realizedUsdt),
    lock_days: product?.lockDays ?? 0,
    lock_ends_at: iso(o.lockEndsAt),
    nav_day: o.status === 'Processing' ? nextNavDay(nav?.day ?? null, facts.now) : null,
    tx_hash: o.payTxHash,
    quote_expires_at: o.quoteExpiresAt.toISOString(),
    created_at: o.createdAt.toISOString(),
    paid_at: iso(o.paidAt),
    subscribed_at: iso(o.subscribedAt),
    redeem_date: iso(last?.createdAt),
    audit_date: iso(last?.auditedAt),
    arrival_date: iso(last?.completedAt),
    cancelled_at: iso(o.cancelledAt),
    reason: o.reason ? reader.t(`fund.order.reasons.${o.reason}`) : null,
    can_redeem: canRedeem(o, facts.now),
    redemptions,
    disputed,
  };
}

/** Fund orders for a reader: one read each of products, NAVs and last redemptions for the whole list. */
export async function toFundOrderDtos(
  ctx: AppContext,
  list: FundOrderRow[],
  reader: FundReader,
): Promise<FundOrder[]> {
  const [facts, last, disputed] = await Promise.all([
    orderFacts(ctx, [...new Set(list.map((o) => o.productId))]),
    redemptionDates(
      ctx.db,
      list.map((o) => o.id),
    ),
    disputedSubjects(
      ctx.db,
      'fund_order',
      list.map((o) => o.id),
    ),
  ]);
  return list.map((o) => toFundOrderDto(o, facts, reader, last.get(o.id), [], disputed.has(o.id)));
}

/** A page of the member's fund orders, newest first. */
export async function listFundOrders(ctx: AppContext, q: FundOrderPageQuery, reader: FundReader) {
  const page = await fundOrderPage(ctx.db, q);
  return { ...page, list: await toFundOrderDtos(ctx, page.list, reader) };
}

/** Why a payment that arrived was not credited: what the admins' view of payment problems lists. */
const PAYMENT_PROBLEMS = [
  FUND_REASONS.payerMismatch,
  FUND_REASONS.amountMismatch,
  FUND_REASONS.paidAfterCancel,
];

/** The admins' view: everyone's fund orders, by status or with a payment problem, with the member's address. */
export async function listFundOrdersForAdmin(
  ctx: AppContext,
  q: { status?: FundOrderRow['status']; payment_problem?: 'true' | 'false'; page: number; size: number },
  reader: FundReader,
) {
  const page = await fundOrderPage(ctx.db, {
    status: q.status,
    reasons: q.payment_problem === 'true' ? PAYMENT_PROBLEMS : undefined,
    page: q.page,
    size: q.size,
  });
  const dtos = await toFundOrderDtos(ctx, page.list, reader);
  return { ...page, list: dtos.map((d, i) => ({ ...d, address: defined(page.list[i]).address })) };
}

/** Holdings at a glance: value, cost and revenues of what the member holds, and how many wait. */
export async function fundSummary(ctx: AppContext, userId: bigint) {
  const rows = await openFundOrders(ctx.db, userId);
  const navs = await latestNavs(ctx.db, [...new Set(rows.map((r) => r.productId))]);
  let value = 0n;
  let cost = 0n;
  let realized = 0n;
  let processing = 0;
  let inProgress = 0n;
  let holding = 0;
  for (const o of rows) {
    realized += o.realizedUsdt;
    if (o.status === 'Paid' || o.status === 'Processing') {
      processing += 1;
      inProgress += o.amountUsdt;
    }
    if (HOLDING.has(o.status)) {
      holding += 1;
      value += holdingValue(o, navs.get(o.productId));
      cost += o.costUsdt;
    }
  }
  return {
    value_usdt: formatUsdt(value),
    cost_usdt: formatUsdt(cost),
    estimated_revenue_usdt: formatUsdt(value - cost),
    realized_revenue_usdt: formatUsdt(realized),
    processing_count: processing,
    in_progress_usdt: formatUsdt(inProgress),
    holding_count: holding,
  };
}
