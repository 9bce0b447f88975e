import { AGC_DECIMALS, formatAmount, type LaunchpadPurchase, type Locale, USDT_DECIMALS } from '@agc/shared';
import type { AppContext } from '../../context.ts';
import { invalidate } from '../../lib/caches.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { pageAnswer } from '../../lib/paging.ts';
import { textsIn } from '../../lib/translations.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { ACCOUNTS, balanceOf, LedgerError, transferBatch } from '../ledger/index.ts';
import {
  findPurchase,
  insertPurchaseWithin,
  type LaunchpadPurchaseRow,
  listCopies,
  listPurchases,
  type PurchaseWithRound,
  takeCopies,
} from './purchases-repository.ts';
import { findRound, type LaunchpadRoundRow, memberCopies } from './rounds-repository.ts';
import { roundFor, roundOr404 } from './rounds-service.ts';
import { nextReleaseAt } from './schedule.ts';

/**
 * The number of copies a member typed: a whole number of at least 1 written in digits (no sign, no decimals, no
 * exponent). Translated `launchpad.copies_*` messages otherwise.
 */
export function parseCopies(text: string): number {
  const t = text.trim();
  if (t === '') throw badRequest('launchpad.copies_required');
  if (/^[-−]\s*\d+$/.test(t)) throw badRequest('launchpad.copies_positive');
  if (!/^\d+$/.test(t)) throw badRequest('launchpad.copies_whole');
  const n = Number(t);
  if (n < 1) throw badRequest('launchpad.copies_positive');
  return n;
}

/**
 * Why `round` cannot sell `n` copies to a member holding `held` of them at `now` (throws), or nothing. The one
 * statement of the sale's rules in words; the purchase's locked update enforces the same rules in SQL.
 */
function refuse(round: LaunchpadRoundRow, n: number, held: number | null, now: Date): void {
  if (round.status === 'closed') throw badRequest('launchpad.round_closed');
  if (now < round.startsAt) throw badRequest('launchpad.not_started', { date: round.startsAt.toISOString() });
  if (now >= round.endsAt) throw badRequest('launchpad.ended');
  const left = round.copies - round.sold;
  if (left <= 0) throw badRequest('launchpad.sold_out');
  if (n > left) throw badRequest('launchpad.copies_left', { num: left });
  if (held !== null && held + n > round.perMemberLimit) throw limitError(round.perMemberLimit, held);
}

/** The per-member limit's refusal: how many more the member may buy, or that the limit is reached. */
function limitError(limit: number, held: number) {
  const more = Math.max(limit - held, 0);
  if (more === 0) return badRequest('launchpad.limit_reached', { num: limit });
  return badRequest('launchpad.limit', { num: more });
}

const usdtAvailable = (userId: bigint) => ({ userId, code: ACCOUNTS.available, asset: 'USDT' as const });

/**
 * Buys `copiesText` copies of round `roundId` for `user`, paid from available USDT, in one transaction whose
 * serialization point is the round row's conditional update (never oversold; copies numbered in purchase
 * order). Refusals say why and change nothing. Checks that only ever turn from "yes" to "no" (copies left,
 * copies held, the window) are made first without any lock, so a sold-out round answers at once; the locked
 * section is: the update, one insert of the purchase and its copies (with the per-member limit), the ledger.
 */
