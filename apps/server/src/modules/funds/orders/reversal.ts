import type { DbOrTx } from '@agc/db';
import { ErrorCode } from '@agc/shared';
import type { AppContext } from '@server/context.ts';
import { AppError } from '@server/lib/errors.ts';
import {
  LedgerError,
  type PostedTransfer,
  type TransferInput,
  transferBatch,
  transfersByKeys,
} from '@server/modules/ledger/index.ts';
import { FUND_ACCOUNTS, unitRef, usdtRef } from '../accounts.ts';
import { isFundDaySettled, lockFundSettlement, removeFundDayShare } from '../earnings/repository.ts';
import { PPM } from '../math.ts';
import { fundProductsById } from '../products/repository.ts';
import { findFundOrder, lockFundOrders, markReversed } from './repository.ts';

/** What reversing a credited subscription took back, for the incident's record and the admins' page. */
export interface SubscriptionReversal {
  postings: number;
  /** Units taken back (6 decimals, as a decimal string of minor units), when it had been priced. */
  units: string;
  /** The inviter's ReferralReward of a settled day reduced by this subscription's share, or null. */
  referral: { user_id: string; amount: string } | null;
  /** Placement ancestors whose fund volume lost it (a settled day only). */
  team_volume: { ancestors: number; amount: string };
}

/**
 * Reverses a fund subscription whose payment a reorg took off the chain after it was credited, inside the caller's
 * transaction. Processing (not priced yet): its payment goes back from the member's fund_subscribing to the chain
 * inflow. Priced (Subscription, every unit still held): its units go back to the fund and its money (net and fee)
 * from the fund's assets and fees to the chain inflow; when its pricing day's fund earnings were settled already,
 * the inviter's ReferralReward of that day loses this subscription's share and the ancestors' fund volume loses it.
 * Units redeemed or in a redemption refuse the reversal (`incident.units_moved`); a member balance that no longer
 * holds what must go back refuses it (`incident.short`). The order ends Cancelled with the reason `chain_reversed`.
 */
export async function reverseSubscription(
  ctx: AppContext,
  tx: DbOrTx,
  orderId: bigint,
  incidentRef: string,
): Promise<SubscriptionReversal> {
  await lockFundSettlement(tx);
  const order = (await lockFundOrders(tx, [orderId])).get(orderId);
  if (!order || !['Processing', 'Subscription', 'Redemption', 'Redeemed'].includes(order.status))
    throw new AppError(ErrorCode.conflict, 'incident.not_open');
  const priced = order.status !== 'Processing';
  if (
    priced &&
    (order.status !== 'Subscription' || order.unitsFree !== order.units || order.unitsRedeeming > 0n)
  )
    throw new AppError(ErrorCode.conflict, 'incident.units_moved');
  const key = (part: string) => `fundorder:${orderId}:${part}:reversal`;
  const posting = (
    part: string,
    t: Omit<TransferInput, 'kind' | 'ref' | 'idempotencyKey'>,
  ): TransferInput => ({
    ...t,
    kind: 'incident.reversal',
    ref: incidentRef,
    idempotencyKey: key(part),
  });
  const transfers: TransferInput[] = [];
  let referral: SubscriptionReversal['referral'] = null;
  let teamVolume = { ancestors: 0, amount: '0' };
  if (!priced)
    transfers.push(
      posting('payment', {
        debit: usdtRef(order.userId, FUND_ACCOUNTS.subscribing),
        credit: usdtRef(null, FUND_ACCOUNTS.chainInflow),
        amount: order.amountUsdt,
      }),
    );
  else {
    const net = order.amountUsdt - order.feeUsdt;
    transfers.push(
      posting('units', {
        debit: unitRef(order.userId, FUND_ACCOUNTS.units, order.productId),
        credit: unitRef(null, FUND_ACCOUNTS.unitsIssued, order.productId),
        amount: order.units,
      }),
      ...(net > 0n
        ? [
            posting('assets', {
              debit: usdtRef(null, FUND_ACCOUNTS.assets),
              credit: usdtRef(null, FUND_ACCOUNTS.chainInflow),
              amount: net,
            }),
          ]
        : []),
      ...(order.feeUsdt > 0n
        ? [
            posting('fee', {
              debit: usdtRef(null, FUND_ACCOUNTS.fees),
              credit: usdtRef(null, FUND_ACCOUNTS.chainInflow),
              amount: order.feeUsdt,
            }),
          ]
        : []),
    );
    const day = order.subscribedAt?.toISOString().slice(0, 10);
    if (day && (await isFundDaySettled(tx, day))) {
      const share = await removeFundDayShare(
        tx,
        day,
        order.userId,
        order.amountUsdt,
        (base) => (base * ctx.config.funds.referralPpm) / PPM,
      );
      teamVolume = { ancestors: share.ancestors, amount: order.amountUsdt.toString() };
      const back = share.referral ? share.referral.before - share.referral.after : 0n;
      if (share.referral && back > 0n) {
        referral = { user_id: share.referral.userId.toString(), amount: back.toString() };
        transfers.push(
          posting('referral', {
            debit: usdtRef(share.referral.userId, FUND_ACCOUNTS.availableProfit),
            credit: usdtRef(null, FUND_ACCOUNTS.rewardsPaid),
            amount: back,
          }),
        );
      }
    }
  }
  try {
    await transferBatch(tx, transfers);
  } catch (e) {
    if (e instanceof LedgerError) throw new AppError(ErrorCode.conflict, 'incident.short');
    throw e;
  }
  await markReversed(tx, orderId, ctx.now());
  return {
    postings: transfers.length,
    units: priced ? order.units.toString() : '0',
    referral,
    team_volume: teamVolume,
  };
}

/**
 * What a subscription credited, as the incidents page lists it: its payment's journal entry and, once priced, the
 * units it was issued (pricing posts one entry per member and NAV, so the order's own figure stands for its share).
 */
export async function subscriptionCredits(
  db: DbOrTx,
  ids: readonly bigint[],
): Promise<
  Map<bigint, { product: string; status: string; postings: PostedTransfer[]; teamVolume: boolean }>
> {
  const out = new Map<
    bigint,
    { product: string; status: string; postings: PostedTransfer[]; teamVolume: boolean }
  >();
  const payments = await transfersByKeys(
    db,
    ids.map((id) => `fundorder:${id}:payment`),
  );
  for (const id of ids) {
    const order = await findFundOrder(db, id);
    if (!order) continue;
    const product = (await fundProductsById(db, [order.productId])).get(order.productId);
    const postings = payments.filter((t) => t.idempotencyKey === `fundorder:${id}:payment`);
    if (order.units > 0n)
      postings.push({
        idempotencyKey: `fundorder:${id}:units`,
        debit: unitRef(null, FUND_ACCOUNTS.unitsIssued, order.productId),
        credit: unitRef(order.userId, FUND_ACCOUNTS.units, order.productId),
        amount: order.units,
        kind: 'fund.subscription.units',
        ref: `fundorder:${id}`,
      });
    out.set(id, { product: product?.name ?? '', status: order.status, postings, teamVolume: false });
  }
  return out;
}
