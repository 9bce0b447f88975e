import { z } from 'zod';
import { abilitySchema, amountString, catalogueTextsInput, idString, pageOf, pagingQuery } from './common.ts';
import { amountInput, decimalInput, idInput, integerInput, serialIdInput } from './input.ts';
import { dayString } from './rewards.ts';
import { txResponse } from './shop.ts';

/**
 * Funds (docs/product-rules.md "Funds"; the spec's "found" pages). Amounts are USDT decimal strings; units are decimal
 * strings with 6 decimals; a NAV is a decimal string with up to 8 decimals (USDT per whole unit).
 */

export const fundRisk = z.enum(['Low', 'MediumLow', 'Medium', 'MediumHigh', 'High']);
export type FundRisk = z.infer<typeof fundRisk>;

export const fundOrderStatus = z.enum([
  'UnPaid',
  'Paid',
  'Processing',
  'Subscription',
  'Redemption',
  'Redeemed',
  'Cancelled',
]);
export type FundOrderStatus = z.infer<typeof fundOrderStatus>;

export const fundRedemptionStatus = z.enum(['Pending', 'Approved', 'Rejected', 'Completed', 'Cancelled']);
export type FundRedemptionStatus = z.infer<typeof fundRedemptionStatus>;

export const fundEarningKind = z.enum(['Interest', 'ReferralReward', 'TeamReward', 'PairingReward']);
export type FundEarningKind = z.infer<typeof fundEarningKind>;

/** A NAV as the API carries it: up to 8 decimals, above zero checked by the server (a translated error). */
export const navString = z.string().regex(/^-?\d{1,12}(\.\d{1,8})?$/, { error: 'fund.nav_invalid' });
/** Units: up to 6 decimals. */
export const unitsString = z.string().regex(/^\d{1,18}(\.\d{1,6})?$/, { error: 'fund.units_invalid' });
/** A calendar month, YYYY-MM. */
export const monthString = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'fund.month_invalid' });

export const fundProductSchema = z.object({
  id: z.number().int(),
  /** In the request's language (en fallback). */
  name: z.string(),
  description: z.string(),
  risk: fundRisk,
  lock_days: z.number().int(),
  /** Smallest subscription; amounts are whole multiples of it. */
  minimum_usdt: amountString,
  /** Percent strings, e.g. "1.5". */
  subscription_fee_percent: z.string(),
  redemption_fee_percent: z.string(),
  expected_yield_percent: z.string(),
  distribution_percent: z.string(),
  status: z.enum(['on', 'off']),
  /** The latest published NAV and its day (null before the first). */
  nav: navString.nullable(),
  nav_day: dayString.nullable(),
  /** The day the next NAV will be published for: what a subscription or redemption made now is priced at. */
  next_nav_day: dayString,
});
export type FundProduct = z.infer<typeof fundProductSchema>;
export const fundProductsResponse = z.object({ list: z.array(fundProductSchema) });
export const fundProductIdParams = z.object({ id: serialIdInput });

export const fundNavQuery = z.object({ days: integerInput(1, 365).default(30) });
export const fundNavPoint = z.object({ day: dayString, nav: navString });
export const fundNavHistoryResponse = z.object({ product_id: z.number().int(), list: z.array(fundNavPoint) });

/** Subscription quote (GET funds/products/:id/quote?amount=): what a subscription would cost; creates nothing. */
export const fundQuoteQuery = z.object({ amount: amountInput('fund.amount_invalid') });
export const fundQuoteResponse = z.object({
  product_id: z.number().int(),
  amount_usdt: amountString,
  fee_usdt: amountString,
  /** What buys units at the next NAV (amount − fee). */
  net_usdt: amountString,
  /** Estimated units at the latest NAV (the real figure comes at the next NAV; rounded down). */
  estimated_units: unitsString.nullable(),
  next_nav_day: dayString,
  /** The payment network text, from configuration (the same in every language). */
  payment_network: z.string(),
});
export type FundQuote = z.infer<typeof fundQuoteResponse>;

export const createFundOrderBody = z.object({
  product_id: serialIdInput,
  amount: amountInput('fund.amount_invalid'),
});

