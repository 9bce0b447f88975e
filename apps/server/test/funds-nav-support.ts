import { type DbOrTx, rowsOf } from '@agc/db';
import { defined } from '@agc/shared/defined';
import { FUND_ACCOUNTS, subscriptionPayment, unitRef } from '@server/modules/funds/accounts.ts';
import { transferBatch } from '@server/modules/ledger/index.ts';
import { sql } from 'drizzle-orm';

/**
 * A paid subscription waiting for its NAV, as the payment confirmation leaves it: a Processing order and its USDT
 * posted chain inflow → the member's fund_subscribing under the key `fundorder:<id>:payment`.
 */
export async function insertProcessingOrder(
  db: DbOrTx,
  userId: bigint,
  productId: number,
  amount: bigint,
  feePpm: number,
) {
  return db.transaction(async (tx) => {
    const [row] = rowsOf<{ id: string }>(
      await tx.execute(sql`
        insert into fund_orders (user_id, product_id, status, amount_usdt, fee_ppm, quote_expires_at, paid_at, confirmed_at)
        values (${userId.toString()}::bigint, ${productId}, 'Processing', ${amount.toString()}::numeric, ${feePpm},
          now(), now(), now())
        returning id::text as id`),
    );
    const id = defined(row).id;
    await transferBatch(tx, [subscriptionPayment(userId, id, amount)]);
    return BigInt(id);
  });
}

/** An approved redemption of `units` of a holding, as the request and the admin's approval leave it. */
export async function insertApprovedRedemption(db: DbOrTx, orderId: bigint, units: bigint, feePpm: number) {
  return db.transaction(async (tx) => {
    const [o] = rowsOf<{ user_id: string; product_id: number }>(
      await tx.execute(sql`
        update fund_orders set units_free = units_free - ${units.toString()}::numeric,
          units_redeeming = units_redeeming + ${units.toString()}::numeric, status = 'Redemption'
        where id = ${orderId.toString()}::bigint returning user_id::text as user_id, product_id`),
    );
    const [r] = rowsOf<{ id: string }>(
      await tx.execute(sql`
        insert into fund_redemptions (order_id, user_id, product_id, status, units, fee_ppm, audited_at)
        values (${orderId.toString()}::bigint, ${defined(o).user_id}::bigint, ${defined(o).product_id}, 'Approved',
          ${units.toString()}::numeric, ${feePpm}, now())
        returning id::text as id`),
    );
    const user = BigInt(defined(o).user_id);
    await transferBatch(tx, [
      {
        debit: unitRef(user, FUND_ACCOUNTS.units, Number(defined(o).product_id)),
        credit: unitRef(user, FUND_ACCOUNTS.unitsRedeeming, Number(defined(o).product_id)),
        amount: units,
        kind: 'fund.redemption.request',
        ref: `fundredemption:${defined(r).id}`,
        idempotencyKey: `fundredemption:${defined(r).id}:request`,
      },
    ]);
    return BigInt(defined(r).id);
  });
}
