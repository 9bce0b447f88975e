import { z } from 'zod';
import { amountString, idString } from './common.ts';

/**
 * The admin solvency view (docs/product-rules.md "Admin roles and analytics"): per token, what members can take out
 * grouped by when it becomes payable, against the treasury's token balances read from the chain at one block.
 * Amounts are decimal strings of the token (USDT 6 decimals, AGC 18); ratios are whole basis points (10000 = 100 %,
 * rounded down) as integer strings, never floats.
 */

/** When a liability becomes payable: now, within 5 minutes, within 72 hours, later. */
export const solvencyBucketKey = z.enum(['now', 'min5', 'h72', 'later']);
export type SolvencyBucketKey = z.infer<typeof solvencyBucketKey>;

/**
 * What a part of a bucket is (modules/solvency/README.md says where each comes from):
 * available (members' available balances), fund_profit (fund earnings movable to available), vouchers (approved
 * withdrawals, what the vault pays), auditing (withdrawals awaiting approval, what the vault would pay),
 * earn_holdings (simple-earn holdings), earn_out (simple-earn transfers out by arrival time), launchpad_release
 * (launchpad AGC by release time), fund_unlocked / fund_locked (fund units at the last NAV less the redemption fee,
 * lock ended / not yet), fund_redeeming (pending and approved redemptions, same estimate), fund_subscribing (paid
 * subscriptions waiting for their NAV).
 */
export const solvencyPartKey = z.enum([
  'available',
  'fund_profit',
  'vouchers',
  'auditing',
  'earn_holdings',
  'earn_out',
  'launchpad_release',
  'fund_unlocked',
  'fund_locked',
  'fund_redeeming',
  'fund_subscribing',
]);
export type SolvencyPartKey = z.infer<typeof solvencyPartKey>;

/** Basis points as an integer string, or null when there is nothing to cover. */
const basisPoints = z.string().regex(/^\d+$/).nullable();

export const solvencyBucketSchema = z.object({
  key: solvencyBucketKey,
  /** This bucket's liabilities. */
  total: amountString,
  /** Liabilities payable up to the end of this bucket (this one and every earlier one). */
  cumulative: amountString,
  /** Treasury balance / cumulative, basis points (null when cumulative is 0). */
  coverage_bp: basisPoints,
  /** The treasury holds at least `cumulative`. */
  covered: z.boolean(),
  parts: z.array(z.object({ key: solvencyPartKey, amount: amountString })),
});
export type SolvencyBucket = z.infer<typeof solvencyBucketSchema>;

export const solvencyHolderSchema = z.object({
  /** vault: the withdrawal vault; payment_treasury: where the payment contract sends payments, when not the vault. */
  key: z.enum(['vault', 'payment_treasury']),
  address: z.string(),
  amount: amountString,
});

export const solvencyAssetSchema = z.object({
  asset: z.enum(['USDT', 'AGC']),
  decimals: z.number().int(),
  /** The treasury's balance of the token at the block (sum of holders). */
  assets: amountString,
  holders: z.array(solvencyHolderSchema),
  /** Every liability in the token. */
  liabilities: amountString,
  /** assets / liabilities, basis points (null when there are no liabilities). */
  coverage_bp: basisPoints,
  buckets: z.array(solvencyBucketSchema),
  /** Liabilities payable within 72 hours (now + ≤ 5 min + ≤ 72 h) and whether the treasury covers them. */
  due_72h: amountString,
  covered_72h: z.boolean(),
  /** What is missing to cover the next 72 hours (0 when covered). */
  shortfall_72h: amountString,
});
export type SolvencyAsset = z.infer<typeof solvencyAssetSchema>;

export const solvencyResponse = z.object({
  /** The one block every token balance was read at. */
  block: z.object({ number: idString, hash: z.string(), time: z.string() }),
  /** When the ledger was read (the buckets' clock). */
  as_of: z.string(),
  assets: z.array(solvencyAssetSchema),
  /** Some token's next 72 hours are not covered. */
  warning: z.boolean(),
});
export type Solvency = z.infer<typeof solvencyResponse>;
