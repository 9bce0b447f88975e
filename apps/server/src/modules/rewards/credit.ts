import type { DbOrTx } from '@agc/db';
import { sql } from 'drizzle-orm';
import type { Rules } from '../../config.ts';
import { ACCOUNTS, type AccountRef, type TransferInput } from '../ledger/index.ts';
import { type AgcPrice, usdtToAgcFloor } from '../pricing/index.ts';
import { applyPpm } from '../rules/index.ts';

const usdt = (userId: bigint | null, code: AccountRef['code']): AccountRef => ({
  userId,
  code,
  asset: 'USDT',
});
const agc = (userId: bigint | null, code: AccountRef['code']): AccountRef => ({ userId, code, asset: 'AGC' });

/** How a paid reward is credited: the vc_rate share in AGC at the day's price, the rest in USDT. */
export function splitReward(rules: Rules, paid: bigint, price: AgcPrice): { usdt: bigint; agc: bigint } {
  const vcUsdt = applyPpm(paid, rules.vcPpm);
  return { usdt: paid - vcUsdt, agc: usdtToAgcFloor(vcUsdt, price) };
}

/**
 * The journal entries of one paid reward (every reward kind posts the same way): its USDT value is
 * consumed from the member's remaining dividends, and credited to the member's available balance,
 * split into USDT and AGC. Idempotent by `rewardRef`.
 */
export function rewardTransfers(
  userId: bigint,
  kind: string,
  rewardRef: string,
  paid: bigint,
  split: { usdt: bigint; agc: bigint },
): TransferInput[] {
  const out: TransferInput[] = [];
  if (paid <= 0n) return out;
  out.push({
    debit: usdt(userId, ACCOUNTS.remainingDividends),
    credit: usdt(null, ACCOUNTS.dividendCapIssued),
    amount: paid,
    kind: 'reward.cap_used',
    ref: rewardRef,
    idempotencyKey: `${rewardRef}:cap`,
  });
  if (split.usdt > 0n)
    out.push({
      debit: usdt(null, ACCOUNTS.rewardsPaid),
      credit: usdt(userId, ACCOUNTS.available),
      amount: split.usdt,
      kind: `reward.${kind}`,
      ref: rewardRef,
      idempotencyKey: `${rewardRef}:usdt`,
    });
  if (split.agc > 0n)
    out.push({
      debit: agc(null, ACCOUNTS.rewardsPaid),
      credit: agc(userId, ACCOUNTS.available),
      amount: split.agc,
      kind: `reward.${kind}`,
      ref: rewardRef,
      idempotencyKey: `${rewardRef}:agc`,
    });
  return out;
}

/**
 * Reward postings and the daily settlement exclude each other: every transaction that pays a reward
 * or grows a cap (order confirmation, profit/mng) holds this lock shared; the settlement holds it
 * exclusively, so the balances and day totals it reads cannot move under it, and no two settlements
 * run at once. Transaction-scoped: released at commit or rollback (or when a crashed process's
 * connection drops).
 */
const REWARDS_LOCK = 0x41_47_43_52; // "AGCR"

export async function lockRewardsShared(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${REWARDS_LOCK})`);
}

export async function lockRewardsExclusive(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${REWARDS_LOCK})`);
}
