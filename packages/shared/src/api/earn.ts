import { z } from 'zod';
import { amountString, idString, pageOf, pagingQuery } from './common.ts';
import { amountInput, idInput } from './input.ts';
import { dayString } from './rewards.ts';

/**
 * Simple earn (docs/product-rules.md "Simple earn"; the spec's simple-earn wallet). Amounts are USDT decimal strings, AGC
 * (locked_agc) an AGC decimal string; times are ISO instants.
 */

/** GET /earn/summary: the spec's five figures and what the forms need. */
export const earnSummaryResponse = z.object({
  /** The APY paid, percent ("18"), from configuration. */
  apy_percent: z.string(),
  /** Holding + transfers out not arrived yet. */
  total_amount_usdt: amountString,
  /** Interest of the last settled day when that day is yesterday (UTC), else 0. */
  yesterday_income_usdt: amountString,
  total_earned_usdt: amountString,
  /** Held and earning (what a transfer out can take). */
  total_holding_usdt: amountString,
  /** Transfers out on their way. */
  pending_out_usdt: amountString,
  /** AGC bought on the launchpad and not released yet. */
  locked_agc: amountString,
  /** The member's available USDT (what a transfer in can take). */
  available_usdt: amountString,
  /** Below this a transfer out arrives after fast_delay_minutes, from it after slow_delay_days. */
  fast_limit_usdt: amountString,
  fast_delay_minutes: z.number().int(),
  slow_delay_days: z.number().int(),
  /** The server's clock now (ISO), for arrival times shown on the client. */
  server_time: z.string(),
});
export type EarnSummary = z.infer<typeof earnSummaryResponse>;

export const earnAmountBody = z.object({ amount: amountInput('earn.amount_invalid') });

/** GET /earn/transfer-out/preview?amount=: when a transfer out of that amount would arrive; creates nothing. */
export const earnOutPreviewQuery = z.object({ amount: amountInput('earn.amount_invalid') });
export const earnOutPreviewResponse = z.object({
  amount_usdt: amountString,
  /** true: below the fast limit (minutes); false: days. */
  fast: z.boolean(),
  arrives_at: z.string(),
  server_time: z.string(),
});

export const earnMovementKind = z.enum(['In', 'Out']);
export const earnMovementStatus = z.enum(['Completed', 'Pending', 'Arrived']);
export const earnMovementSchema = z.object({
  id: idString,
  kind: earnMovementKind,
  amount_usdt: amountString,
  /** In: Completed; Out: Pending until arrives_at, then Arrived. */
  status: earnMovementStatus,
  created_at: z.string(),
  arrives_at: z.string().nullable(),
  arrived_at: z.string().nullable(),
});
export type EarnMovement = z.infer<typeof earnMovementSchema>;
/** POST /earn/transfer-in, POST /earn/transfer-out: the movement made and the new summary. */
export const earnTransferResponse = z.object({ movement: earnMovementSchema, summary: earnSummaryResponse });

export const earnMovementListQuery = z.object({
  ...pagingQuery({ maxSize: 50, defaultSize: 20 }),
  kind: earnMovementKind.optional(),
});
/** GET /earn/movements: newest first, Pending outs first of all. */
export const earnMovementListResponse = pageOf(earnMovementSchema);
export const earnMovementIdParams = z.object({ id: idInput });

export const earnInterestSchema = z.object({
  day: dayString,
  base_usdt: amountString,
  amount_usdt: amountString,
});
export const earnInterestListQuery = z.object({ ...pagingQuery({ maxSize: 60, defaultSize: 30 }) });
/** GET /earn/interest: the member's daily interest, newest day first. */
export const earnInterestListResponse = pageOf(earnInterestSchema);
