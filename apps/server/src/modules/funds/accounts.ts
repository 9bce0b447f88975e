import type { AccountRef, Asset, TransferInput } from '@server/modules/ledger/index.ts';
import { ACCOUNTS } from '@server/modules/ledger/index.ts';

/**
 * The ledger accounts of the funds (ledger/repository.ts ACCOUNTS). A product's units are an asset of their own,
 * `FUND-<product id>`, so units are double-entry too: issued from system.fund_units_issued into the member's
 * member.fund_units, moved to member.fund_units_redeeming by a redemption request, back to the system when it
 * completes. USDT: a subscription's payment waits in member.fund_subscribing until its NAV, then goes to
 * system.fund_assets (net) and system.fund_fees (fee); a redemption pays from system.fund_assets into the
 * member's member.available, its fee to system.fund_fees.
 */
export const fundAsset = (productId: number): Asset => `FUND-${productId}`;

export const usdtRef = (userId: bigint | null, code: AccountRef['code']): AccountRef => ({
  userId,
  code,
  asset: 'USDT',
});

export const unitRef = (userId: bigint | null, code: AccountRef['code'], productId: number): AccountRef => ({
  userId,
  code,
  asset: fundAsset(productId),
});

export const FUND_ACCOUNTS = {
  subscribing: ACCOUNTS.fundSubscribing,
  assets: ACCOUNTS.fundAssets,
  fees: ACCOUNTS.fundFees,
  unitsIssued: ACCOUNTS.fundUnitsIssued,
  units: ACCOUNTS.fundUnits,
  unitsRedeeming: ACCOUNTS.fundUnitsRedeeming,
  availableProfit: ACCOUNTS.fundAvailableProfit,
  rewardsPaid: ACCOUNTS.fundRewardsPaid,
  /** The member's available USDT (where redemptions and moved earnings arrive). */
  memberAvailable: ACCOUNTS.available,
  chainInflow: ACCOUNTS.chainInflow,
} as const;

/** A subscription's payment as it arrives (chain inflow → the member's fund_subscribing), once per order. */
export const subscriptionPayment = (
  userId: bigint,
  orderId: bigint | string,
  amount: bigint,
): TransferInput => ({
  debit: usdtRef(null, FUND_ACCOUNTS.chainInflow),
  credit: usdtRef(userId, FUND_ACCOUNTS.subscribing),
  amount,
  kind: 'fund.subscription.payment',
  ref: `fundorder:${orderId}`,
  idempotencyKey: `fundorder:${orderId}:payment`,
});

/**
 * A profit the funds pay a member (interest, fund earnings): system fund_rewards_paid → the member's
 * fund_available_profit, under its record's ref and the ledger key given.
 */
export const profitPayment = (
  p: { userId: bigint; amount: bigint; ref: string },
  kind: string,
  idempotencyKey: string,
): TransferInput => ({
  debit: usdtRef(null, FUND_ACCOUNTS.rewardsPaid),
  credit: usdtRef(p.userId, FUND_ACCOUNTS.availableProfit),
  amount: p.amount,
  kind,
  ref: p.ref,
  idempotencyKey,
});
