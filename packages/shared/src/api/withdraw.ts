import { z } from 'zod';
import { tokenDecimals } from '../format/token.ts';
import { readTypedAmount, type TypedAmountError } from '../money.ts';
import {
  abilitySchema,
  addressSchema,
  amountString,
  hexAddressSchema,
  idString,
  pageOf,
  pagingQuery,
} from './common.ts';
import { amountInput, idInput } from './input.ts';

/**
 * Withdrawals (docs/product-rules.md "Withdrawals"). Type 1 takes USDT (6 decimals) out of available_profit /
 * withdrawable_usdt, type 2 AGC (18 decimals) out of withdrawable_vc, as the spec's token decimals rule
 * says (type 1 gives 6, otherwise 18: tokenDecimals).
 */
export const WITHDRAW_TYPES = { 1: 'USDT', 2: 'AGC' } as const;
export type WithdrawType = keyof typeof WITHDRAW_TYPES;
export type WithdrawAsset = (typeof WITHDRAW_TYPES)[WithdrawType];

/** Auditing → Withdrawable (approved) → Success (claimed on chain); Auditing → Rejected (money back). */
export const withdrawStatus = z.enum(['Auditing', 'Withdrawable', 'Success', 'Rejected']);
export type WithdrawStatus = z.infer<typeof withdrawStatus>;

/** Why an amount cannot be withdrawn: each is a message key under `withdraw.` (api and web locales). */
export type WithdrawAmountError = TypedAmountError | 'type_invalid';

/** The request's type as a number 1 or 2 (also "1"/"2" from a form, exactly), or null. */
export function parseWithdrawType(value: unknown): WithdrawType | null {
  const n = value === '1' || value === '2' ? Number(value) : value;
  return n === 1 || n === 2 ? n : null;
}

/** A withdrawal amount as the form and the server read it: readTypedAmount with the asset's decimals. */
export function parseWithdrawAmount(
  value: unknown,
  type: WithdrawType,
): { ok: true; units: bigint } | { ok: false; error: WithdrawAmountError } {
  return readTypedAmount(value, tokenDecimals(type));
}

/**
 * Body of withdraw/check and POST withdraw. Loose on purpose: the amount and type are read by
 * parseWithdrawAmount / parseWithdrawType so that each mistake gets its own message (the spec's
 * 'Please enter an amount' for a missing one) instead of a generic validation error.
 */
export const withdrawBody = z.object({
  /** Decimal string in the asset's units, e.g. "12.5". */
  amount: amountInput('withdraw.amount_invalid').optional(),
  /** 1 = USDT, 2 = AGC. */
  type: z.union([z.number(), z.string().max(8)]).optional(),
});

const address = hexAddressSchema;
const id = idString;
/** 1 = USDT, 2 = AGC (WITHDRAW_TYPES), as answers carry them. */
const withdrawType = z.union([z.literal(1), z.literal(2)]);
const withdrawAsset = z.enum(['USDT', 'AGC']);
const hex = z.string().regex(/^0x[0-9a-fA-F]*$/);

/** Why a checked amount cannot go now (withdraw/check answers with it instead of an error). */
export const withdrawRefusal = z.enum(['insufficient', 'over_limit', 'below_minimum']);

export const withdrawCheckResponse = z.object({
  type: withdrawType,
  asset: withdrawAsset,
  amount: amountString,
  /** The service fee (fee_rate percent of the amount, rounded down) and what arrives in the wallet. */
  fee: amountString,
  fee_rate: z.string(),
  received: amountString,
  available: amountString,
  daily_limit: amountString,
  /** What may still be requested today (UTC), limited by the daily limit only. */
  remaining_today: amountString,
  ok: z.boolean(),
  reason: withdrawRefusal.nullable(),
  /** The refusal in the request's language, e.g. 'The balance is insufficient'. */
  msg: z.string().nullable(),
});
export type WithdrawCheck = z.infer<typeof withdrawCheckResponse>;

export const withdrawLimitItem = z.object({
  type: withdrawType,
  asset: withdrawAsset,
  daily_limit: amountString,
  /** The smallest request (WITHDRAW_MIN_*): below it the fee would round to nothing. */
  minimum: amountString,
  /** Requested today (UTC) and not rejected. */
  used: amountString,
  remaining: amountString,
  available: amountString,
});
export const withdrawLimitResponse = z.object({
  /** The UTC day the limit counts for, YYYY-MM-DD, and when it starts again. */
  day: z.string(),
  resets_at: z.string(),
  fee_rate: z.string(),
  limits: z.array(withdrawLimitItem),
});
export type WithdrawLimit = z.infer<typeof withdrawLimitResponse>;

