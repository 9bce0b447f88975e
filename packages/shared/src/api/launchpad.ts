import { z } from 'zod';
import { amountString, catalogueTextsInput, idString, pageOf, pagingQuery } from './common.ts';
import { amountInput, countInput, idInput, integerInput, serialIdInput } from './input.ts';

/**
 * The launchpad (docs/product-rules.md "Launchpad"; the spec's 200-copy venture round). Prices are USDT decimal strings, AGC
 * amounts AGC decimal strings; times ISO instants.
 */

/** Upcoming (before starts_at), Open, SoldOut, Ended (after ends_at), Closed (by an admin). */
export const launchpadRoundState = z.enum(['Upcoming', 'Open', 'SoldOut', 'Ended', 'Closed']);
export type LaunchpadRoundState = z.infer<typeof launchpadRoundState>;

export const launchpadRoundSchema = z.object({
  id: z.number().int(),
  /** In the request's language (en fallback). */
  name: z.string(),
  description: z.string(),
  copies: z.number().int(),
  sold: z.number().int(),
  remaining: z.number().int(),
  price_usdt: amountString,
  agc_per_copy: amountString,
  per_member_limit: z.number().int(),
  starts_at: z.string(),
  ends_at: z.string(),
  cliff_days: z.number().int(),
  linear_days: z.number().int(),
  /** When the first AGC is released (ends_at + cliff). */
  release_starts_at: z.string(),
  state: launchpadRoundState,
  /** Copies the caller holds in this round. */
  my_copies: z.number().int(),
  server_time: z.string(),
});
export type LaunchpadRound = z.infer<typeof launchpadRoundSchema>;
export const launchpadRoundsResponse = z.object({ list: z.array(launchpadRoundSchema) });
export const launchpadRoundIdParams = z.object({ id: serialIdInput });

export const launchpadBuyBody = z.object({ copies: countInput('launchpad.copies_whole') });

export const launchpadPurchaseSchema = z.object({
  id: idString,
  round_id: z.number().int(),
  round_name: z.string(),
  copies: z.number().int(),
  first_copy: z.number().int(),
  last_copy: z.number().int(),
  amount_usdt: amountString,
  agc: amountString,
  released_agc: amountString,
  locked_agc: amountString,
  /** The next release moment (null when all is released). */
  next_release_at: z.string().nullable(),
  created_at: z.string(),
});
export type LaunchpadPurchase = z.infer<typeof launchpadPurchaseSchema>;
/** POST /launchpad/rounds/:id/buy */
export const launchpadBuyResponse = z.object({
  purchase: launchpadPurchaseSchema,
  round: launchpadRoundSchema,
});
export const launchpadPurchaseListQuery = z.object({ ...pagingQuery({ maxSize: 50, defaultSize: 20 }) });
/** GET /launchpad/purchases: the caller's, newest first. */
export const launchpadPurchaseListResponse = pageOf(launchpadPurchaseSchema);
export const launchpadPurchaseIdParams = z.object({ id: idInput });

/** GET /launchpad/rounds/:id/allocations (public): every copy sold, by number. */
export const launchpadAllocationSchema = z.object({
  copy_no: z.number().int(),
  /** 0x1234…abcd */
  address: z.string(),
  created_at: z.string(),
});
export const launchpadAllocationListQuery = z.object({ ...pagingQuery({ maxSize: 200, defaultSize: 50 }) });
export const launchpadAllocationListResponse = pageOf(launchpadAllocationSchema);

// --- admin ---

/** POST /admin/launchpad/rounds and PUT /admin/launchpad/rounds/:id (an edit sends the whole form again). */
export const adminLaunchpadRoundBody = z.object({
  ...catalogueTextsInput,
  copies: integerInput(1, 100_000),
  price_usdt: amountInput('launchpad.amount_invalid'),
  agc_per_copy: amountInput('launchpad.amount_invalid'),
  per_member_limit: integerInput(1, 100_000),
  starts_at: z.string().max(40),
  ends_at: z.string().max(40),
  cliff_days: integerInput(0, 3650),
  linear_days: integerInput(0, 3650),
});
export type AdminLaunchpadRoundBody = z.infer<typeof adminLaunchpadRoundBody>;
export const adminLaunchpadRoundSchema = launchpadRoundSchema.extend({
  /** The other languages' texts as stored (name and description above are the English ones): the edit form's. */
  translations: z.record(
    z.string(),
    z.object({ name: z.string().optional(), description: z.string().optional() }),
  ),
  status: z.enum(['open', 'closed']),
  raised_usdt: amountString,
  buyers: z.number().int(),
  created_at: z.string(),
});
export const adminLaunchpadRoundsResponse = z.object({ list: z.array(adminLaunchpadRoundSchema) });
