import {
  AGC_DECIMALS,
  ErrorCode,
  type ExchangeAsset,
  type ExchangeQuote,
  formatAmount,
  USDT_DECIMALS,
} from '@agc/shared';
import type { AppContext } from '@server/context.ts';
import { parseAmountInput } from '@server/lib/amount-input.ts';
import { invalidate } from '@server/lib/caches.ts';
import { AppError, badRequest, notFound } from '@server/lib/errors.ts';
import { pageAnswer } from '@server/lib/paging.ts';
import {
  ACCOUNTS,
  type AccountRef,
  balanceOf,
  balancesOf,
  lockAccounts,
  refKey,
  type TransferInput,
  transferBatch,
} from '@server/modules/ledger/index.ts';
import { priceStampDto } from '@server/modules/pricing/index.ts';
import { ppmToPercent } from '@server/modules/rules/index.ts';
import type { SessionUser } from '@server/plugins/auth.ts';
import { otherAsset, roundTrip, swapIn, swapOut } from './math.ts';
import {
  acceptedPage,
  acceptOpenQuote,
  deleteExpiredOpenQuotes,
  exchangeNumber,
  findQuote,
  insertQuote,
  type QuoteRow,
} from './repository.ts';

const DECIMALS: Record<ExchangeAsset, number> = { USDT: USDT_DECIMALS, AGC: AGC_DECIMALS };
const fmt = (amount: bigint, asset: ExchangeAsset) => formatAmount(amount, DECIMALS[asset]);

const available = (userId: bigint, asset: ExchangeAsset): AccountRef => ({
  userId,
  code: ACCOUNTS.available,
  asset,
});
const system = (
  code: typeof ACCOUNTS.exchangeReserve | typeof ACCOUNTS.exchangeFees,
  asset: ExchangeAsset,
) => ({
  userId: null,
  code,
  asset,
});

/** The member holds less of `asset` than a swap takes: the one message of that condition (every module's). */
const insufficient = (asset: ExchangeAsset, _held: bigint) =>
  badRequest(asset === 'USDT' ? 'balance.insufficient_usdt' : 'balance.insufficient_agc');

/**
 * A quote as the API shows it; Open past its expiry (server clock) reads Expired. `number`: its place among the
 * member's exchanges once accepted (repository `exchangeNumber`), null before.
 */
export function toQuoteDto(row: QuoteRow, now: Date, number: number | null): ExchangeQuote {
  const feePpm = BigInt(row.feePpm);
  return {
    id: row.id.toString(),
    from: row.fromAsset,
    to: row.toAsset,
    mode: row.mode,
    amount_in: fmt(row.amountIn, row.fromAsset),
    fee: fmt(row.fee, row.fromAsset),
    amount_out: fmt(row.amountOut, row.toAsset),
    price_usdt: formatAmount(row.priceUsdt, USDT_DECIMALS),
    ...priceStampDto(row.priceSource, row.priceBlock),
    fee_percent: ppmToPercent(feePpm),
    round_trip: fmt(roundTrip(row.fromAsset, row.amountOut, row.priceUsdt, feePpm), row.fromAsset),
    status: row.status === 'Open' && row.expiresAt <= now ? 'Expired' : row.status,
    number,
    expires_at: row.expiresAt.toISOString(),
    accepted_at: row.acceptedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    server_time: now.toISOString(),
  };
}

/** GET /exchange/info: the price, the fee, how long a quote holds, the member's available USDT and AGC, the time. */
export async function exchangeInfo(ctx: AppContext, user: SessionUser) {
  const [price, held] = await Promise.all([
    ctx.prices.agcPrice(),
    balancesOf(ctx.db, [available(user.id, 'USDT'), available(user.id, 'AGC')]),
  ]);
  return {
    price_usdt: formatAmount(price.usdtPerAgc, USDT_DECIMALS),
    ...priceStampDto(price.source, price.block),
    fee_percent: ppmToPercent(ctx.config.exchange.feePpm),
    quote_ttl_seconds: Math.round(ctx.config.exchange.quoteTtlMs / 1000),
    available_usdt: fmt(held.get(refKey(available(user.id, 'USDT'))) ?? 0n, 'USDT'),
    available_agc: fmt(held.get(refKey(available(user.id, 'AGC'))) ?? 0n, 'AGC'),
    server_time: ctx.now().toISOString(),
  };
}

export interface QuoteRequest {
  from: ExchangeAsset;
  mode: 'in' | 'out';
  /** As typed: what goes in (mode in, `from` asset) or what should arrive (mode out, the other asset). */
  amount: string;
}

/**
 * POST /exchange/quotes: prices a swap at the current price and fee and keeps it for the configured time. Refused
 * (nothing stored) when the amount is not a valid amount of its asset, when nothing would arrive, or when the member
 * holds less than it takes.
 */
