import type { DbOrTx } from '@agc/db';
import {
  AGC_DECIMALS,
  ErrorCode,
  formatAmount,
  type Locale,
  type Order,
  type Product,
  type Quote,
  USDT_DECIMALS,
} from '@agc/shared';
import type { AppContext } from '@server/context.ts';
import { AppError, badRequest, notFound } from '@server/lib/errors.ts';
import { textsIn } from '@server/lib/translations.ts';
import { assertReportPays, disputedSubjects, isShopOrderId } from '@server/modules/chain/index.ts';
import {
  agcMarketView,
  agcPerUsdt,
  agcToUsdt,
  priceChart,
  priceStampDto,
  usdtToAgc,
} from '@server/modules/pricing/index.ts';
import { applyPpm } from '@server/modules/rules/index.ts';
import type { SessionUser } from '@server/plugins/auth.ts';
import type { Translate } from '@server/plugins/i18n.ts';
import { DEMO_PRODUCTS } from './demo-products.ts';
import {
  cancelExpiredQuotes,
  cancelUnpaid,
  findOrder,
  findProduct,
  insertOrder,
  insertProductsIfNone,
  type OrderPageQuery,
  type OrderView,
  orderPage,
  type ProductRow,
  productsOnSale,
  productTranslations,
  recordReport,
  returnUnconfirmedReports,
} from './repository.ts';

export type { OrderView };

/**
 * Why an order is Verifying or Canceled: message codes under `order.reasons` in the API locales,
 * translated when the order is shown.
 */
export const REASONS = {
  awaitingConfirmation: 'awaiting_confirmation',
  payerMismatch: 'payer_mismatch',
  amountMismatch: 'amount_mismatch',
  paidAfterCancel: 'paid_after_cancel',
  txReverted: 'tx_reverted',
  txNotFound: 'tx_not_found',
  awaitingFinality: 'awaiting_finality',
  reportExpired: 'report_expired',
  noPaymentEvent: 'no_payment_event',
  quoteExpired: 'quote_expired',
  canceledByMember: 'canceled_by_member',
  adminConfirmed: 'admin_confirmed',
  adminCanceled: 'admin_canceled',
  /** Its payment was reorganised off the chain after it was credited, and an admin reversed what it credited. */
  chainReversed: 'chain_reversed',
} as const;

// --- the token price ---

/** token/price: the AGC price in use (USDT), from the configured source, with its source and block. */
export async function tokenPrice(ctx: AppContext) {
  const p = await ctx.prices.agcPrice();
  const stamp = priceStampDto(p.source, p.block);
  return {
    symbol: 'AGC' as const,
    price_usdt: formatAmount(p.usdtPerAgc, USDT_DECIMALS),
    updated_at: p.updatedAt.toISOString(),
    source: stamp.price_source,
    block: stamp.price_block,
  };
}

/**
 * token/price2, the market view: the price in use both ways (USDT→AGC to 6 decimals, rounded down) beside the pool's
 * spot price at the same block and the TWAP's window (a fixed price: both null).
 */
export async function tokenPrice2(ctx: AppContext) {
  const p = await agcMarketView(ctx.prices);
  const stamp = priceStampDto(p.source, p.block);
  return {
    agc_usdt: formatAmount(p.usdtPerAgc, USDT_DECIMALS),
    usdt_agc: formatAmount(agcPerUsdt(p), 6),
    updated_at: p.updatedAt.toISOString(),
    source: stamp.price_source,
    block: stamp.price_block,
    spot_usdt: p.spotUsdtPerAgc === null ? null : formatAmount(p.spotUsdtPerAgc, USDT_DECIMALS),
    twap_seconds: p.windowSeconds,
  };
}

/** token/price/chart: the last 24 hours of the market's stored readings (a fixed price has none). */
export async function tokenPriceChart(ctx: AppContext) {
  const points = await priceChart(ctx.db, ctx.prices.name, ctx.now());
  return {
    source: ctx.prices.name,
    twap_seconds: ctx.prices.name === 'fixed' ? null : ctx.config.price.twapSeconds,
    points: points.map((p) => ({
      at: p.at.toISOString(),
      price_usdt: formatAmount(p.usdtPerAgc, USDT_DECIMALS),
      spot_usdt: formatAmount(p.spotUsdtPerAgc, USDT_DECIMALS),
      block: p.block.toString(),
      accepted: p.accepted,
    })),
  };
}

// --- products ---

/** The product's name and description in `locale`: its translation, else the English one (name/description). */
export const productTexts = (
  row: Pick<ProductRow, 'name' | 'description' | 'translations'>,
  locale: Locale,
) => textsIn(row, locale);

export function toProduct(row: ProductRow, locale: Locale = 'en'): Product {
  return {
    id: row.id,
    ...productTexts(row, locale),
    image_url: row.imageUrl,
    image_key: row.imageKey,
    price_usdt: formatAmount(row.priceUsdt, USDT_DECIMALS),
    status: row.status,
  };
}

/** Products on sale, in shop order, named and described in `locale` (English where it has no translation). */
export async function listProducts(db: DbOrTx, locale: Locale = 'en'): Promise<Product[]> {
  return (await productsOnSale(db)).map((p) => toProduct(p, locale));
}

