import type { DbOrTx } from '@agc/db';
import { ErrorCode } from '@agc/shared';
import type { AppContext } from '@server/context.ts';
import { AppError } from '@server/lib/errors.ts';
import {
  ACCOUNTS,
  LedgerError,
  lockBalances,
  type PostedTransfer,
  refKey,
  reversalOf,
  transferBatch,
  transfersByKeys,
} from '@server/modules/ledger/index.ts';
import { addressesOf } from '@server/modules/members/index.ts';
import { lockRewardsShared, reverseReward } from '@server/modules/rewards/index.ts';
import { removeTeamVolume } from '@server/modules/team/index.ts';
import { cancelByAuditor, findOrder, lockOrders } from './repository.ts';
import { REASONS } from './service.ts';

/** What reversing a confirmed order took back, for the incident's record and the admins' page. */
export interface OrderReversal {
  /** The journal entries posted (each the exact opposite of one the confirmation posted). */
  postings: number;
  /** The inviter's referral taken back (USDT and AGC, minor units as decimal strings), or null. */
  referral: { address: string; usdt: string; agc: string } | null;
  /** Placement ancestors whose team investment lost the order's price. */
  team_volume: { ancestors: number; amount: string };
  /** Remaining dividends the order granted that rewards had already used (not taken back: those rewards stand). */
  cap_used: string;
}

const orderKeys = (id: bigint) => {
  const ref = `order:${id}`;
  return [
    `${ref}:payment`,
    `${ref}:fee`,
    `${ref}:cap`,
    `reward:referral:${ref}:cap`,
    `reward:referral:${ref}:usdt`,
    `reward:referral:${ref}:agc`,
  ];
};

/**
 * Reverses a confirmed (Success) shop order whose payment a reorg took off the chain, inside the caller's
 * transaction: every journal entry its confirmation posted is taken back by its exact opposite (the investment,
 * the AGC fee, the dividend cap, the inviter's referral in USDT and AGC and the cap it used), the referral reward
 * is recorded as reversed, the price leaves the ancestors' team investment, and the order ends Canceled with the
 * reason `chain_reversed`. The dividend cap is taken back only as far as the member still holds it: what rewards
 * already used of it stays used. A member balance that no longer holds what must go back (the inviter withdrew
 * the referral, say) refuses the whole reversal (`incident.short`): nothing is written.
 */
export async function reverseOrder(
  ctx: AppContext,
  tx: DbOrTx,
  orderId: bigint,
  incidentRef: string,
): Promise<OrderReversal> {
  await lockRewardsShared(tx);
  const order = (await lockOrders(tx, [orderId])).get(orderId);
  if (order?.status !== 'Success') throw new AppError(ErrorCode.conflict, 'incident.not_open');
  const posted = await transfersByKeys(tx, orderKeys(orderId));
  const memberRefs = posted.flatMap((t) => (t.credit.userId === null ? [] : [t.credit]));
  const balances = await lockBalances(tx, memberRefs);
  const isCap = (t: PostedTransfer) => t.idempotencyKey === `order:${orderId}:cap`;
  let capUsed = 0n;
  const reversals = posted.flatMap((t) => {
    if (!isCap(t)) return [reversalOf(t, incidentRef)];
    const held = balances.get(refKey(t.credit)) ?? 0n;
    const back = held < t.amount ? held : t.amount;
    capUsed = t.amount - back;
    return back > 0n ? [reversalOf(t, incidentRef, back)] : [];
  });
  try {
    await transferBatch(tx, reversals);
  } catch (e) {
    if (e instanceof LedgerError) throw new AppError(ErrorCode.conflict, 'incident.short');
    throw e;
  }
  const inviter = await reverseReward(tx, 'referral', `order:${orderId}`);
  const referralOf = (asset: 'USDT' | 'AGC') =>
    posted.find(
      (t) => t.kind === 'reward.referral' && t.debit.asset === asset && t.credit.code === ACCOUNTS.available,
    )?.amount ?? 0n;
  const ancestors =
    order.volumeAppliedAt && order.confirmedAt
      ? await removeTeamVolume(tx, order.userId, order.priceUsdt, order.confirmedAt.toISOString().slice(0, 7))
      : 0;
  await cancelByAuditor(tx, orderId, ctx.now(), REASONS.chainReversed, incidentRef);
  const inviterAddress = inviter === null ? null : ((await addressesOf(tx, [inviter])).get(inviter) ?? null);
  return {
    postings: reversals.length,
    referral:
      inviterAddress === null
        ? null
        : { address: inviterAddress, usdt: referralOf('USDT').toString(), agc: referralOf('AGC').toString() },
    team_volume: { ancestors, amount: ancestors > 0 ? order.priceUsdt.toString() : '0' },
    cap_used: capUsed.toString(),
  };
}

/** What a confirmed order credited, as the incidents page lists it: its journal entries and its team volume. */
export interface OrderCredits {
  product: string;
  status: string;
  postings: PostedTransfer[];
  teamVolume: boolean;
}

/** The credits of these orders (one lookup of their postings for all of them). */
export async function orderCredits(db: DbOrTx, ids: readonly bigint[]): Promise<Map<bigint, OrderCredits>> {
  const out = new Map<bigint, OrderCredits>();
  const posted = await transfersByKeys(db, ids.flatMap(orderKeys));
  for (const id of ids) {
    const order = await findOrder(db, id);
    if (!order) continue;
    const keys = new Set(orderKeys(id));
    out.set(id, {
      product: order.productName,
      status: order.status,
      postings: posted.filter((t) => keys.has(t.idempotencyKey)),
      teamVolume: order.volumeAppliedAt !== null,
    });
  }
  return out;
}