export async function createQuote(
  ctx: AppContext,
  user: SessionUser,
  req: QuoteRequest,
): Promise<ExchangeQuote> {
  const to = otherAsset(req.from);
  const typed = parseAmountInput(req.amount, DECIMALS[req.mode === 'in' ? req.from : to], 'exchange');
  const [price, held] = await Promise.all([
    ctx.prices.agcPrice(),
    balanceOf(ctx.db, available(user.id, req.from)),
  ]);
  const feePpm = ctx.config.exchange.feePpm;
  const swap =
    req.mode === 'in'
      ? swapIn(req.from, typed, price.usdtPerAgc, feePpm)
      : swapOut(req.from, typed, price.usdtPerAgc, feePpm);
  if (swap.amountOut <= 0n) throw badRequest('exchange.amount_too_small');
  if (swap.amountIn > held) throw insufficient(req.from, held);
  const now = ctx.now();
  const row = await insertQuote(ctx.db, {
    userId: user.id,
    fromAsset: req.from,
    toAsset: to,
    mode: req.mode,
    amountIn: swap.amountIn,
    fee: swap.fee,
    amountOut: swap.amountOut,
    priceUsdt: price.usdtPerAgc,
    priceSource: price.source,
    priceBlock: price.block,
    feePpm: Number(feePpm),
    expiresAt: new Date(now.getTime() + ctx.config.exchange.quoteTtlMs),
    createdAt: now,
  });
  return toQuoteDto(row, now, null);
}

/** GET /exchange/quotes/:id: the member's quote; another member's or an unknown id is not found. */
export async function getQuote(ctx: AppContext, user: SessionUser, id: bigint): Promise<ExchangeQuote> {
  const row = await findQuote(ctx.db, id, user.id);
  if (!row) throw notFound('exchange.quote_not_found');
  return toQuoteDto(row, ctx.now(), await exchangeNumber(ctx.db, row));
}

/** The ledger postings of an accepted quote (docs/decisions/0105-exchange-ledger-and-quotes.md), keyed by the quote: posted once. */
function swapTransfers(row: QuoteRow): TransferInput[] {
  const ref = `exchange:${row.id}`;
  const posting = (part: string, debit: AccountRef, credit: AccountRef, amount: bigint): TransferInput => ({
    debit,
    credit,
    amount,
    kind: `exchange.${part}`,
    ref,
    idempotencyKey: `${ref}:${part}`,
  });
  const list = [
    posting(
      'in',
      available(row.userId, row.fromAsset),
      system(ACCOUNTS.exchangeReserve, row.fromAsset),
      row.amountIn - row.fee,
    ),
    posting(
      'out',
      system(ACCOUNTS.exchangeReserve, row.toAsset),
      available(row.userId, row.toAsset),
      row.amountOut,
    ),
  ];
  if (row.fee > 0n)
    list.push(
      posting(
        'fee',
        available(row.userId, row.fromAsset),
        system(ACCOUNTS.exchangeFees, row.fromAsset),
        row.fee,
      ),
    );
  return list;
}

/**
 * POST /exchange/quotes/:id/accept: the quote becomes Accepted (once, before it expires on the server's clock) and
 * the swap is posted in the same transaction. Refused with nothing changed: unknown or another member's (404),
 * already accepted (409), expired (400 with a fresh quote for the same request in `data`), or the member no longer
 * holds what it takes (400; the quote stays Open).
 */
export async function acceptQuote(ctx: AppContext, user: SessionUser, id: bigint): Promise<ExchangeQuote> {
  const now = ctx.now();
  const accepted = await ctx.db.transaction(async (tx) => {
    const row = await acceptOpenQuote(tx, id, user.id, now);
    if (!row) return null;
    const transfers = swapTransfers(row);
    const locked = await lockAccounts(
      tx,
      transfers.flatMap((t) => [t.debit, t.credit]),
    );
    const held = locked.balances.get(refKey(available(user.id, row.fromAsset))) ?? 0n;
    // Throwing rolls the status back too: the quote stays Open.
    if (held < row.amountIn) throw insufficient(row.fromAsset, held);
    await transferBatch(tx, transfers, locked);
    return row;
  });
  if (accepted) {
    invalidate(ctx, { kind: 'figures', ids: [user.id] });
    // Counted once committed, among the member's exchanges as the history numbers them.
    return toQuoteDto(accepted, now, await exchangeNumber(ctx.db, accepted));
  }
  const row = await findQuote(ctx.db, id, user.id);
  if (!row) throw notFound('exchange.quote_not_found');
  if (row.status === 'Accepted') throw new AppError(ErrorCode.conflict, 'exchange.quote_used');
  // Open but expired: the same request priced again. If it cannot be (the balance went, the price moved so far
  // that nothing would arrive), that refusal is the answer.
  const fresh = await createQuote(ctx, user, {
    from: row.fromAsset,
    mode: row.mode,
    amount: row.mode === 'in' ? fmt(row.amountIn, row.fromAsset) : fmt(row.amountOut, row.toAsset),
  });
  throw new AppError(ErrorCode.badRequest, 'exchange.quote_expired', {}, fresh);
}

/** GET /exchange/history: the member's exchanges, newest first. */
export async function exchangeHistory(ctx: AppContext, user: SessionUser, q: { page: number; size: number }) {
  const r = await acceptedPage(ctx.db, { userId: user.id, ...q });
  const now = ctx.now();
  return pageAnswer(
    r.list.map(({ row, number }) => toQuoteDto(row, now, number)),
    r.total,
    q,
  );
}

/** Open quotes expired longer than this are deleted; accepted ones are kept for ever (the history). */
export const STALE_QUOTE_MS = 24 * 60 * 60 * 1000;
const PURGE_BATCH = 10_000;

/** The purge job's work: every Open quote expired over a day ago, in bounded batches. Returns how many went. */
export async function purgeStaleQuotes(ctx: AppContext): Promise<number> {
  const before = new Date(ctx.now().getTime() - STALE_QUOTE_MS);
  let total = 0;
  for (;;) {
    const n = await deleteExpiredOpenQuotes(ctx.db, before, PURGE_BATCH);
    total += n;
    if (n < PURGE_BATCH) return total;
  }
}
