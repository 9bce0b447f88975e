import type { DbOrTx } from '@agc/db';
import {
  AGC_DECIMALS,
  ErrorCode,
  formatAmount,
  type Incident,
  type IncidentList,
  type IncidentStatus,
  USDT_DECIMALS,
} from '@agc/shared';
import type { AppContext } from '@server/context.ts';
import { abilityOf } from '@server/lib/ability.ts';
import { invalidate } from '@server/lib/caches.ts';
import { AppError, notFound } from '@server/lib/errors.ts';
import { pageAnswer } from '@server/lib/paging.ts';
import { writeAudit } from '@server/modules/audit/index.ts';
import {
  findIncident,
  type IncidentRow,
  incidentPage,
  lockIncident,
  updateIncident,
} from '@server/modules/chain/index.ts';
import { reverseSubscription, subscriptionCredits } from '@server/modules/funds/index.ts';
import type { PostedTransfer } from '@server/modules/ledger/index.ts';
import { type ApprovalLinks, addressesOf, approvalLinks } from '@server/modules/members/index.ts';
import { orderCredits, reverseOrder } from '@server/modules/shop/index.ts';
import type { SessionUser } from '@server/plugins/auth.ts';
import type { Translate } from '@server/plugins/i18n.ts';

const conflict = (key: string, vars?: Record<string, string | number>) =>
  new AppError(ErrorCode.conflict, key, vars);
const forbidden = (key: string, vars?: Record<string, string | number>) =>
  new AppError(ErrorCode.forbidden, key, vars);

const iso = (d: Date | null) => d?.toISOString() ?? null;
const target = (id: bigint) => `incident:${id}`;

/** A reversal of more than WITHDRAW_SECOND_APPROVAL_USDT takes two admins, as such a withdrawal does. */
const needsSecond = (ctx: AppContext, i: Pick<IncidentRow, 'amountUsdt'>) =>
  i.amountUsdt > ctx.config.withdraw.secondApprovalUsdt;

// --- The rules: each answers the refusal (or null), for the action and for the page's ability alike. ---

/** Deciding an incident at all: nobody decides one about their own payment. */
const ownRefusal = (actor: SessionUser, i: IncidentRow) =>
  i.userId === actor.id ? forbidden('incident.own') : null;

/** Reversing (or asking to reverse) an open incident. */
function reverseRefusal(actor: SessionUser, i: IncidentRow): AppError | null {
  if (i.status === 'reversal_pending') return conflict('incident.reversal_pending');
  if (i.status !== 'open') return conflict('incident.not_open');
  return ownRefusal(actor, i);
}

/** Confirming a pending reversal: another admin than the one who asked, independent of them (members.approvalLinks). */
function confirmRefusal(
  ctx: AppContext,
  actor: SessionUser,
  i: IncidentRow,
  links: ApprovalLinks,
): AppError | null {
  if (i.status !== 'reversal_pending') return conflict('incident.not_pending');
  const own = ownRefusal(actor, i);
  if (own) return own;
  if (i.reversalRequestedById === actor.id) return forbidden('incident.own_reversal');
  if (i.reversalRequestedById !== null && links.related(actor.id, i.reversalRequestedById))
    return forbidden('incident.related', { hours: Math.round(ctx.config.roles.coolingMs / 3_600_000) });
  return null;
}

/** Withdrawing a pending reversal: any admin (the incident is open again). */
const cancelRefusal = (i: IncidentRow): AppError | null =>
  i.status === 'reversal_pending' ? null : conflict('incident.not_pending');

/** Accepting an open incident with a reason (a pending reversal is cancelled first). */
function acceptRefusal(actor: SessionUser, i: IncidentRow): AppError | null {
  if (i.status === 'reversal_pending') return conflict('incident.reversal_pending');
  if (i.status !== 'open') return conflict('incident.not_open');
  return ownRefusal(actor, i);
}

const decimalsOf = (asset: string) => (asset === 'AGC' ? AGC_DECIMALS : USDT_DECIMALS);

/**
 * A page of incidents (the undecided ones by default), each with what its payment credited and what the asking
 * admin may do with it.
 */
