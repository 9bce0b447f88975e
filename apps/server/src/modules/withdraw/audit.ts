import { vaultAbi } from '@agc/contracts';
import type { DbOrTx } from '@agc/db';
import {
  type AdminWithdrawal,
  ErrorCode,
  formatAmount,
  formatAssetFigure,
  tokenDecimals,
  type WithdrawType,
} from '@agc/shared';
import { defined } from '@agc/shared/defined';
import type { AppContext } from '@server/context.ts';
import { abilityOf } from '@server/lib/ability.ts';
import { invalidate } from '@server/lib/caches.ts';
import { AppError, badRequest, notFound } from '@server/lib/errors.ts';
import { writeAudit } from '@server/modules/audit/index.ts';
import { chainClient, incidentHolds, revertName, voucherSigner } from '@server/modules/chain/index.ts';
import { ACCOUNTS, balancesOf, refKey, transferBatch } from '@server/modules/ledger/index.ts';
import { type ApprovalLinks, addressesOf, approvalLinks } from '@server/modules/members/index.ts';
import { type AgcPrice, agcPriceIfAny, agcToUsdt, pricesPaused } from '@server/modules/pricing/index.ts';
import type { SessionUser } from '@server/plugins/auth.ts';
import type { Translate } from '@server/plugins/i18n.ts';
import { createWalletClient, http } from 'viem';
import { toWithdrawalDto } from './dto.ts';
import {
  auditingTotals,
  lockWithdrawal,
  lockWithdrawals,
  memberKey,
  updateWithdrawal,
  updateWithdrawals,
  type WithdrawalRow,
  type WithdrawPageQuery,
  withdrawalPage,
} from './repository.ts';
import { unlockTransfer } from './service.ts';

const snapshot = (w: WithdrawalRow) => ({
  status: w.status,
  reason: w.reason,
  note: w.auditNote,
  first_approved_by: w.firstApprovedBy?.toString() ?? null,
});

type Valued = Pick<WithdrawalRow, 'asset' | 'amount' | 'agcPriceUsdt'>;

/**
 * The USDT value of a withdrawal, minor units: an AGC one at the price recorded with the request (older rows: the
 * price in force), null when there is neither (prices paused).
 */
function usdtValue(w: Valued, price: AgcPrice | null): bigint | null {
  if (w.asset === 'USDT') return w.amount;
  const usdtPerAgc = w.agcPriceUsdt ?? price?.usdtPerAgc;
  return usdtPerAgc === undefined ? null : agcToUsdt(w.amount, usdtPerAgc);
}

/** Above WITHDRAW_SECOND_APPROVAL_USDT a second approver is needed; a value that cannot be told needs one too. */
const needsSecond = (ctx: AppContext, w: Valued, price: AgcPrice | null) => {
  const value = usdtValue(w, price);
  return value === null || value > ctx.config.withdraw.secondApprovalUsdt;
};

/**
 * The chain-incident holds of the members whose withdrawals are being approved. A member with an open incident keeps
 * at least its disputed amount (USDT; AGC at the current price) between its available balances and its Auditing
 * withdrawals: an approval that would leave less is refused, so the withdrawal waits (held) until an admin resolves
 * the incident. Only members with a hold cost more than one query.
 */
class HoldBook {
  private constructor(
    private readonly price: AgcPrice | null,
    private readonly holds: Map<bigint, bigint>,
    /** What each held member has that could still leave: available plus Auditing withdrawals, USDT value. */
    private readonly free: Map<bigint, bigint>,
  ) {}

  static async read(db: DbOrTx, price: AgcPrice | null, members: readonly bigint[]): Promise<HoldBook> {
    const holds = await incidentHolds(db, members);
    const held = [...holds.keys()];
    const free = new Map<bigint, bigint>();
    if (held.length > 0) {
      const refs = held.flatMap((userId) =>
        (['USDT', 'AGC'] as const).map((asset) => ({ userId, code: ACCOUNTS.available, asset })),
      );
      const [available, auditing] = await Promise.all([balancesOf(db, refs), auditingTotals(db, held)]);
      for (const userId of held) {
        const of = (asset: 'USDT' | 'AGC') =>
          (available.get(refKey({ userId, code: ACCOUNTS.available, asset })) ?? 0n) +
          (auditing.get(memberKey(userId, asset)) ?? 0n);
        // Prices paused: the AGC counts for nothing (a held member's USDT must cover the hold alone).
        free.set(userId, of('USDT') + (price ? agcToUsdt(of('AGC'), price.usdtPerAgc) : 0n));
      }
    }
    return new HoldBook(price, holds, free);
  }