/** The demo catalogue into an empty shop (development seed and tests). */
export const seedProducts = (db: DbOrTx) => insertProductsIfNone(db, DEMO_PRODUCTS);

/** A product that can be bought now; anything else is refused with the same message. */
async function productOnSale(db: DbOrTx, id: number): Promise<ProductRow> {
  const product = await findProduct(db, id);
  if (product?.status !== 'on') throw badRequest('order.product_unavailable');
  return product;
}

/**
 * The figures of a quote for a product now: its USDT price, and the service fee (ORDER_FEE_PERCENT of
 * the price) in AGC at the current AGC price, rounded up to the AGC unit.
 */
async function quoteFigures(ctx: AppContext, product: ProductRow) {
  const price = await ctx.prices.agcPrice();
  return {
    priceUsdt: product.priceUsdt,
    feeAgc: usdtToAgc(applyPpm(product.priceUsdt, ctx.config.shop.feePpm), price),
    agcPriceUsdt: price.usdtPerAgc,
    priceSource: price.source,
    priceBlock: price.block,
  };
}

/**
 * An indicative quote (what the checkout shows before the member agrees): the figures an order made now
 * would fix. Nothing is written; the order made on "Confirm and pay" takes its own quote.
 */
export async function productQuote(ctx: AppContext, productId: number, locale: Locale): Promise<Quote> {
  const product = await productOnSale(ctx.db, productId);
  const q = await quoteFigures(ctx, product);
  return {
    product: { id: product.id, name: productTexts(product, locale).name },
    pay_amount_usdt: formatAmount(q.priceUsdt, USDT_DECIMALS),
    service_fee_agc: formatAmount(q.feeAgc, AGC_DECIMALS),
    agc_price_usdt: formatAmount(q.agcPriceUsdt, USDT_DECIMALS),
    ...priceStampDto(q.priceSource, q.priceBlock),
    total_amount_usdt: formatAmount(q.priceUsdt + agcToUsdt(q.feeAgc, q.agcPriceUsdt), USDT_DECIMALS),
    quoted_at: ctx.now().toISOString(),
  };
}

// --- orders ---

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The API form of an order; `t` translates the reason for the reader. */
export function toOrderDto(o: OrderView, t: Translate, disputed: boolean): Order {
  const feeUsdt = agcToUsdt(o.feeAgc, o.agcPriceUsdt);
  return {
    order_id: o.id.toString(),
    product: { id: o.productId, name: o.productName },
    status: o.status,
    pay_amount_usdt: formatAmount(o.priceUsdt, USDT_DECIMALS),
    service_fee_agc: formatAmount(o.feeAgc, AGC_DECIMALS),
    agc_price_usdt: formatAmount(o.agcPriceUsdt, USDT_DECIMALS),
    ...priceStampDto(o.priceSource, o.priceBlock),
    total_amount_usdt: formatAmount(o.priceUsdt + feeUsdt, USDT_DECIMALS),
    amount_received_usdt: formatAmount(o.status === 'Success' ? o.priceUsdt : 0n, USDT_DECIMALS),
    payment_method: 'USDT + AGC',
    wallet: o.address,
    tx_hash: o.payTxHash,
    transaction_id: o.paymentTransferId?.toString() ?? null,
    created_at: o.createdAt.toISOString(),
    quote_expires_at: o.quoteExpiresAt.toISOString(),
    pay_time: iso(o.payReportedAt),
    collection_time: iso(o.confirmedAt),
    canceled_at: iso(o.canceledAt),
    reason: o.reason ? t(`order.reasons.${o.reason}`, { note: o.auditNote ?? '' }) : null,
    disputed,
  };
}

/** Who reads an answer: their translator and language (a request is one). */
export interface OrderReader {
  t: Translate;
  locale: Locale;
}

/**
 * Orders for a reader in `locale`: each product's name in that language (the name the order was bought under,
 * English, where the product has no translation). One read of the products' translations for the whole list.
 */
export async function toOrderDtos(
  db: DbOrTx,
  list: OrderView[],
  { t, locale }: OrderReader,
): Promise<Order[]> {
  const [translations, disputed] = await Promise.all([
    locale === 'en' ? new Map() : productTranslations(db, [...new Set(list.map((o) => o.productId))]),
    disputedSubjects(
      db,
      'shop_order',
      list.filter((o) => o.status === 'Success').map((o) => o.id),
    ),
  ]);
  return list.map((o) => {
    const dto = toOrderDto(o, t, disputed.has(o.id));
    const name = translations.get(o.productId)?.[locale]?.name;
    return name ? { ...dto, product: { ...dto.product, name } } : dto;
  });
}

/** One order for a reader in `locale` (toOrderDtos). */
export const toLocalOrderDto = async (db: DbOrTx, o: OrderView, reader: OrderReader): Promise<Order> =>
  (await toOrderDtos(db, [o], reader))[0] as Order;

/** The member's own order; anyone else's answers 404 (not a leak of its existence). */
export async function findOwnOrder(db: DbOrTx, userId: bigint, id: bigint): Promise<OrderView> {
  const order = await findOrder(db, id);
  if (!order || order.userId !== userId) throw notFound('order.not_found');
  return order;
}

