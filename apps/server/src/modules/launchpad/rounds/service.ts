import type { DbOrTx } from '@agc/db';
import {
  type AdminLaunchpadRoundBody,
  AGC_DECIMALS,
  formatAmount,
  type LaunchpadRound,
  type LaunchpadRoundState,
  type Locale,
  USDT_DECIMALS,
} from '@agc/shared';
import type { AppContext } from '@server/context.ts';
import { parseAmountInput } from '@server/lib/amount-input.ts';
import { batcherPerDatabase } from '@server/lib/batcher.ts';
import { badRequest, notFound } from '@server/lib/errors.ts';
import { cleanTranslations, textsIn } from '@server/lib/translations.ts';
import { writeAudit } from '@server/modules/audit/index.ts';
import type { SessionUser } from '@server/plugins/auth.ts';
import { releaseStart } from '../release/schedule.ts';
import { memberRoundOrder } from './order.ts';
import {
  closeRoundRow,
  copiesByRound,
  copiesOfPairs,
  findRound,
  findRounds,
  insertRound,
  type LaunchpadRoundInput,
  type LaunchpadRoundRow,
  listRounds,
  lockRound,
  roundTotals,
  updateRoundRow,
} from './repository.ts';
import { markRoundEdited } from './views.ts';

/**
 * A round's state at `now`: Closed (by an admin) first, then Upcoming (before starts_at), SoldOut (no copy left,
 * also after the end: the more telling fact), Ended (ends_at passed), else Open.
 */
export function roundState(r: LaunchpadRoundRow, now: Date): LaunchpadRoundState {
  if (r.status === 'closed') return 'Closed';
  if (now < r.startsAt) return 'Upcoming';
  if (r.sold >= r.copies) return 'SoldOut';
  if (now >= r.endsAt) return 'Ended';
  return 'Open';
}

/** A round as members see it, in `locale`. */
export function toRoundDto(
  r: LaunchpadRoundRow,
  locale: Locale,
  myCopies: number,
  now: Date,
): LaunchpadRound {
  const texts = textsIn(r, locale);
  return {
    id: r.id,
    name: texts.name,
    description: texts.description,
    copies: r.copies,
    sold: r.sold,
    remaining: r.copies - r.sold,
    price_usdt: formatAmount(r.priceUsdt, USDT_DECIMALS),
    agc_per_copy: formatAmount(r.agcPerCopy, AGC_DECIMALS),
    per_member_limit: r.perMemberLimit,
    starts_at: r.startsAt.toISOString(),
    ends_at: r.endsAt.toISOString(),
    cliff_days: r.cliffDays,
    linear_days: r.linearDays,
    release_starts_at: releaseStart(r).toISOString(),
    state: roundState(r, now),
    my_copies: myCopies,
    server_time: now.toISOString(),
  };
}

/** Every round in the members' order (`memberRoundOrder`), with the caller's copies. */
export async function roundsFor(ctx: AppContext, userId: bigint, locale: Locale): Promise<LaunchpadRound[]> {
  const rows = await listRounds(ctx.db);
  const mine = await copiesByRound(
    ctx.db,
    userId,
    rows.map((r) => r.id),
  );
  const now = ctx.now();
  return rows.map((r) => toRoundDto(r, locale, mine.get(r.id) ?? 0, now)).sort(memberRoundOrder);
}

/** A round by id; unknown: 404. */
export async function roundOr404(ctx: AppContext, id: number): Promise<LaunchpadRoundRow> {
  const row = await findRound(ctx.db, id);
  if (!row) throw notFound('launchpad.round_not_found');
  return row;
}

/**
 * A round's row and a member's copies of it, for the requests that ask at the same moment together: one query for
 * their rounds and one for their copies per batch (lib/batcher.ts), not two per request. A request waits at most for
 * the batch before it, and its own batch reads after it arrived (a member's purchase just answered is seen).
 */
const roundReads = batcherPerDatabase(
  async (db: DbOrTx, keys: Array<{ userId: bigint; roundId: number }>) => {
    const [rows, copies] = await Promise.all([
      findRounds(
        db,
        keys.map((k) => k.roundId),
      ),
      copiesOfPairs(db, keys),
    ]);
    return keys.map((k, i) => ({ row: rows.get(k.roundId), mine: copies[i] ?? 0 }));
  },
);

/** One round with the caller's copies (a page opened by every buyer at once before a sale: read in batches). */
export async function roundFor(
  ctx: AppContext,
  userId: bigint,
  id: number,
  locale: Locale,
): Promise<LaunchpadRound> {
  const { row, mine } = await roundReads(ctx.db).load({ userId, roundId: id });
  if (!row) throw notFound('launchpad.round_not_found');
  return toRoundDto(row, locale, mine, ctx.now());
}

// --- admin ---

/** An instant the admins' form sent (ISO 8601); anything else is refused. */
function instant(text: string): Date {
  const d = new Date(text);
  if (text.trim() === '' || Number.isNaN(d.getTime())) throw badRequest('launchpad.time_invalid');
  return d;
}

