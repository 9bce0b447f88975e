import type { DbOrTx } from '@agc/db';
import {
  type FundProduct,
  type FundQuote,
  formatAmount,
  formatAssetFigure,
  type fundProductBody,
  type Locale,
  parseAmount,
  USDT_DECIMALS,
} from '@agc/shared';
import { defined } from '@agc/shared/defined';
import type { AppContext } from '@server/context.ts';
import { parseAmountInput } from '@server/lib/amount-input.ts';
import { badRequest, notFound } from '@server/lib/errors.ts';
import { cleanTranslations, textsIn } from '@server/lib/translations.ts';
import { writeAudit } from '@server/modules/audit/index.ts';
import type { SessionUser } from '@server/plugins/auth.ts';
import type { z } from 'zod';
import { feeOf, NAV_DECIMALS, UNIT_DECIMALS, unitsFor } from '../math.ts';
import { latestNavs, nextNavDay, type PublishedNav } from '../nav/repository.ts';
import {
  type FundProductInput,
  type FundProductRow,
  findFundProduct,
  insertFundProduct,
  listFundProducts,
  lockFundProduct,
  updateFundProduct,
} from './repository.ts';

/** Rates are stored in parts per million and shown as percent strings with up to 4 decimals ("1.5"). */
const PERCENT_DECIMALS = 4;
export const ppmToPercent = (ppm: number) => formatAmount(BigInt(ppm), PERCENT_DECIMALS);
export const percentToPpm = (text: string) => Number(parseAmount(text, PERCENT_DECIMALS));
/** A NAV (8 decimals) as the API writes it. */
export const formatNav = (navE8: bigint) => formatAmount(navE8, NAV_DECIMALS);

/** A product as members see it, in `locale`, with its latest published NAV and the next NAV day. */
export function toFundProduct(
  row: FundProductRow,
  locale: Locale,
  latest: PublishedNav | undefined,
  now: Date,
): FundProduct {
  const texts = textsIn(row, locale);
  return {
    id: row.id,
    name: texts.name,
    description: texts.description,
    risk: row.risk,
    lock_days: row.lockDays,
    minimum_usdt: formatAmount(row.minimumUsdt, USDT_DECIMALS),
    subscription_fee_percent: ppmToPercent(row.subscriptionFeePpm),
    redemption_fee_percent: ppmToPercent(row.redemptionFeePpm),
    expected_yield_percent: ppmToPercent(row.expectedYieldPpm),
    distribution_percent: ppmToPercent(row.distributionPpm),
    status: row.status,
    nav: latest ? formatNav(latest.navE8) : null,
    nav_day: latest?.day ?? null,
    next_nav_day: nextNavDay(latest?.day ?? null, now),
  };
}

/** Products on sale, in display order and in `locale`. */
export async function fundProductsOnSale(ctx: AppContext, locale: Locale): Promise<FundProduct[]> {
  const rows = await listFundProducts(ctx.db);
  const navs = await latestNavs(
    ctx.db,
    rows.map((r) => r.id),
  );
  const now = ctx.now();
  return rows.map((r) => toFundProduct(r, locale, navs.get(r.id), now));
}

/** A product on sale; unknown and off products are both "not found" to members. */
export async function fundProductOnSale(db: DbOrTx, id: number): Promise<FundProductRow> {
  const row = await findFundProduct(db, id);
  if (row?.status !== 'on') throw notFound('fund.product_not_found');
  return row;
}

/** One product on sale as members see it. */
export async function fundProductDetail(ctx: AppContext, id: number, locale: Locale): Promise<FundProduct> {
  const row = await fundProductOnSale(ctx.db, id);
  const navs = await latestNavs(ctx.db, [row.id]);
  return toFundProduct(row, locale, navs.get(row.id), ctx.now());
}

/**
 * The USDT amount of a subscription of `product`, checked: a plain decimal above zero with at most 6 decimals,
 * at least the minimum and a whole multiple of it (the spec's "minimum {num} USD and a whole-number multiple").
 * Unknown product: 404; a product off sale: 400. Returns the amount in minor units. Nothing is written.
 */
export function checkSubscriptionAmount(
  product: FundProductRow | null | undefined,
  amountText: string,
): bigint {
  if (!product) throw notFound('fund.product_not_found');
  if (product.status !== 'on') throw badRequest('fund.product_unavailable');
  const amount = parseAmountInput(amountText, USDT_DECIMALS, 'fund');
  const minimum = product.minimumUsdt;
  if (amount < minimum || amount % minimum !== 0n)
    throw badRequest('fund.amount_multiple', { num: formatAssetFigure(minimum, 'USDT', 'exact') });
  return amount;
}

