import { z } from 'zod';
import { abilitySchema, amountString, hexAddressSchema, idString, pageOf, pagingQuery } from './common.ts';
import { idInput } from './input.ts';

// Chain incidents: a payment credited and then reorganised off the chain beyond finality. While open, its shop order
// or fund subscription shows Disputed and the member's withdrawals are held up to its amount; an admin reverses what
// it credited through the journal (a second admin confirms above WITHDRAW_SECOND_APPROVAL_USDT) or accepts it.

export const incidentStatus = z.enum(['open', 'reversal_pending', 'reversed', 'accepted', 'remined']);
export type IncidentStatus = z.infer<typeof incidentStatus>;

/** `open` lists the undecided ones (open and reversal_pending); any other status lists that one. */
export const incidentListQuery = z.object({
  ...pagingQuery({ maxSize: 100, defaultSize: 20 }),
  status: incidentStatus.default('open'),
});

/** One journal entry the payment credited (what a reversal would take back). */
export const incidentPostingSchema = z.object({
  /** The account credited: its code (`member.investment`, `member.available`, …) and its holder (null: the system). */
  account: z.string(),
  holder: hexAddressSchema.nullable(),
  asset: z.string(),
  /** Decimal string in the asset's unit (USDT 6 decimals, AGC 18, fund units 6). */
  amount: amountString,
});

export const incidentSchema = z.object({
  id: idString,
  status: incidentStatus,
  subject: z.enum(['shop_order', 'fund_order']),
  /** The shop order's or the fund subscription's id, its product and its status now. */
  subject_id: idString,
  product: z.string(),
  subject_status: z.string(),
  /** The member the payment was credited to, and the amount disputed (the hold on their withdrawals), USDT. */
  member: hexAddressSchema,
  amount_usdt: amountString,
  opened_at: z.string(),
  /** Where the payment was before the reorg took it away. */
  tx_hash: z.string(),
  block_number: z.string(),
  /** What the payment credited: the journal entries, and whether its team volume was applied. */
  touched: z.object({ postings: z.array(incidentPostingSchema), team_volume: z.boolean() }),
  /** A reversal above the two-admin threshold: it waits for a second admin. */
  needs_second_admin: z.boolean(),
  reversal_requested_by: hexAddressSchema.nullable(),
  reversal_requested_at: z.string().nullable(),
  resolved_by: hexAddressSchema.nullable(),
  resolved_at: z.string().nullable(),
  /** The accepting admin's reason, or the reversal's note. */
  reason: z.string().nullable(),
  /** What the reversal took back (once reversed). */
  reversal: z.record(z.string(), z.unknown()).nullable(),
  /** What the asking admin may do now, and why not (the server's own rules). */
  reverse: abilitySchema,
  confirm: abilitySchema,
  cancel: abilitySchema,
  accept: abilitySchema,
});
export type Incident = z.infer<typeof incidentSchema>;

export const incidentListResponse = pageOf(incidentSchema);
export type IncidentList = z.infer<typeof incidentListResponse>;
export const incidentIdParams = z.object({ id: idInput });
export const reverseIncidentBody = z.object({ note: z.string().trim().max(500).optional() });
export const acceptIncidentBody = z.object({ reason: z.string().trim().min(1).max(500) });