  /** Refusal of paying `w` out (its final approval), or null; `take` books it for the next decision of a batch. */
  check(w: WithdrawalRow, take = false): AppError | null {
    const hold = this.holds.get(w.userId);
    if (!hold) return null;
    const value = usdtValue(w, this.price);
    // A held member's AGC withdrawal of unknown value waits for prices.
    if (value === null) return pricesPaused();
    const after = (this.free.get(w.userId) ?? 0n) - value;
    if (after < hold)
      return badRequest('withdraw.held_incident', { num: formatAssetFigure(hold, 'USDT', 'exact') });
    if (take) this.free.set(w.userId, after);
    return null;
  }
}

/** Everything maker-checker reads about a set of withdrawals and an approver, read once for all of them. */
interface ApprovalFacts {
  /** Null while prices are paused (approvals go on: AGC withdrawals carry the price they were requested at). */
  price: AgcPrice | null;
  links: ApprovalLinks;
  holds: HoldBook;
}

async function approvalFacts(
  ctx: AppContext,
  db: DbOrTx,
  actor: SessionUser,
  rows: readonly WithdrawalRow[],
): Promise<ApprovalFacts> {
  const price = await agcPriceIfAny(ctx.prices);
  const members = [...new Set(rows.map((w) => w.userId))];
  const people = [actor.id, ...members, ...rows.flatMap((w) => w.firstApprovedBy ?? [])];
  const [links, holds] = await Promise.all([
    approvalLinks(ctx, db, people),
    HoldBook.read(db, price, members),
  ]);
  return { price, links, holds };
}

/**
 * Withdrawals as the audit page shows them: with each member's available balance of the asset now
 * (one lookup on the accounts' key for all of them), the maker-checker state, a revocation under way, and
 * whether the asking approver may approve it now (the rule below, translated).
 */
export async function toAdminRows(
  ctx: AppContext,
  rows: WithdrawalRow[],
  viewer: SessionUser,
  t: Translate,
): Promise<AdminWithdrawal[]> {
  const availableRef = (w: WithdrawalRow) => ({ userId: w.userId, code: ACCOUNTS.available, asset: w.asset });
  const auditing = rows.filter((w) => w.status === 'Auditing');
  const [available, approvers, facts] = await Promise.all([
    balancesOf(ctx.db, rows.map(availableRef)),
    addressesOf(ctx.db, [
      ...new Set(rows.flatMap((w) => (w.firstApprovedBy === null ? [] : [w.firstApprovedBy]))),
    ]),
    approvalFacts(ctx, ctx.db, viewer, auditing),
  ]);
  const now = ctx.now();
  return rows.map((w) => {
    const a = w.status === 'Auditing' ? approval(ctx, viewer, w, facts, now) : null;
    return {
      ...toWithdrawalDto(ctx, w),
      member_available: formatAmount(
        available.get(refKey(availableRef(w))) ?? 0n,
        tokenDecimals(w.type as WithdrawType),
      ),
      audit_note: w.auditNote,
      needs_second_approval: needsSecond(ctx, w, facts.price),
      first_approved_by: w.firstApprovedBy === null ? null : (approvers.get(w.firstApprovedBy) ?? null),
      revoke_requested_at: w.revokeRequestedAt?.toISOString() ?? null,
      revoke_tx_hash: w.revokeTxHash,
      approve: abilityOf(
        a === null ? badRequest('withdraw.not_auditing') : a.kind === 'refused' ? a.error : null,
        t,
      ),
    };
  });
}

/** The audit page's list. */
export async function listForAudit(ctx: AppContext, q: WithdrawPageQuery, viewer: SessionUser, t: Translate) {
  const page = await withdrawalPage(ctx.db, q);
  return { ...page, list: await toAdminRows(ctx, page.list, viewer, t) };
}

type Approval =
  | { kind: 'approve' }
  | { kind: 'first'; set: Partial<WithdrawalRow> }
  | { kind: 'refused'; error: AppError };

const refused = (error: AppError): Approval => ({ kind: 'refused', error });

/**
 * Maker-checker for one Auditing withdrawal and one approver, the one rule for the action and the page: nobody
 * approves their own withdrawal; an amount worth more than WITHDRAW_SECOND_APPROVAL_USDT takes two different
 * approvers (the first one is recorded, the second makes it Withdrawable); an approver is no independent checker of
 * a member (or of the first approver) it gained its approval role from, or who gained theirs from it, within
 * ROLE_COOLING_HOURS (members/approvalLinks); and the final approval keeps a chain incident's hold (HoldBook).
 * `take` books an approval in the hold book (a batch decides one after another).
 */