/** The admins' form as a row's values: price (USDT) and AGC per copy typed amounts, the window in order. */
export function roundInput(body: AdminLaunchpadRoundBody, actorId: bigint | null): LaunchpadRoundInput {
  const priceUsdt = parseAmountInput(body.price_usdt, USDT_DECIMALS, 'launchpad');
  const agcPerCopy = parseAmountInput(body.agc_per_copy, AGC_DECIMALS, 'launchpad');
  const startsAt = instant(body.starts_at);
  const endsAt = instant(body.ends_at);
  if (endsAt <= startsAt) throw badRequest('launchpad.window');
  // A limit above the copies would promise a member more than the round holds.
  if (body.per_member_limit > body.copies) throw badRequest('launchpad.limit_over_copies');
  const translations = cleanTranslations(body.translations);
  return {
    name: body.name,
    description: body.description,
    translations,
    copies: body.copies,
    priceUsdt,
    agcPerCopy,
    perMemberLimit: body.per_member_limit,
    startsAt,
    endsAt,
    cliffDays: body.cliff_days,
    linearDays: body.linear_days,
    createdBy: actorId,
  };
}

/** A row as the audit log keeps it (bigints as text). */
const auditView = (r: LaunchpadRoundRow) => ({
  ...r,
  priceUsdt: r.priceUsdt.toString(),
  agcPerCopy: r.agcPerCopy.toString(),
  createdBy: r.createdBy?.toString() ?? null,
});

function toAdminRound(
  r: LaunchpadRoundRow,
  totals: { raised: bigint; buyers: number } | undefined,
  now: Date,
) {
  return {
    ...toRoundDto(r, 'en', 0, now),
    translations: r.translations,
    status: r.status,
    raised_usdt: formatAmount(totals?.raised ?? 0n, USDT_DECIMALS),
    buyers: totals?.buyers ?? 0,
    created_at: r.createdAt.toISOString(),
  };
}

/** Every round for the admins' page, newest first, with what it raised and from how many buyers. */
export async function adminRounds(ctx: AppContext) {
  const rows = await listRounds(ctx.db);
  const totals = await roundTotals(ctx.db);
  const now = ctx.now();
  return rows.map((r) => toAdminRound(r, totals.get(r.id), now));
}

/** Creates a round (audit-logged). */
export async function createRound(ctx: AppContext, actor: SessionUser, body: AdminLaunchpadRoundBody) {
  const input = roundInput(body, actor.id);
  const row = await ctx.db.transaction(async (tx) => {
    const created = await insertRound(tx, input);
    await writeAudit(tx, {
      actorId: actor.id,
      action: 'launchpad_round.create',
      target: `launchpad_round:${created.id}`,
      before: null,
      after: auditView(created),
    });
    return created;
  });
  return toAdminRound(row, undefined, ctx.now());
}

/**
 * Edits a round's terms, all of them, with the checks of a new round (roundInput). Only before anything can have
 * been bought under the old terms: not closed, not started (the server's clock, read under the lock) and nothing
 * sold. The round's row is locked first, as purchases and closing lock it, and the conditions are checked under
 * the lock, so an edit and a purchase or a close arriving together end one after the other, each seeing the
 * other's result. Audit-logged with before and after.
 */
export async function editRound(
  ctx: AppContext,
  actor: SessionUser,
  id: number,
  body: AdminLaunchpadRoundBody,
) {
  const { createdBy: _, ...input } = roundInput(body, null);
  const row = await ctx.db.transaction(async (tx) => {
    const before = await lockRound(tx, id);
    if (!before) throw notFound('launchpad.round_not_found');
    if (before.status === 'closed') throw badRequest('launchpad.edit_closed');
    if (ctx.now() >= before.startsAt || before.sold > 0) throw badRequest('launchpad.edit_started');
    const after = await updateRoundRow(tx, id, input);
    await writeAudit(tx, {
      actorId: actor.id,
      action: 'launchpad_round.update',
      target: `launchpad_round:${id}`,
      before: auditView(before),
      after: auditView(after),
    });
    return after;
  });
  markRoundEdited(ctx, id);
  return toAdminRound(row, (await roundTotals(ctx.db)).get(id), ctx.now());
}

/**
 * Closes a round: no purchase from now on (purchases take the same row lock, so none slips in after); what was
 * sold stays and releases on the round's schedule (its ends_at + cliff). Audit-logged with before and after.
 */
export async function closeRound(ctx: AppContext, actor: SessionUser, id: number) {
  const now = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    const before = await lockRound(tx, id);
    if (!before) throw notFound('launchpad.round_not_found');
    if (before.status === 'closed') throw badRequest('launchpad.round_already_closed');
    const after = await closeRoundRow(tx, id, now);
    await writeAudit(tx, {
      actorId: actor.id,
      action: 'launchpad_round.close',
      target: `launchpad_round:${id}`,
      before: auditView(before),
      after: auditView(after),
    });
    return after;
  });
  return toAdminRound(row, (await roundTotals(ctx.db)).get(id), ctx.now());
}