/** What a subscription of `amountText` would cost and buy now; creates nothing. */
export async function fundQuote(ctx: AppContext, productId: number, amountText: string): Promise<FundQuote> {
  const product = await findFundProduct(ctx.db, productId);
  const amount = checkSubscriptionAmount(product, amountText);
  const p = defined(product);
  const latest = (await latestNavs(ctx.db, [p.id])).get(p.id);
  const fee = feeOf(amount, p.subscriptionFeePpm);
  return {
    product_id: p.id,
    amount_usdt: formatAmount(amount, USDT_DECIMALS),
    fee_usdt: formatAmount(fee, USDT_DECIMALS),
    net_usdt: formatAmount(amount - fee, USDT_DECIMALS),
    estimated_units: latest ? formatAmount(unitsFor(amount - fee, latest.navE8), UNIT_DECIMALS) : null,
    next_nav_day: nextNavDay(latest?.day ?? null, ctx.now()),
    payment_network: ctx.config.funds.paymentNetwork,
  };
}

// --- admin ---

/** The admins' product form as the shared schema reads it. */
export type FundProductBody = z.infer<typeof fundProductBody>;

/** The admins' form as a row's values; a minimum that is not a USDT amount above zero is refused. */
function productInput(body: FundProductBody): FundProductInput {
  let minimum: bigint;
  try {
    minimum = parseAmount(body.minimum_usdt, USDT_DECIMALS);
  } catch {
    throw badRequest('fund.minimum_positive');
  }
  if (minimum <= 0n) throw badRequest('fund.minimum_positive');
  const translations = cleanTranslations(body.translations);
  return {
    name: body.name,
    description: body.description,
    translations,
    risk: body.risk,
    lockDays: body.lock_days,
    minimumUsdt: minimum,
    subscriptionFeePpm: percentToPpm(body.subscription_fee_percent),
    redemptionFeePpm: percentToPpm(body.redemption_fee_percent),
    expectedYieldPpm: percentToPpm(body.expected_yield_percent),
    distributionPpm: percentToPpm(body.distribution_percent),
    status: body.status,
    sort: body.sort,
  };
}

/** A row as the audit log keeps it (bigints as text). */
const auditView = (row: FundProductRow) => ({ ...row, minimumUsdt: row.minimumUsdt.toString() });

/** Every product with its translations, for the admins' page. */
export async function adminFundProducts(ctx: AppContext) {
  const rows = await listFundProducts(ctx.db, { all: true });
  const navs = await latestNavs(
    ctx.db,
    rows.map((r) => r.id),
  );
  const now = ctx.now();
  return rows.map((r) => toAdminFundProduct(r, navs.get(r.id), now));
}

export function toAdminFundProduct(row: FundProductRow, latest: PublishedNav | undefined, now: Date) {
  return {
    ...toFundProduct(row, 'en', latest, now),
    name_en: row.name,
    description_en: row.description,
    translations: row.translations,
    sort: row.sort,
  };
}

/** Creates a product (audit-logged). */
export async function createFundProduct(ctx: AppContext, actor: SessionUser, body: FundProductBody) {
  const input = productInput(body);
  const row = await ctx.db.transaction(async (tx) => {
    const created = await insertFundProduct(tx, input);
    await writeAudit(tx, {
      actorId: actor.id,
      action: 'fund_product.create',
      target: `fund_product:${created.id}`,
      before: null,
      after: auditView(created),
    });
    return created;
  });
  return toAdminFundProduct(row, undefined, ctx.now());
}

/** Edits a product (audit-logged with before and after). Rates changed apply to quotes made from now on. */
export async function editFundProduct(
  ctx: AppContext,
  actor: SessionUser,
  id: number,
  body: FundProductBody,
) {
  const input = productInput(body);
  const row = await ctx.db.transaction(async (tx) => {
    const before = await lockFundProduct(tx, id);
    if (!before) throw notFound('fund.product_not_found');
    const after = await updateFundProduct(tx, id, input);
    await writeAudit(tx, {
      actorId: actor.id,
      action: 'fund_product.update',
      target: `fund_product:${id}`,
      before: auditView(before),
      after: auditView(after),
    });
    return after;
  });
  const navs = await latestNavs(ctx.db, [row.id]);
  return toAdminFundProduct(row, navs.get(row.id), ctx.now());
}