function approval(
  ctx: AppContext,
  actor: SessionUser,
  w: WithdrawalRow,
  facts: ApprovalFacts,
  now: Date,
  take = false,
): Approval {
  const hours = Math.round(ctx.config.roles.coolingMs / 3_600_000);
  if (w.userId === actor.id) return refused(new AppError(ErrorCode.forbidden, 'withdraw.own_approval'));
  if (facts.links.related(actor.id, w.userId))
    return refused(new AppError(ErrorCode.forbidden, 'withdraw.related_to_member', { hours }));
  const final = (): Approval => {
    const held = facts.holds.check(w, take);
    return held ? refused(held) : { kind: 'approve' };
  };
  if (!needsSecond(ctx, w, facts.price)) return final();
  if (w.firstApprovedBy === null)
    return { kind: 'first', set: { firstApprovedBy: actor.id, firstApprovedAt: now } };
  if (w.firstApprovedBy === actor.id) return refused(badRequest('withdraw.second_approver_needed'));
  if (facts.links.related(actor.id, w.firstApprovedBy))
    return refused(new AppError(ErrorCode.forbidden, 'withdraw.related_to_first', { hours }));
  return final();
}

/**
 * One audit decision on one Auditing withdrawal: lock it, refuse unless it is still Auditing, let `decision`
 * say what to set (or refuse), set it, let `post` post what moves with it, and write the audit log entry
 * (before and after) in the same transaction.
 */
async function decide(
  ctx: AppContext,
  actor: SessionUser,
  id: bigint,
  decision: (
    before: WithdrawalRow,
    tx: DbOrTx,
  ) => Promise<{
    action: string;
    set: Partial<WithdrawalRow>;
    post?: (tx: DbOrTx) => Promise<unknown>;
  }>,
): Promise<WithdrawalRow> {
  const after = await ctx.db.transaction(async (tx) => {
    const before = await lockWithdrawal(tx, id);
    if (!before) throw notFound('withdraw.not_found');
    if (before.status !== 'Auditing') throw badRequest('withdraw.not_auditing');
    const { action, set, post } = await decision(before, tx);
    const row = await updateWithdrawal(tx, id, { ...set, auditedBy: actor.id, auditedAt: ctx.now() });
    await post?.(tx);
    await writeAudit(tx, {
      actorId: actor.id,
      action,
      target: `withdraw:${id}`,
      before: snapshot(before),
      after: snapshot(defined(row)),
    });
    return defined(row);
  });
  invalidate(ctx, { kind: 'figures', ids: [after.userId] });
  return after;
}

/**
 * Approve one Auditing withdrawal: it becomes Withdrawable (the member may fetch a voucher), or, for an
 * amount that needs two approvers, the first approval is recorded and it stays Auditing. No money moves:
 * the amount already sits in the member's locked balance.
 */
export async function approveWithdrawal(
  ctx: AppContext,
  actor: SessionUser,
  id: bigint,
  note: string | undefined,
): Promise<WithdrawalRow> {
  return decide(ctx, actor, id, async (before, tx) => {
    const a = approval(ctx, actor, before, await approvalFacts(ctx, tx, actor, [before]), ctx.now());
    if (a.kind === 'refused') throw a.error;
    if (a.kind === 'first')
      return { action: 'withdraw.first_approval', set: { ...a.set, auditNote: note ?? before.auditNote } };
    return {
      action: 'withdraw.approve',
      set: { status: 'Withdrawable', auditNote: note ?? before.auditNote },
    };
  });
}

/**
 * Reject one Auditing withdrawal with a reason the member sees: Rejected, and the amount goes back
 * from locked to available in the same transaction. Only Auditing ones: once approved, a voucher may
 * be out, so the vault must cancel it first (revokeWithdrawal).
 */
export const rejectWithdrawal = (ctx: AppContext, actor: SessionUser, id: bigint, reason: string) =>
  decide(ctx, actor, id, async (before) => ({
    action: 'withdraw.reject',
    set: { status: 'Rejected', reason },
    post: (tx) => transferBatch(tx, [unlockTransfer(before)]),
  }));

/**
 * Approve many at once, with the same rules as one by one: each listed withdrawal still Auditing is
 * approved (or gets its first approval), in one transaction, each audit-logged; the others (decided
 * meanwhile, unknown, the approver's own, or already first-approved by this approver) are skipped.
 */