export async function listIncidents(
  ctx: AppContext,
  q: { status: IncidentStatus; page: number; size: number },
  viewer: SessionUser,
  t: Translate,
): Promise<IncidentList> {
  const { rows, total } = await incidentPage(ctx.db, q);
  const list = await toIncidents(ctx, ctx.db, rows, viewer, t);
  return pageAnswer(list, total, q);
}

async function toIncidents(
  ctx: AppContext,
  db: DbOrTx,
  rows: IncidentRow[],
  viewer: SessionUser,
  t: Translate,
): Promise<Incident[]> {
  const shopIds = rows.filter((r) => r.subject === 'shop_order').map((r) => r.subjectId);
  const fundIds = rows.filter((r) => r.subject === 'fund_order').map((r) => r.subjectId);
  const [shop, funds, links] = await Promise.all([
    orderCredits(db, shopIds),
    subscriptionCredits(db, fundIds),
    approvalLinks(ctx, db, [
      viewer.id,
      ...rows.flatMap((r) => (r.reversalRequestedById === null ? [] : [r.reversalRequestedById])),
    ]),
  ]);
  const credits = (r: IncidentRow) => (r.subject === 'shop_order' ? shop : funds).get(r.subjectId);
  const holders = await addressesOf(db, [
    ...new Set(
      rows.flatMap((r) => credits(r)?.postings ?? []).flatMap((p: PostedTransfer) => p.credit.userId ?? []),
    ),
  ]);
  return rows.map((r) => {
    const c = credits(r);
    return {
      id: r.id.toString(),
      status: r.status,
      subject: r.subject,
      subject_id: r.subjectId.toString(),
      product: c?.product ?? '',
      subject_status: c?.status ?? '',
      member: r.address,
      amount_usdt: formatAmount(r.amountUsdt, USDT_DECIMALS),
      opened_at: r.openedAt.toISOString(),
      tx_hash: r.txHash,
      block_number: r.blockNumber.toString(),
      touched: {
        postings: (c?.postings ?? []).map((p) => ({
          account: p.credit.code,
          holder: p.credit.userId === null ? null : (holders.get(p.credit.userId) ?? null),
          asset: p.credit.asset,
          amount: formatAmount(p.amount, decimalsOf(p.credit.asset)),
        })),
        team_volume: c?.teamVolume ?? false,
      },
      needs_second_admin: needsSecond(ctx, r),
      reversal_requested_by: r.reversalRequestedBy,
      reversal_requested_at: iso(r.reversalRequestedAt),
      resolved_by: r.resolvedBy,
      resolved_at: iso(r.resolvedAt),
      reason: r.reason,
      reversal: r.reversal ?? null,
      reverse: abilityOf(reverseRefusal(viewer, r), t),
      confirm: abilityOf(confirmRefusal(ctx, viewer, r, links), t),
      cancel: abilityOf(cancelRefusal(r), t),
      accept: abilityOf(acceptRefusal(viewer, r), t),
    };
  });
}

const snapshot = (i: Pick<IncidentRow, 'status' | 'reversalRequestedBy' | 'reason'>) => ({
  status: i.status,
  reversal_requested_by: i.reversalRequestedBy,
  reason: i.reason,
});

/**
 * One decision on one incident: lock it, let `decide` refuse or act (in the same transaction), write the audit
 * entry, and answer the incident as the page shows it. The member's (and a reversed referral's inviter's) cached
 * figures are dropped after commit.
 */
async function decide(
  ctx: AppContext,
  actor: SessionUser,
  id: string,
  t: Translate,
  decision: (
    tx: DbOrTx,
    i: IncidentRow,
  ) => Promise<{ action: string; after: Record<string, unknown>; reversed?: boolean }>,
): Promise<Incident> {
  const { member, reversed } = await ctx.db.transaction(async (tx) => {
    const before = await lockIncident(tx, BigInt(id));
    if (!before) throw notFound('incident.not_found');
    const done = await decision(tx, before);
    await writeAudit(tx, {
      actorId: actor.id,
      action: done.action,
      target: target(before.id),
      before: { ...snapshot(before), subject: before.subject, subject_id: before.subjectId.toString() },
      after: done.after,
    });
    return { member: before.userId, reversed: done.reversed ?? false };
  });
  // A reversal moves the member's and an inviter's figures, and its ancestors' team volume.
  invalidate(ctx, reversed ? { kind: 'allFigures' } : { kind: 'figures', ids: [member] });
  const fresh = await findIncident(ctx.db, BigInt(id));
  if (!fresh) throw notFound('incident.not_found');
  return (await toIncidents(ctx, ctx.db, [fresh], actor, t))[0] as Incident;
}