/** A page of orders, newest first: a member's own (userId) or everyone's (the audit page). */
export const listOrders = (db: DbOrTx, q: OrderPageQuery) => orderPage(db, q);

/**
 * The member agreed ("Confirm and pay"): an order with the quote of this moment (quoteFigures), fixed
 * until it expires.
 */
export async function createOrder(ctx: AppContext, user: SessionUser, productId: number): Promise<OrderView> {
  const product = await productOnSale(ctx.db, productId);
  const q = await quoteFigures(ctx, product);
  const now = ctx.now();
  const row = await insertOrder(ctx.db, {
    userId: user.id,
    productId: product.id,
    productName: product.name,
    ...q,
    quoteExpiresAt: new Date(now.getTime() + ctx.config.shop.quoteTtlMs),
    createdAt: now,
  });
  return { ...row, address: user.address };
}

/** The member cancels an Unpaid order; anything else is refused and nothing changes. */
export async function cancelOrder(ctx: AppContext, user: SessionUser, id: bigint): Promise<OrderView> {
  await findOwnOrder(ctx.db, user.id, id);
  const row = await cancelUnpaid(ctx.db, id, ctx.now(), REASONS.canceledByMember);
  if (!row) throw badRequest('order.not_cancelable');
  return { ...row, address: user.address };
}

/** An Unpaid order whose quote is still valid: what the payment steps need. */
export async function payableOrder(ctx: AppContext, user: SessionUser, id: bigint): Promise<OrderView> {
  const order = await findOwnOrder(ctx.db, user.id, id);
  if (order.status !== 'Unpaid') throw badRequest('order.not_payable');
  if (order.quoteExpiresAt.getTime() <= ctx.now().getTime()) throw badRequest('order.expired');
  return order;
}

/**
 * A reported hash must pay this order: its receipt exists, succeeded, and holds the payment contract's
 * Paid event for this order id, by the order's member, for the quoted amounts. So nobody can park a hash
 * that is not mined, that failed, or that pays another order (another member's) on an order: the audit
 * queue only ever holds real payments. Crediting still waits for the watcher at finality.
 */
async function assertPaysOrder(ctx: AppContext, order: OrderView, hash: `0x${string}`): Promise<void> {
  await assertReportPays(
    ctx,
    hash,
    isShopOrderId,
    (e) =>
      e.orderId === order.id &&
      e.payer === order.address &&
      e.usdtAmount === order.priceUsdt &&
      e.agcAmount === order.feeAgc,
  );
}

/**
 * The member reports the pay transaction: Unpaid → Verifying, once the chain shows that it pays the
 * order (assertPaysOrder). Reporting the same hash again is answered with the order as it is (a retried
 * request); the chain watcher decides Success.
 */
export async function reportPayment(
  ctx: AppContext,
  user: SessionUser,
  id: bigint,
  txHash: string,
  retry = true,
): Promise<OrderView> {
  const hash = txHash.toLowerCase();
  const order = await findOwnOrder(ctx.db, user.id, id);
  if (order.payTxHash === hash) return order;
  if (order.status !== 'Unpaid' && !(order.status === 'Success' && order.payTxHash === null))
    throw badRequest('order.not_payable');
  if (retry) await assertPaysOrder(ctx, order, hash as `0x${string}`);
  const row = await recordReport(
    ctx.db,
    id,
    order.status,
    order.status === 'Unpaid'
      ? {
          status: 'Verifying',
          payTxHash: hash,
          payReportedAt: ctx.now(),
          reason: REASONS.awaitingConfirmation,
        }
      : { payTxHash: hash },
  );
  if (row === 'used') throw new AppError(ErrorCode.conflict, 'order.tx_used');
  // The watcher may have confirmed the order between the read and the update: read it again.
  if (!row) {
    if (retry) return reportPayment(ctx, user, id, txHash, false);
    throw badRequest('order.not_payable');
  }
  return { ...row, address: user.address };
}

/**
 * A reported payment that the watcher never confirmed (its block left the chain, say) within
 * ORDER_REPORT_TTL_MINUTES gives the order back to the member: Unpaid while the quote still holds (pay
 * again, or cancel), Canceled after. Orders with a payment event on record are never touched: money
 * arrived, an auditor decides. Returns how many orders went back.
 */
export const expireReports = (db: DbOrTx, now: Date, ttlMs: number): Promise<number> =>
  returnUnconfirmedReports(db, {
    now,
    before: new Date(now.getTime() - ttlMs),
    waitingReason: REASONS.awaitingConfirmation,
    reason: REASONS.reportExpired,
  });

/**
 * Cancels Unpaid orders whose quote expired more than the grace period ago (a payment sent just
 * before expiry may still be mined; the watcher would then find the order Unpaid and confirm it).
 * Returns how many were canceled.
 */
export const expireOrders = (db: DbOrTx, now: Date, graceMs: number): Promise<number> =>
  cancelExpiredQuotes(db, new Date(now.getTime() - graceMs), now, REASONS.quoteExpired);
