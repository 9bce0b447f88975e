import type { DbOrTx } from '@agc/db';
import type { AppContext } from '@server/context.ts';
import { type TransferInput, transferBatch } from '@server/modules/ledger/index.ts';
import { FUND_ACCOUNTS, unitRef, usdtRef } from '../accounts.ts';
import {
  completeApprovedRedemptions,
  type MemberSum,
  type PublishedNav,
  priceProcessingSubscriptions,
  productLockDays,
} from './repository.ts';

/** What one publication priced. */
export interface PricedCounts {
  subscriptions: number;
  redemptions: number;
}

/** Postings per transferBatch call: bounds the size of one statement's array parameters. */
const POSTING_CHUNK = 50_000;

/** The moment a holding's lock ends: the NAV day plus the product's lock period, 00:00 UTC. */
export function lockEndOf(navDay: string, lockDays: number): Date {
  const end = new Date(`${navDay}T00:00:00Z`);
  end.setUTCDate(end.getUTCDate() + lockDays);
  return end;
}

/**
 * Prices a product's waiting business at a NAV just published, inside the publishing transaction (forward
 * pricing): every Processing subscription becomes a Subscription holding (fee rounded up, units rounded down),
 * every Approved redemption is Completed (value rounded down, fee rounded up, paid into available USDT); a holding
 * whose redemptions complete gives up the cost of the units leaving (pro rata, rounded up) and realises the
 * amount paid less that cost.
 *
 * Set-based: one statement per side whatever the count (repository.ts: `priceProcessingSubscriptions`,
 * `completeApprovedRedemptions`), the arithmetic of `fundSql` in the database, each row keeping its own figures
 * (fee, units, NAV id; gross, fee, amount). The ledger gets one transfer per member, account pair and NAV — the sum of that member's rows priced at this NAV — under the keys
 * `fundnav:<nav id>:<member>:…` (ref `fundnav:<nav id>`); payments go whole to the fund's assets and the NAV's
 * subscription fees, and its redemption fees, from the assets to the fees account in one system transfer each.
 * Per-row journal entries would be 600,000 rows for 100,000 subscriptions and 100,000 redemptions, which alone
 * take longer than the 5 s a publication may take (bench/funds-nav.ts).
 *
 * Concurrency: the caller holds the product's row lock (one NAV action per product at a time; redemption
 * requests share it). Rows move only if still in the state read (status checked by each UPDATE, which locks the
 * row); redemptions are updated before their orders, as cancels and rejections lock the order, then the Pending
 * redemption. Cancels and rejections move units between free and redeeming, which the UPDATE reads as it is.
 */
export async function priceAtNav(
  tx: DbOrTx,
  ctx: AppContext,
  productId: number,
  nav: PublishedNav,
): Promise<PricedCounts> {
  const now = ctx.now();
  const lockDays = await productLockDays(tx, productId);
  if (lockDays === undefined) throw new Error(`fund product ${productId} missing`);
  const at = { navId: nav.id, navE8: nav.navE8, now };
  const subs = await priceProcessingSubscriptions(tx, productId, {
    ...at,
    lockEndsAt: lockEndOf(nav.day, lockDays),
  });
  const reds = await completeApprovedRedemptions(tx, productId, at);

  const ref = `fundnav:${nav.id}`;
  const postings: TransferInput[] = [];
  let subscriptionFees = 0n;
  for (const m of subs) {
    const user = BigInt(m.user_id);
    const key = `${ref}:${m.user_id}:subscription`;
    subscriptionFees += BigInt(m.fee);
    postings.push({
      debit: usdtRef(user, FUND_ACCOUNTS.subscribing),
      credit: usdtRef(null, FUND_ACCOUNTS.assets),
      amount: BigInt(m.usdt),
      kind: 'fund.subscription.amount',
      ref,
      idempotencyKey: `${key}:amount`,
    });
    if (BigInt(m.units) > 0n)
      postings.push({
        debit: unitRef(null, FUND_ACCOUNTS.unitsIssued, productId),
        credit: unitRef(user, FUND_ACCOUNTS.units, productId),
        amount: BigInt(m.units),
        kind: 'fund.subscription.units',
        ref,
        idempotencyKey: `${key}:units`,
      });
  }
  let redemptionFees = 0n;
  for (const m of reds) {
    const user = BigInt(m.user_id);
    const key = `${ref}:${m.user_id}:redemption`;
    redemptionFees += BigInt(m.fee);
    postings.push({
      debit: unitRef(user, FUND_ACCOUNTS.unitsRedeeming, productId),
      credit: unitRef(null, FUND_ACCOUNTS.unitsIssued, productId),
      amount: BigInt(m.units),
      kind: 'fund.redemption.units',
      ref,
      idempotencyKey: `${key}:units`,
    });
    if (BigInt(m.usdt) > 0n)
      postings.push({
        debit: usdtRef(null, FUND_ACCOUNTS.assets),
        credit: usdtRef(user, FUND_ACCOUNTS.memberAvailable),
        amount: BigInt(m.usdt),
        kind: 'fund.redemption.amount',
        ref,
        idempotencyKey: `${key}:amount`,
      });
  }
  for (const [fees, side] of [
    [subscriptionFees, 'subscription'],
    [redemptionFees, 'redemption'],
  ] as const)
    if (fees > 0n)
      postings.push({
        debit: usdtRef(null, FUND_ACCOUNTS.assets),
        credit: usdtRef(null, FUND_ACCOUNTS.fees),
        amount: fees,
        kind: `fund.${side}.fee`,
        ref,
        idempotencyKey: `${ref}:${side}_fees`,
      });
  for (let i = 0; i < postings.length; i += POSTING_CHUNK)
    await transferBatch(tx, postings.slice(i, i + POSTING_CHUNK));
  const count = (rows: MemberSum[]) => rows.reduce((n, r) => n + Number(r.n), 0);
  return { subscriptions: count(subs), redemptions: count(reds) };
}