/** Posts the reversal of what the incident's payment credited, and closes the incident as reversed. */
async function executeReversal(
  ctx: AppContext,
  tx: DbOrTx,
  actor: SessionUser,
  i: IncidentRow,
  note: string | null,
) {
  const ref = target(i.id);
  const reversal =
    i.subject === 'shop_order'
      ? await reverseOrder(ctx, tx, i.subjectId, ref)
      : await reverseSubscription(ctx, tx, i.subjectId, ref);
  await updateIncident(tx, i.id, {
    status: 'reversed',
    resolvedBy: actor.id,
    resolvedAt: ctx.now(),
    reversal,
    ...(note !== null && { reason: note }),
  });
  return reversal;
}

/**
 * An admin reverses an open incident: at once when its amount is within WITHDRAW_SECOND_APPROVAL_USDT, else it waits
 * for a second admin (reversal_pending). Never one's own payment. Audit-logged.
 */
export const reverseIncident = (
  ctx: AppContext,
  actor: SessionUser,
  id: string,
  note: string | undefined,
  t: Translate,
) =>
  decide(ctx, actor, id, t, async (tx, i) => {
    const refusal = reverseRefusal(actor, i);
    if (refusal) throw refusal;
    if (needsSecond(ctx, i)) {
      await updateIncident(tx, i.id, {
        status: 'reversal_pending',
        reversalRequestedBy: actor.id,
        reversalRequestedAt: ctx.now(),
        reason: note ?? null,
      });
      return {
        action: 'incident.reversal_request',
        after: { status: 'reversal_pending', note: note ?? null },
      };
    }
    const reversal = await executeReversal(ctx, tx, actor, i, note ?? null);
    return { action: 'incident.reverse', after: { status: 'reversed', reversal }, reversed: true };
  });

/** A second admin confirms a pending reversal (not the one who asked, nor one related to them): it is posted. */
export const confirmReversal = (ctx: AppContext, actor: SessionUser, id: string, t: Translate) =>
  decide(ctx, actor, id, t, async (tx, i) => {
    const links = await approvalLinks(ctx, tx, [
      actor.id,
      ...(i.reversalRequestedById === null ? [] : [i.reversalRequestedById]),
    ]);
    const refusal = confirmRefusal(ctx, actor, i, links);
    if (refusal) throw refusal;
    const reversal = await executeReversal(ctx, tx, actor, i, i.reason);
    return {
      action: 'incident.reverse',
      after: { status: 'reversed', requested_by: i.reversalRequestedBy, reversal },
      reversed: true,
    };
  });

/** Any admin withdraws a pending reversal: the incident is open again. */
export const cancelReversal = (ctx: AppContext, actor: SessionUser, id: string, t: Translate) =>
  decide(ctx, actor, id, t, async (tx, i) => {
    const refusal = cancelRefusal(i);
    if (refusal) throw refusal;
    await updateIncident(tx, i.id, {
      status: 'open',
      reversalRequestedBy: null,
      reversalRequestedAt: null,
      reason: null,
    });
    return { action: 'incident.reversal_cancel', after: { status: 'open' } };
  });

/** An admin accepts an open incident with a reason: the credit stands, the hold ends. Never one's own payment. */
export const acceptIncident = (
  ctx: AppContext,
  actor: SessionUser,
  id: string,
  reason: string,
  t: Translate,
) =>
  decide(ctx, actor, id, t, async (tx, i) => {
    const refusal = acceptRefusal(actor, i);
    if (refusal) throw refusal;
    await updateIncident(tx, i.id, {
      status: 'accepted',
      resolvedBy: actor.id,
      resolvedAt: ctx.now(),
      reason,
    });
    return { action: 'incident.accept', after: { status: 'accepted', reason } };
  });
