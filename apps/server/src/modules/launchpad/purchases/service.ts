import {
  AGC_DECIMALS,
  formatAmount,
  formatAssetFigure,
  type LaunchpadPurchase,
  type Locale,
  readInteger,
  USDT_DECIMALS,
} from '@agc/shared';
import { defined } from '@agc/shared/defined';
import type { AppContext } from '@server/context.ts';
import { invalidate } from '@server/lib/caches.ts';
import { type AppError, badRequest, notFound } from '@server/lib/errors.ts';
import { pageAnswer } from '@server/lib/paging.ts';
import { textsIn } from '@server/lib/translations.ts';
import {
  ACCOUNTS,
  type AccountRef,
  lockAccounts,
  refKey,
  transferBatch,
} from '@server/modules/ledger/index.ts';
import { agcPriceIfAny, priceRecord } from '@server/modules/pricing/index.ts';
import type { SessionUser } from '@server/plugins/auth.ts';
import { nextReleaseAt } from '../release/schedule.ts';
import { findRound, type LaunchpadRoundRow, lockRound } from '../rounds/repository.ts';
import { roundOr404, toRoundDto } from '../rounds/service.ts';
import { roundEdits } from '../rounds/views.ts';
import {
  addSold,
  findPurchase,
  heldCopies,
  insertPurchases,
  type LaunchpadPurchaseRow,
  listCopies,
  listPurchases,
  type NewPurchase,
  type PurchaseWithRound,
} from './repository.ts';

/**
 * The number of copies a member typed: a whole number of at least 1 written in digits (no sign, no decimals, no
 * exponent). Translated `launchpad.copies_*` messages otherwise.
 */
