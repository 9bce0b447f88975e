import { rowsOf } from '@agc/db';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../src/context.ts';
import { ACCOUNTS, type Asset, transferBatch } from '../src/modules/ledger/index.ts';

export const USDT = 10n ** 6n;
export const AGC = 10n ** 18n;

let grants = 0;

/**
 * Credits a member's available balance the way every reward ends (system rewards paid → member
 * available), as a real journal entry: withdrawals tests start from an earned balance without
 * running the whole purchase and settlement path, which other suites cover.
 */
export async function grantAvailable(ctx: AppContext, userId: bigint, asset: Asset, amount: bigint) {
  grants += 1;
  const ref = `test-grant:${userId}:${asset}:${grants}:${Date.now()}`;
  await ctx.db.transaction((tx) =>
    transferBatch(tx, [
      {
        debit: { userId: null, code: ACCOUNTS.rewardsPaid, asset },
        credit: { userId, code: ACCOUNTS.available, asset },
        amount,
        kind: 'reward.test',
        ref,
        idempotencyKey: ref,
      },
    ]),
  );
  ctx.cache.me.delete(userId);
}

/** A member's balances by account code and asset, as stored. */
export async function balances(ctx: AppContext, userId: bigint): Promise<Record<string, bigint>> {
  const rows = rowsOf<{ code: string; asset: string; balance: string }>(
    await ctx.db.execute(sql`select code, asset, balance::text as balance from ledger_accounts
      where user_id = ${userId.toString()}::bigint`),
  );
  return Object.fromEntries(rows.map((r) => [`${r.code}.${r.asset}`, BigInt(r.balance)]));
}

/** Counts of the member's withdrawals by status. */
export async function withdrawalCounts(ctx: AppContext, userId: bigint): Promise<Record<string, number>> {
  const rows = rowsOf<{ status: string; n: number }>(
    await ctx.db.execute(sql`select status, count(*)::int as n from withdrawals
      where user_id = ${userId.toString()}::bigint group by status`),
  );
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}