export async function buyCopies(
  ctx: AppContext,
  user: SessionUser,
  roundId: number,
  copiesText: string,
): Promise<LaunchpadPurchaseRow> {
  const n = parseCopies(copiesText);
  const now = ctx.now();
  const round = await roundOr404(ctx, roundId);
  refuse(round, n, null, now);
  refuse(round, n, await memberCopies(ctx.db, roundId, user.id), now);
  const cost = BigInt(n) * round.priceUsdt;
  const short = () => badRequest('launchpad.balance_short', { num: formatAmount(cost, USDT_DECIMALS) });
  if ((await balanceOf(ctx.db, usdtAvailable(user.id))) < cost) throw short();
  let purchase: LaunchpadPurchaseRow;
  try {
    purchase = await ctx.db.transaction(async (tx) => {
      const taken = await takeCopies(tx, roundId, n, now);
      if (!taken) {
        // Refused by the locked update: the round changed since it was read; say what it is now.
        refuse((await findRound(tx, roundId))!, n, null, now);
        throw badRequest('launchpad.sold_out');
      }
      const amountUsdt = BigInt(n) * taken.priceUsdt;
      const agc = BigInt(n) * taken.agcPerCopy;
      const p = await insertPurchaseWithin(tx, {
        roundId,
        userId: user.id,
        copies: n,
        firstCopy: taken.sold - n + 1,
        amountUsdt,
        agc,
        limit: taken.perMemberLimit,
        now,
      });
      if (!p) {
        throw limitError(taken.perMemberLimit, await memberCopies(tx, roundId, user.id));
      }
      const key = `launchpad:buy:${p.id}`;
      const ref = `launchpad_purchase:${p.id}`;
      await transferBatch(tx, [
        {
          debit: usdtAvailable(user.id),
          credit: { userId: null, code: ACCOUNTS.launchpadSales, asset: 'USDT' },
          amount: amountUsdt,
          kind: 'launchpad.buy',
          ref,
          idempotencyKey: `${key}:usdt`,
        },
        {
          debit: { userId: null, code: ACCOUNTS.launchpadAgcIssued, asset: 'AGC' },
          credit: { userId: user.id, code: ACCOUNTS.launchpadLocked, asset: 'AGC' },
          amount: agc,
          kind: 'launchpad.buy',
          ref,
          idempotencyKey: `${key}:agc`,
        },
      ]);
      return p;
    });
  } catch (e) {
    if (e instanceof LedgerError) throw short();
    throw e;
  }
  invalidate(ctx, { kind: 'figures', ids: [user.id] });
  return purchase;
}

/** A purchase as its member sees it. */
export function toPurchaseDto(p: PurchaseWithRound, locale: Locale, now: Date): LaunchpadPurchase {
  const next = nextReleaseAt(p.agc, p.releasedAgc, p.round, now);
  return {
    id: p.id.toString(),
    round_id: p.roundId,
    round_name: textsIn(p.round, locale).name,
    copies: p.copies,
    first_copy: p.firstCopy,
    last_copy: p.firstCopy + p.copies - 1,
    amount_usdt: formatAmount(p.amountUsdt, USDT_DECIMALS),
    agc: formatAmount(p.agc, AGC_DECIMALS),
    released_agc: formatAmount(p.releasedAgc, AGC_DECIMALS),
    locked_agc: formatAmount(p.agc - p.releasedAgc, AGC_DECIMALS),
    next_release_at: next?.toISOString() ?? null,
    created_at: p.createdAt.toISOString(),
  };
}

/** The member's purchase by id; another member's and unknown ones are both 404. */
export async function ownPurchase(ctx: AppContext, userId: bigint, id: bigint): Promise<PurchaseWithRound> {
  const p = await findPurchase(ctx.db, id);
  if (!p || p.userId !== userId) throw notFound('launchpad.purchase_not_found');
  return p;
}

/** The answer of a purchase: it and its round as they are now. */
export async function buyAnswer(ctx: AppContext, userId: bigint, purchaseId: bigint, locale: Locale) {
  const p = await ownPurchase(ctx, userId, purchaseId);
  return {
    purchase: toPurchaseDto(p, locale, ctx.now()),
    round: await roundFor(ctx, userId, p.roundId, locale),
  };
}

export async function purchasesOf(
  ctx: AppContext,
  userId: bigint,
  q: { page: number; size: number },
  locale: Locale,
) {
  const { rows, total } = await listPurchases(ctx.db, userId, q);
  const now = ctx.now();
  return pageAnswer(
    rows.map((p) => toPurchaseDto(p, locale, now)),
    total,
    q,
  );
}

/** "0x1234…abcd": enough to find oneself in the public list, not enough to name anyone. */
export const maskAddress = (a: string) => `${a.slice(0, 6)}…${a.slice(-4)}`;

/** The public allocation list of a round (unknown round: 404), copy numbers ascending. */
export async function allocations(ctx: AppContext, roundId: number, q: { page: number; size: number }) {
  await roundOr404(ctx, roundId);
  const { rows, total } = await listCopies(ctx.db, roundId, q);
  return pageAnswer(
    rows.map((r) => ({
      copy_no: r.copyNo,
      address: maskAddress(r.address),
      created_at: r.createdAt.toISOString(),
    })),
    total,
    q,
  );
}
