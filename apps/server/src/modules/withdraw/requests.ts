import type { WithdrawAsset, WithdrawType } from '@agc/shared';
import { defined } from '@agc/shared/defined';
import type { AppContext } from '@server/context.ts';
import { invalidate } from '@server/lib/caches.ts';
import type { AppError } from '@server/lib/errors.ts';
import {
  ACCOUNTS,
  type AccountRef,
  lockAccounts,
  refKey,
  type TransferInput,
  transferBatch,
} from '@server/modules/ledger/index.ts';
import { type AgcPrice, priceRecord } from '@server/modules/pricing/index.ts';
import { dayKey, startOfUtcDay } from '@server/modules/rules/index.ts';
import type { SessionUser } from '@server/plugins/auth.ts';
import { insertWithdrawals, memberKey, usedOnDay, type WithdrawalRow } from './repository.ts';
import { feeOf, readRequest, refusalError } from './service.ts';

interface Pending {
  user: SessionUser;
  type: WithdrawType;
  asset: WithdrawAsset;
  units: bigint;
  /** AGC withdrawals: the price in force, recorded with the request. */
  price: AgcPrice | null;
  resolve(row: WithdrawalRow): void;
  reject(error: unknown): void;
}

const queues = new WeakMap<AppContext, RequestQueue>();

/**
 * POST withdraw. Requests are applied in small group transactions (group commit): while a
 * transaction runs, the requests that arrive wait and then go together in the next one. A request
 * that arrives when nothing is running goes at once, alone. Each request is decided on its own, in
 * arrival order, against balances and today's requests read under the accounts' locks; a refusal
 * refuses that request only and changes nothing for it; a group whose transaction fails is applied
 * again one request at a time. See docs/decisions/0061-withdraw-group-commit.md.
 */
export async function requestWithdrawal(
  ctx: AppContext,
  user: SessionUser,
  body: { amount?: string; type?: number | string },
): Promise<WithdrawalRow> {
  const { type, asset, units } = readRequest(body);
  // An AGC withdrawal records what it is worth (its approval's second-approver threshold compares that): read before
  // the group transaction, and refused while prices are paused.
  const price = asset === 'AGC' ? await ctx.prices.agcPrice() : null;
  let queue = queues.get(ctx);
  if (!queue) {
    queue = new RequestQueue(ctx);
    queues.set(ctx, queue);
  }
  const q = queue;
  return new Promise((resolve, reject) => q.submit({ user, type, asset, units, price, resolve, reject }));
}

class RequestQueue {
  private waiting: Pending[] = [];
  private running = 0;
  constructor(private readonly ctx: AppContext) {}

  submit(p: Pending) {
    this.waiting.push(p);
    this.pump();
  }

  private pump() {
    const { max, concurrency } = this.ctx.config.withdraw.batch;
    while (this.running < concurrency && this.waiting.length > 0) {
      const batch = this.waiting.splice(0, max);
      this.running += 1;
      void applyRequests(this.ctx, batch).finally(() => {
        this.running -= 1;
        this.pump();
      });
    }
  }
}

const accountOf = (userId: bigint, code: AccountRef['code'], asset: WithdrawAsset): AccountRef => ({
  userId,
  code,
  asset,
});

/** One group transaction: every request resolved with its withdrawal or rejected with its refusal. */
async function applyRequests(ctx: AppContext, batch: Pending[]): Promise<void> {
  const now = ctx.now();
  const day = dayKey(startOfUtcDay(now));
  const outcomes: Array<WithdrawalRow | AppError> = [];
  try {
    await ctx.db.transaction(async (tx) => {
      outcomes.length = 0;
      // Every member account of the batch, locked in id order: requests of the same members in other
      // transactions (this process or another) queue behind this one, and the reads below are fresh.
      const accounts = await lockAccounts(
        tx,
        batch.flatMap((p) => [
          accountOf(p.user.id, ACCOUNTS.available, p.asset),
          accountOf(p.user.id, ACCOUNTS.locked, p.asset),
        ]),
      );
      const balance = new Map<string, bigint>();
      for (const p of batch) {
        const key = memberKey(p.user.id, p.asset);
        if (!balance.has(key))
          balance.set(
            key,
            accounts.balances.get(refKey(accountOf(p.user.id, ACCOUNTS.available, p.asset))) ?? 0n,
          );
      }
      const used = await usedOnDay(
        tx,
        [
          ...new Map(
            batch.map((p) => [memberKey(p.user.id, p.asset), { userId: p.user.id, asset: p.asset }]),
          ).values(),
        ],
        day,
      );
      const accepted: WithdrawalRow[] = [];
      for (const p of batch) {
        const key = memberKey(p.user.id, p.asset);
        const available = defined(balance.get(key));
        const usedNow = used.get(key) ?? 0n;
        const refused = refusalError(ctx, p.type, p.units, available, usedNow);
        if (refused) {
          outcomes.push(refused);
          continue;
        }
        balance.set(key, available - p.units);
        used.set(key, usedNow + p.units);
        const { fee, received } = feeOf(ctx, p.units);
        const row: WithdrawalRow = {
          id: 0n,
          userId: p.user.id,
          type: p.type,
          asset: p.asset,
          amount: p.units,
          fee,
          received,
          feePpm: Number(ctx.config.withdraw.feePpm),
          ...priceRecord(p.price),
          address: p.user.address.toLowerCase(),
          status: 'Auditing',
          day,
          reason: null,
          auditNote: null,
          auditedBy: null,
          auditedAt: null,
          firstApprovedBy: null,
          firstApprovedAt: null,
          revokeRequestedBy: null,
          revokeRequestedAt: null,
          revokeReason: null,
          revokeTxHash: null,
          voucherDeadline: null,
          claimTxHash: null,
          claimedAt: null,
          createdAt: now,
        };
        accepted.push(row);
        outcomes.push(row);
      }
      if (accepted.length === 0) return;
      await insertWithdrawals(tx, accepted);
      const postings: TransferInput[] = accepted.map((w) => ({
        debit: accountOf(w.userId, ACCOUNTS.available, w.asset),
        credit: accountOf(w.userId, ACCOUNTS.locked, w.asset),
        amount: w.amount,
        kind: 'withdraw.request',
        ref: `withdraw:${w.id}`,
        idempotencyKey: `withdraw:${w.id}:lock`,
      }));
      await transferBatch(tx, postings, accounts);
    });
  } catch (error) {
    // Nothing was written for any of them. Alone, the request failed; in a group, one request's failure
    // must not fail the others: each is applied again on its own, so only the failing one fails.
    if (batch.length === 1) defined(batch[0]).reject(error);
    else for (const p of batch) await applyRequests(ctx, [p]);
    return;
  }
  const changed = batch.filter((_, i) => !(outcomes[i] instanceof Error)).map((p) => p.user.id);
  if (changed.length > 0) invalidate(ctx, { kind: 'figures', ids: [...new Set(changed)] });
  batch.forEach((p, i) => {
    const outcome = defined(outcomes[i]);
    if (outcome instanceof Error) p.reject(outcome);
    else p.resolve(outcome);
  });
}