export async function bulkApprove(
  ctx: AppContext,
  actor: SessionUser,
  ids: bigint[],
  note: string | undefined,
): Promise<{ approved: string[]; awaiting_second: string[]; skipped: string[] }> {
  const unique = [...new Set(ids)];
  const now = ctx.now();
  const decided = await ctx.db.transaction(async (tx) => {
    const rows = await lockWithdrawals(tx, unique, 'Auditing');
    const facts = await approvalFacts(ctx, tx, actor, rows);
    const out: Array<{ before: WithdrawalRow; after: WithdrawalRow; first: boolean }> = [];
    for (const before of rows) {
      const a = approval(ctx, actor, before, facts, now, true);
      if (a.kind === 'refused') continue;
      const set: Partial<WithdrawalRow> =
        a.kind === 'first'
          ? { ...a.set, auditNote: note ?? before.auditNote }
          : { status: 'Withdrawable', auditNote: note ?? before.auditNote };
      out.push({
        before,
        after: { ...before, ...set, auditedBy: actor.id, auditedAt: now },
        first: a.kind === 'first',
      });
    }
    const approve = out.filter((d) => !d.first).map((d) => d.before.id);
    const first = out.filter((d) => d.first).map((d) => d.before.id);
    await updateWithdrawals(tx, approve, {
      status: 'Withdrawable',
      auditNote: note,
      auditedBy: actor.id,
      auditedAt: now,
    });
    await updateWithdrawals(tx, first, {
      firstApprovedBy: actor.id,
      firstApprovedAt: now,
      auditNote: note,
      auditedBy: actor.id,
      auditedAt: now,
    });
    await writeAudit(
      tx,
      out.map((d) => ({
        actorId: actor.id,
        action: d.first ? 'withdraw.first_approval' : 'withdraw.approve',
        target: `withdraw:${d.before.id}`,
        before: snapshot(d.before),
        after: snapshot(d.after),
      })),
    );
    return out;
  });
  if (decided.length > 0)
    invalidate(ctx, { kind: 'figures', ids: [...new Set(decided.map((d) => d.before.userId))] });
  const sortIds = (list: bigint[]) => [...list].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)).map(String);
  const done = new Set(decided.map((d) => d.before.id));
  return {
    approved: sortIds(decided.filter((d) => !d.first).map((d) => d.before.id)),
    awaiting_second: sortIds(decided.filter((d) => d.first).map((d) => d.before.id)),
    skipped: unique.filter((id) => !done.has(id)).map(String),
  };
}

/**
 * Revoke an approved (Withdrawable) withdrawal that was not claimed: the vault's `cancel(id)` is sent with
 * the voucher signer's key (the vault lets its signer void what it signed), so no voucher handed out can
 * pay any more. When the watcher reads the VoucherCancelled event at finality, the withdrawal becomes
 * Rejected with `reason` and the amount goes back to available (ingestVaultEvents). Should the member's
 * claim land first, the cancel reverts and the withdrawal ends Success as usual. Audit-logged.
 */
export async function revokeWithdrawal(
  ctx: AppContext,
  actor: SessionUser,
  id: bigint,
  reason: string,
): Promise<WithdrawalRow> {
  const requested = await ctx.db.transaction(async (tx) => {
    const before = await lockWithdrawal(tx, id);
    if (!before) throw notFound('withdraw.not_found');
    if (before.status !== 'Withdrawable') throw badRequest('withdraw.not_revocable');
    if (before.revokeRequestedAt) throw badRequest('withdraw.revoking');
    const row = await updateWithdrawal(tx, id, {
      revokeRequestedBy: actor.id,
      revokeRequestedAt: ctx.now(),
      revokeReason: reason,
    });
    await writeAudit(tx, {
      actorId: actor.id,
      action: 'withdraw.revoke_request',
      target: `withdraw:${id}`,
      before: snapshot(before),
      after: { ...snapshot(defined(row)), revoke_reason: reason },
    });
    return defined(row);
  });

  const signer = voucherSigner(ctx);
  const client = chainClient(ctx.chain);
  let hash: `0x${string}`;
  try {
    const { request } = await client.simulateContract({
      account: signer,
      address: ctx.chain.contracts.vault,
      abi: vaultAbi,
      functionName: 'cancel',
      args: [id],
    });
    const wallet = createWalletClient({ account: signer, transport: http(ctx.chain.rpcUrl) });
    hash = await wallet.writeContract({ ...request, chain: null });
  } catch (err) {
    // Nothing was sent: the withdrawal stays as it was, without the request.
    await updateWithdrawal(ctx.db, id, {
      revokeRequestedBy: null,
      revokeRequestedAt: null,
      revokeReason: null,
    });
    const name = revertName(err);
    if (name === 'AlreadyClaimed') throw badRequest('withdraw.already_claimed');
    throw badRequest('withdraw.revoke_failed', {
      reason: name ?? (err as Error).message.split('\n')[0] ?? '',
    });
  }
  const row = await updateWithdrawal(ctx.db, id, { revokeTxHash: hash.toLowerCase() });
  invalidate(ctx, { kind: 'figures', ids: [requested.userId] });
  return defined(row);
}