export const withdrawalSchema = z.object({
  /** withdraw_id and id are the same number: the withdrawal's id, also the on-chain voucher id. */
  withdraw_id: id,
  id,
  type: withdrawType,
  asset: withdrawAsset,
  /** Requested (taken from available), the service fee, and what the vault pays (amount − fee). */
  amount: amountString,
  service_fee: amountString,
  fee_rate: z.string(),
  received: amountString,
  /** The member's wallet: the only address the voucher pays. */
  address: address,
  status: withdrawStatus,
  /** The auditor's reason when Rejected. */
  reason: z.string().nullable(),
  created_at: z.string(),
  audited_at: z.string().nullable(),
  /** The latest voucher handed out (withdraw/claim) and when it stops being valid on chain. */
  voucher_deadline: z.string().nullable(),
  claim_tx_hash: z.string().nullable(),
  claimed_at: z.string().nullable(),
  /** Block explorer link of the claim transaction, once seen. */
  explorer_url: z.string().nullable(),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;

export const withdrawListQuery = z.object({
  ...pagingQuery({ maxPage: 10_000, maxSize: 50, defaultSize: 10 }),
  status: withdrawStatus.optional(),
});
export const withdrawListResponse = pageOf(withdrawalSchema);
export type WithdrawList = z.infer<typeof withdrawListResponse>;

export const withdrawIdParams = z.object({ withdraw_id: idInput });
export const withdrawClaimParams = z.object({ id: idInput });
/** `data` of a 400 from a claim: `revoking` when the withdrawal is being revoked (no retry helps), else null. */
export const withdrawClaimRefusalData = z.object({ reason: z.literal('revoking') }).nullable();

/** The vault claim for the member's wallet: the transaction and the voucher it carries. */
export const withdrawClaimResponse = z.object({
  withdraw_id: id,
  tx: z.object({
    from: address,
    to: address,
    data: hex,
    value: z.literal('0x0'),
    chain_id: z.number().int(),
  }),
  voucher: z.object({
    id,
    account: address,
    token: address,
    /** Minor units of the token (decimal string). */
    amount: z.string().regex(/^\d+$/),
    /** Unix seconds, and the same as ISO time. */
    deadline: z.number().int(),
    deadline_at: z.string(),
    signature: hex,
  }),
});
export type WithdrawClaim = z.infer<typeof withdrawClaimResponse>;

/** Admin withdrawal audit. */
export const adminWithdrawQuery = z.object({
  ...pagingQuery({ maxPage: 10_000, maxSize: 100, defaultSize: 20 }),
  status: withdrawStatus.default('Auditing'),
  type: z.union([z.literal('1'), z.literal('2')]).optional(),
  address: addressSchema.optional(),
});
export const adminWithdrawalSchema = withdrawalSchema.extend({
  /** The member's available balance of the asset now (what is left after this request). */
  member_available: amountString,
  audit_note: z.string().nullable(),
  /** Maker-checker: this amount needs two different approvers; the first one's address once given. */
  needs_second_approval: z.boolean(),
  first_approved_by: address.nullable(),
  /** An approved withdrawal being revoked: the vault's cancel was sent (its hash), not yet seen final. */
  revoke_requested_at: z.string().nullable(),
  revoke_tx_hash: z.string().nullable(),
  /**
   * Whether the asking approver may approve (or give the first approval) now, and why not: their own withdrawal, the
   * first approval already theirs, an approver they gained their role from (or who gained it from them) recently,
   * a chain incident holding the member's withdrawals, no longer Auditing.
   */
  approve: abilitySchema,
});
export type AdminWithdrawal = z.infer<typeof adminWithdrawalSchema>;
export const adminWithdrawListResponse = withdrawListResponse.extend({
  list: z.array(adminWithdrawalSchema),
});
export type AdminWithdrawList = z.infer<typeof adminWithdrawListResponse>;

export const approveWithdrawBody = z.object({ note: z.string().trim().max(500).optional() });
export const rejectWithdrawBody = z.object({ reason: z.string().trim().min(1).max(500) });
/** Revoking an approved withdrawal: the reason the member will read once the vault has cancelled it. */
export const revokeWithdrawBody = rejectWithdrawBody;
export const bulkApproveWithdrawBody = z.object({
  ids: z.array(idInput).min(1).max(200),
  note: z.string().trim().max(500).optional(),
});
export const bulkApproveWithdrawResponse = z.object({
  approved: z.array(id),
  /** First approvals given: these amounts need a second, different approver before they are Withdrawable. */
  awaiting_second: z.array(id),
  /**
   * Ids not approved: not Auditing any more (approved or rejected meanwhile), not found, the approver's own
   * withdrawal, or one this approver already gave the first approval to.
   */
  skipped: z.array(id),
});