export const fundRedemptionSchema = z.object({
  redemption_id: idString,
  order_id: idString,
  product: z.object({ id: z.number().int(), name: z.string() }),
  status: fundRedemptionStatus,
  units: unitsString,
  /** Filled at completion. */
  nav: navString.nullable(),
  gross_usdt: amountString.nullable(),
  fee_usdt: amountString.nullable(),
  amount_usdt: amountString.nullable(),
  /** Where the money goes: the member's available USDT balance. */
  receiving_account: z.literal('available'),
  /** Pending/Approved: place among the product's open redemptions (1 = first), and the NAV day it is priced at. */
  queue_place: z.number().int().nullable(),
  nav_day: dayString.nullable(),
  created_at: z.string(),
  audited_at: z.string().nullable(),
  audit_note: z.string().nullable(),
  completed_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
});
export type FundRedemption = z.infer<typeof fundRedemptionSchema>;

/** A fund order: the subscription, then the holding it became (every field of the spec's fund order). */
export const fundOrderSchema = z.object({
  order_id: idString,
  product: z.object({ id: z.number().int(), name: z.string(), risk: fundRisk }),
  status: fundOrderStatus,
  amount_usdt: amountString,
  fee_usdt: amountString,
  /** Units issued at pricing, and those held now (not redeemed and not in an open redemption). */
  units: unitsString,
  units_held: unitsString,
  units_redeeming: unitsString,
  /** NAV the order was priced at (unit net value) and the latest NAV (current net value). */
  unit_nav: navString.nullable(),
  current_nav: navString.nullable(),
  /** Held and redeeming units × current NAV, rounded down. */
  value_usdt: amountString,
  cost_usdt: amountString,
  estimated_revenue_usdt: amountString,
  realized_revenue_usdt: amountString,
  lock_days: z.number().int(),
  lock_ends_at: z.string().nullable(),
  /** Processing: the NAV day it will be priced at. */
  nav_day: dayString.nullable(),
  tx_hash: z.string().nullable(),
  quote_expires_at: z.string(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  subscribed_at: z.string().nullable(),
  /** The last redemption's request, audit and arrival (completion) times. */
  redeem_date: z.string().nullable(),
  audit_date: z.string().nullable(),
  arrival_date: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  reason: z.string().nullable(),
  /** Disputed: its credited payment was reorganised off the chain; a chain incident is open until an admin decides. */
  disputed: z.boolean(),
  /** Whether the member can redeem now (holding units, lock ended). */
  can_redeem: z.boolean(),
  /** The order's redemptions, newest first (detail only; [] in lists). */
  redemptions: z.array(fundRedemptionSchema),
});
export type FundOrder = z.infer<typeof fundOrderSchema>;

export const fundOrderListQuery = z.object({
  ...pagingQuery({ maxSize: 50, defaultSize: 10 }),
  status: fundOrderStatus.optional(),
});
export const fundOrderListResponse = pageOf(fundOrderSchema);
export const fundOrderIdParams = z.object({ order_id: idInput });

/** Payment steps of a subscription: approve USDT, then pay with the signed quote (no AGC fee). */
export const fundPayStep = z.enum(['authUsd', 'paying']);
export const fundStepQuery = z.object({ step: fundPayStep });
export const fundTxResponse = txResponse;
export const fundPayBody = z.object({ order_id: idInput, tx_hash: z.string().regex(/^0x[0-9a-fA-F]{64}$/) });
export const fundOrderBody = z.object({ order_id: idInput });

/** Holdings at a glance (home Fund card, found my header). */
export const fundSummaryResponse = z.object({
  value_usdt: amountString,
  cost_usdt: amountString,
  estimated_revenue_usdt: amountString,
  realized_revenue_usdt: amountString,
  /** Orders waiting for payment or a NAV. */
  processing_count: z.number().int(),
  /** What those orders paid (Paid: seen on chain, Processing: waiting for their NAV): money in progress, no units yet. */
  in_progress_usdt: amountString,
  holding_count: z.number().int(),
});

export const createRedemptionBody = z.object({
  order_id: idInput,
  units: amountInput('fund.redemption.units_invalid'),
});
export const redemptionBody = z.object({ redemption_id: idInput });
export const fundRedemptionListQuery = z.object({
  ...pagingQuery({ maxSize: 50, defaultSize: 10 }),
  order_id: idInput.optional(),
  status: fundRedemptionStatus.optional(),
});
export const fundRedemptionListResponse = pageOf(fundRedemptionSchema);

/** GET funds/redemptions/queue: where a redemption of the product asked now would stand. */
export const fundRedemptionQueueQuery = z.object({ product_id: serialIdInput });
export const fundRedemptionQueueResponse = z.object({
  product_id: z.number().int(),
  /** Open (Pending, Approved) redemptions of the product: every one is ahead of a new request. */
  ahead: z.number().int(),
  /** The place a request made now would take in the product's queue (ahead + 1). */
  place: z.number().int(),
  /** The NAV day it would be priced at (the day after the latest NAV, at the earliest today). */
  nav_day: dayString,
});
export type FundRedemptionQueue = z.infer<typeof fundRedemptionQueueResponse>;

export const fundBillSchema = z.object({
  bill_id: idString,
  order_id: idString,
  product: z.object({ id: z.number().int(), name: z.string() }),
  month: monthString,
  opening_units: unitsString,
  closing_units: unitsString,
  opening_nav: navString.nullable(),
  closing_nav: navString.nullable(),
  opening_value_usdt: amountString,
  closing_value_usdt: amountString,
  subscriptions_usdt: amountString,
  redemptions_usdt: amountString,
  interest_usdt: amountString,
  fees_usdt: amountString,
});
export type FundBill = z.infer<typeof fundBillSchema>;
export const fundBillListQuery = z.object({
  ...pagingQuery({ maxSize: 50, defaultSize: 12 }),
  month: monthString.optional(),
});
export const fundBillListResponse = pageOf(fundBillSchema);
/** GET funds/bills.csv?month= answers text/csv (not the envelope). */
export const fundBillCsvQuery = z.object({ month: monthString.optional() });

export const fundEarningSchema = z.object({
  id: idString,
  kind: fundEarningKind,
  day: dayString,
  base_usdt: amountString,
  rate_percent: z.string(),
  amount_usdt: amountString,
  /** Short address of the member whose volume it came from (null for Interest). */
  source: z.string().nullable(),
  created_at: z.string(),
});
export type FundEarning = z.infer<typeof fundEarningSchema>;
export const fundEarningListQuery = z.object({
  ...pagingQuery({ maxSize: 50, defaultSize: 10 }),
  kind: fundEarningKind.optional(),
});
export const fundEarningListResponse = pageOf(fundEarningSchema);
/** The Agent tab's header: totals by kind, the fund level and what can be moved to available. */
export const fundAgentResponse = z.object({
  fund_level: z.number().int(),
  fund_available_profit: amountString,
  totals: z.object({
    Interest: amountString,
    ReferralReward: amountString,
    TeamReward: amountString,
    PairingReward: amountString,
  }),
  /** The placement subtree's fund volume and the next level's threshold (null at the top). */
  team_volume_usdt: amountString,
  next_level_threshold_usdt: amountString.nullable(),
});
export const moveFundProfitBody = z.object({ amount: amountInput('fund.amount_invalid') });
export const moveFundProfitResponse = z.object({
  moved_usdt: amountString,
  fund_available_profit: amountString,
  available_usdt: amountString,
});

// --- admin ---

export const adminFundProductSchema = fundProductSchema.extend({
  name_en: z.string(),
  description_en: z.string(),
  translations: z.record(
    z.string(),
    z.object({ name: z.string().optional(), description: z.string().optional() }),
  ),
  sort: z.number().int(),
});
export const adminFundProductsResponse = z.object({ list: z.array(adminFundProductSchema) });
export const fundProductBody = z.object({
  ...catalogueTextsInput,
  risk: fundRisk,
  lock_days: integerInput(0, 3650),
  minimum_usdt: amountInput('fund.minimum_positive'),
  /** Percentages: below 100 (the expected yield below 1000), at most 4 decimals. */
  subscription_fee_percent: decimalInput(4, 100n),
  redemption_fee_percent: decimalInput(4, 100n),
  expected_yield_percent: decimalInput(4, 1000n),
  distribution_percent: decimalInput(4, 100n),
  status: z.enum(['on', 'off']),
  sort: integerInput(0, 1_000_000).default(0),
});

export const publishNavBody = z.object({ day: dayString, nav: amountInput('fund.nav_invalid') });
/**
 * What entering a NAV would do (POST …/nav/preview): the change in percent, the limits, why it would wait; an entry
 * (fundNavEntrySchema) carries the same figures.
 */
export const fundNavPreviewSchema = z.object({
  day: dayString,
  nav: navString,
  /** The last published NAV before it, and the step in percent (signed, 2 decimals). */
  previous_nav: navString.nullable(),
  step_percent: z.string().nullable(),
  /** FUND_NAV_MAX_STEP_PERCENT: a step above it waits for a second admin. */
  max_step_percent: z.string(),
  /**
   * The NAV of the 7 days before its day farthest from it (as entered), the move from it in percent (signed, 2
   * decimals), and FUND_NAV_MAX_WEEK_PERCENT: a move above it waits for a second admin too.
   */
  week_base_nav: navString.nullable(),
  week_percent: z.string().nullable(),
  max_week_percent: z.string(),
  /**
   * Why a second admin must confirm it: its step, or its move over the week. Null: a preview would be published at
   * once; an entry is decided.
   */
  review: z.enum(['step', 'week']).nullable(),
});
export type FundNavPreview = z.infer<typeof fundNavPreviewSchema>;

export const fundNavEntrySchema = z.object({
  nav_id: idString,
  product: z.object({ id: z.number().int(), name: z.string() }),
  ...fundNavPreviewSchema.shape,
  status: z.enum(['Published', 'PendingConfirmation', 'Rejected']),
  entered_by: z.string().nullable(),
  /** The asking admin entered it (they may withdraw it, not confirm it). */
  entered_by_you: z.boolean(),
  confirmed_by: z.string().nullable(),
  published_at: z.string().nullable(),
  created_at: z.string(),
  /** What publishing priced (0 while pending). */
  priced: z.object({ subscriptions: z.number().int(), redemptions: z.number().int() }),
  /** Whether the asking admin may confirm it (never the one who entered it), or reject / withdraw it, and why not. */
  confirm: abilitySchema,
  reject: abilitySchema,
});
export type FundNavEntry = z.infer<typeof fundNavEntrySchema>;
export const fundNavIdParams = z.object({ nav_id: idInput });
export const fundNavPendingResponse = z.object({ list: z.array(fundNavEntrySchema) });
/** The admins' NAV history (every status), newest day first, optionally of one product. */
export const fundNavListQuery = z.object({
  ...pagingQuery({ maxSize: 100, defaultSize: 30 }),
  product_id: serialIdInput.optional(),
});
export const fundNavListResponse = pageOf(fundNavEntrySchema);

export const adminRedemptionListQuery = z.object({
  ...pagingQuery({ maxSize: 100, defaultSize: 20 }),
  status: fundRedemptionStatus.default('Pending'),
});
export const adminRedemptionSchema = fundRedemptionSchema.extend({ address: z.string() });
export const adminRedemptionListResponse = pageOf(adminRedemptionSchema);
export const auditRedemptionBody = z.object({
  redemption_id: idInput,
  note: z.string().trim().max(500).default(''),
});

/**
 * Admins' view of subscriptions (GET admin/funds/orders): by status, or those whose payment did not match (a reason
 * recorded: another payer, another amount, paid after cancellation), each with the member's address.
 */
export const adminFundOrderListQuery = z.object({
  ...pagingQuery({ maxSize: 100, defaultSize: 20 }),
  status: fundOrderStatus.optional(),
  /** Only orders whose payment arrived but was not credited (a reason recorded on a Paid or Cancelled order). */
  payment_problem: z.enum(['true', 'false']).optional(),
});
export const adminFundOrderSchema = fundOrderSchema.extend({ address: z.string() });
export const adminFundOrderListResponse = pageOf(adminFundOrderSchema);