export function parseCopies(text: string): number {
  if (text.trim() === '') throw badRequest('launchpad.copies_required');
  if (/^[-−]\d+$/.test(text)) throw badRequest('launchpad.copies_positive');
  const n = readInteger(text, { min: 0n, max: 999_999_999_999n });
  if (n === null) throw badRequest('launchpad.copies_whole');
  if (n < 1n) throw badRequest('launchpad.copies_positive');
  return Number(n);
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

const usdtAvailable = (userId: bigint): AccountRef => ({ userId, code: ACCOUNTS.available, asset: 'USDT' });
const agcLocked = (userId: bigint): AccountRef => ({ userId, code: ACCOUNTS.launchpadLocked, asset: 'AGC' });
const SALES: AccountRef = { userId: null, code: ACCOUNTS.launchpadSales, asset: 'USDT' };
const AGC_ISSUED: AccountRef = { userId: null, code: ACCOUNTS.launchpadAgcIssued, asset: 'AGC' };

const balanceShort = (cost: bigint) =>
  badRequest('launchpad.balance_short', { num: formatAssetFigure(cost, 'USDT', 'exact') });

/**
 * Buys `copiesText` copies of round `roundId` for `user`, paid from available USDT. Refusals say why and change
 * nothing. A request the round visibly cannot take (closed, outside its window, sold out, too few copies left:
 * facts that only ever turn from "yes" to "no") is refused at once from this process's view of the round, with
 * no lock and no query; the rest is decided under the round's row lock (applyGroup) in a group commit: requests
 * for the round that arrive while its transaction runs go together in the next one, so a rush of buyers costs a
 * few transactions (and WAL flushes) instead of one per buyer, while every copy still goes through the round
 * row's one counter, in arrival order.
 */
export async function buyCopies(
  ctx: AppContext,
  user: SessionUser,
  roundId: number,
  copiesText: string,
): Promise<Bought> {
  const n = parseCopies(copiesText);
  const sale = saleOf(ctx, roundId);
  const round = await sale.view();
  if (!round) throw notFound('launchpad.round_not_found');
  refuse(round, n, null, ctx.now());
  return new Promise((resolve, reject) => sale.submit({ user, copies: n, resolve, reject }));
}

/** A purchase made: its row, the round as its group left it, and the copies the buyer now holds there. */
export interface Bought {
  purchase: LaunchpadPurchaseRow;
  round: LaunchpadRoundRow;
  myCopies: number;
}

interface Pending {
  user: SessionUser;
  copies: number;
  resolve(b: Bought): void;
  reject(e: unknown): void;
}

/** Most requests one group transaction decides (its statements stay one each whatever the number). */
export const BUY_GROUP = { max: 200 };
/** How long this process trusts its view of a round for fast refusals before reading it again. */
const VIEW_MS = 1_000;

/** Thrown to roll back a group that sold nothing. */
const NOTHING_SOLD = Symbol('nothing sold');

const sales = new WeakMap<AppContext, Map<number, RoundSale>>();

function saleOf(ctx: AppContext, roundId: number): RoundSale {
  let byRound = sales.get(ctx);
  if (!byRound) {
    byRound = new Map();
    sales.set(ctx, byRound);
  }
  let sale = byRound.get(roundId);
  if (!sale) {
    sale = new RoundSale(ctx, roundId);
    byRound.set(roundId, sale);
  }
  return sale;
}

/**
 * One round's sale in this process: its view of the round (read once for a rush of requests, refreshed by every
 * group it commits), and the requests waiting for the next group transaction (one at a time: they would queue on
 * the row anyway). The view is only ever used to refuse; an older view refuses less, never wrongly, as long as
 * the round's terms stay: a view read before this process edited the round (rounds/views.ts) is not used again.
 */
class RoundSale {
  private waiting: Pending[] = [];
  private running = false;
  /** `edits`: the round's edits by this process when the read began. */
  private seen?: { row: LaunchpadRoundRow; at: number; edits: number };
  private reading?: { edits: number; row: Promise<LaunchpadRoundRow | undefined> };
  constructor(
    private readonly ctx: AppContext,
    private readonly roundId: number,
  ) {}

  /** The view, unless this process edited the round since it was read. */
  private current(): LaunchpadRoundRow | undefined {
    const s = this.seen;
    return s && s.edits === roundEdits(this.ctx, this.roundId) ? s.row : undefined;
  }

  view(): Promise<LaunchpadRoundRow | undefined> {
    const edits = roundEdits(this.ctx, this.roundId);
    const row = this.current();
    if (row && performance.now() - defined(this.seen).at < VIEW_MS) return Promise.resolve(row);
    if (this.reading?.edits !== edits) {
      const reading = {
        edits,
        row: findRound(this.ctx.db, this.roundId).finally(() => {
          if (this.reading === reading) this.reading = undefined;
        }),
      };
      this.reading = reading;
    }
    return this.reading.row.then((r) => {
      if (r) this.see(r, edits);
      return r;
    });
  }

  /** Keeps `row` (read when the round had had `edits` edits here) unless the view holds a later one. */
  see(row: LaunchpadRoundRow, edits: number) {
    const s = this.seen;
    if (!s || edits > s.edits || (edits === s.edits && (row.sold >= s.row.sold || row.status === 'closed')))
      this.seen = { row, at: performance.now(), edits };
  }

  submit(p: Pending) {
    this.waiting.push(p);
    if (this.running) return;
    this.running = true;
    // The next turn of the event loop: the requests of one burst go together from the first group on.
    setImmediate(() => void this.pump());
  }

  private async pump() {
    while (this.waiting.length > 0) {
      const group = this.waiting.splice(0, BUY_GROUP.max);
      // What an earlier group showed this round cannot take any more is refused without a transaction.
      const row = this.current();
      const edits = roundEdits(this.ctx, this.roundId);
      const now = this.ctx.now();
      const open = group.filter((p) => {
        if (!row) return true;
        try {
          refuse(row, p.copies, null, now);
          return true;
        } catch (e) {
          p.reject(e);
          return false;
        }
      });
      // applyGroup settles every request itself; should it throw all the same, nobody is left waiting.
      if (open.length > 0)
        await applyGroup(this.ctx, this.roundId, open, (r) => this.see(r, edits)).catch((e) => {
          for (const p of open) p.reject(e);
        });
    }
    this.running = false;
  }
}

/**
 * One group transaction. The round's row is locked first (the serialization point of every purchase of the
 * round, across processes), then the members' and the sale's ledger accounts; each request is decided in arrival
 * order against the round, the copies held and the balances read under those locks, taking the next copy
 * numbers; a refusal refuses that request only. The accepted ones are written with one statement each: the
 * counter (`sold = sold + n … and sold + n <= copies`), the purchases with their copies, the ledger postings
 * (member.available → system.launchpad_sales in USDT, system.launchpad_agc_issued → member.launchpad_locked in
 * AGC, keys `launchpad:buy:<purchase>:usdt|agc`). A group whose transaction fails is applied again one request at
 * a time, so only the failing request fails.
 */
async function applyGroup(
  ctx: AppContext,
  roundId: number,
  group: Pending[],
  see: (round: LaunchpadRoundRow) => void,
): Promise<void> {
  const now = ctx.now();
  // Recorded with the purchases (nothing converts at it: a copy's price and AGC are the round's); read before the
  // transaction, and none while prices are paused.
  const stamp = priceRecord(await agcPriceIfAny(ctx.prices));
  const outcomes: Array<LaunchpadPurchaseRow | AppError> = [];
  let after: LaunchpadRoundRow | undefined;
  let heldAfter = new Map<bigint, number>();
  let failure: { error: unknown } | undefined;
  try {
    await ctx.db.transaction(async (tx) => {
      outcomes.length = 0;
      const round = await lockRound(tx, roundId);
      if (!round) throw notFound('launchpad.round_not_found');
      const users = [...new Set(group.map((p) => p.user.id))];
      // The balances that pay, locked; the sale's and the AGC accounts are locked by the postings below.
      const accounts = await lockAccounts(tx, users.map(usdtAvailable));
      const held = await heldCopies(tx, roundId, users);
      const balance = new Map(users.map((u) => [u, accounts.balances.get(refKey(usdtAvailable(u))) ?? 0n]));
      let sold = round.sold;
      after = round;
      const accepted: NewPurchase[] = [];
      for (const p of group) {
        const id = p.user.id;
        const cost = BigInt(p.copies) * round.priceUsdt;
        try {
          refuse({ ...round, sold }, p.copies, held.get(id) ?? 0, now);
          if (defined(balance.get(id)) < cost) throw balanceShort(cost);
        } catch (e) {
          outcomes.push(e as AppError);
          continue;
        }
        const purchase = {
          userId: id,
          copies: p.copies,
          firstCopy: sold + 1,
          amountUsdt: cost,
          agc: BigInt(p.copies) * round.agcPerCopy,
        };
        sold += p.copies;
        held.set(id, (held.get(id) ?? 0) + p.copies);
        balance.set(id, defined(balance.get(id)) - cost);
        accepted.push(purchase);
        outcomes.push(purchase as LaunchpadPurchaseRow);
      }
      after = { ...round, sold };
      heldAfter = held;
      // Nothing sold: roll back, so refusals leave not even an empty account behind.
      if (accepted.length === 0) throw NOTHING_SOLD;
      if ((await addSold(tx, roundId, sold - round.sold)) !== sold)
        throw new Error('launchpad: counter moved under lock');
      const rows = await insertPurchases(tx, roundId, accepted, now, stamp);
      const byFirst = new Map(rows.map((r) => [r.firstCopy, r]));
      for (let i = 0; i < outcomes.length; i++) {
        const o = defined(outcomes[i]);
        if (!(o instanceof Error)) outcomes[i] = defined(byFirst.get(o.firstCopy));
      }
      await transferBatch(
        tx,
        rows.flatMap((r) => [
          {
            debit: usdtAvailable(r.userId),
            credit: SALES,
            amount: r.amountUsdt,
            kind: 'launchpad.buy',
            ref: `launchpad_purchase:${r.id}`,
            idempotencyKey: `launchpad:buy:${r.id}:usdt`,
          },
          {
            debit: AGC_ISSUED,
            credit: agcLocked(r.userId),
            amount: r.agc,
            kind: 'launchpad.buy',
            ref: `launchpad_purchase:${r.id}`,
            idempotencyKey: `launchpad:buy:${r.id}:agc`,
          },
        ]),
      );
    });
  } catch (e) {
    if (e !== NOTHING_SOLD) failure = { error: e };
  }
  if (failure) {
    const { error } = failure;
    if (group.length === 1) defined(group[0]).reject(error);
    else for (const p of group) await applyGroup(ctx, roundId, [p], see);
    return;
  }
  if (after) see(after);
  const settled = after;
  const changed = group.filter((_, i) => !(outcomes[i] instanceof Error)).map((p) => p.user.id);
  if (changed.length > 0) invalidate(ctx, { kind: 'figures', ids: [...new Set(changed)] });
  group.forEach((p, i) => {
    const o = defined(outcomes[i]);
    if (o instanceof Error) p.reject(o);
    else p.resolve({ purchase: o, round: defined(settled), myCopies: heldAfter.get(p.user.id) ?? o.copies });
  });
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

/** The answer of a purchase, from what its group knew (no query): the purchase and the round after it. */
export function buyAnswer(b: Bought, locale: Locale, now: Date) {
  return {
    purchase: toPurchaseDto({ ...b.purchase, round: b.round }, locale, now),
    round: toRoundDto(b.round, locale, b.myCopies, now),
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
