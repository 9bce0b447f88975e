import { type DbOrTx, rowsOf } from '@agc/db';
import type { AppContext } from '@server/context.ts';
import { invalidate } from '@server/lib/caches.ts';
import { ACCOUNTS, type Asset, transferBatch } from '@server/modules/ledger/index.ts';
import { grantRole, type Member } from '@server/modules/members/index.ts';
import { sql } from 'drizzle-orm';
import type { PrivateKeyAccount } from 'viem/accounts';
import { session, signUp, type TestServer } from './helpers.ts';

export const USDT = 10n ** 6n;
export const AGC = 10n ** 18n;

/**
 * The withdrawal suites' members: `R` the admin (the server lists it in ADMIN_ADDRESSES), every other
 * wallet invited by R on the left, in the order given; the `auditors` get the role from R and sign in
 * again to carry it. Returns each one's headers and member row.
 */
export async function signUpMembers<W extends Record<'R', PrivateKeyAccount>>(
  s: TestServer,
  wallets: W,
  auditors: ReadonlyArray<keyof W>,
) {
  const h = {} as Record<keyof W, Record<string, string>>;
  const m = {} as Record<keyof W, Member>;
  ({ headers: h.R, member: m.R } = await signUp(s, wallets.R));
  for (const who of Object.keys(wallets).filter((k) => k !== 'R') as Array<keyof W>)
    ({ headers: h[who], member: m[who] } = await signUp(s, wallets[who] as PrivateKeyAccount, {
      invite_code: m.R.inviteCode,
      side: 'left',
    }));
  // Auditors of long standing: granted by R well before the maker-checker cooling (ROLE_COOLING_HOURS), so that
  // R and they are independent approvers (withdraw-approvers.test.ts covers recent grants).
  const longAgo = new Date(s.ctx.now().getTime() - 30 * 86_400_000);
  for (const q of auditors) await grantRole(s.ctx.db, m[q].id, 'auditor', m.R.id, { at: longAgo });
  for (const q of auditors) h[q] = await session(s, wallets[q] as PrivateKeyAccount);
  return { h, m };
}

let grants = 0;

/**
 * Credits members' available balances the way every reward ends (system rewards paid → member
 * available), one real journal entry each under its ref (also its idempotency key), in one transaction.
 */
export async function grantRewards(
  db: DbOrTx,
  list: Array<{ userId: bigint; asset: Asset; amount: bigint; ref: string }>,
) {
  await db.transaction((tx) =>
    transferBatch(
      tx,
      list.map(({ userId, asset, amount, ref }) => ({
        debit: { userId: null, code: ACCOUNTS.rewardsPaid, asset },
        credit: { userId, code: ACCOUNTS.available, asset },
        amount,
        kind: 'reward.test',
        ref,
        idempotencyKey: ref,
      })),
    ),
  );
}

/**
 * Credits a member's available balance as a reward would (grantRewards): withdrawals tests start from
 * an earned balance without running the whole purchase and settlement path, which other suites cover.
 */
export async function grantAvailable(ctx: AppContext, userId: bigint, asset: Asset, amount: bigint) {
  grants += 1;
  const ref = `test-grant:${userId}:${asset}:${grants}:${Date.now()}`;
  await grantRewards(ctx.db, [{ userId, asset, amount, ref }]);
  invalidate(ctx, { kind: 'figures', ids: [userId] });
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
