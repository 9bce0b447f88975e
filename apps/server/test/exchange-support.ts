/** Exchange suites' fixtures: members with available balances, and a snapshot of everything a refusal must leave. */
import { rowsOf } from '@agc/db';
import type { AppContext } from '@server/context.ts';
import { ACCOUNTS, type AccountCode, balanceOf } from '@server/modules/ledger/index.ts';
import { sql } from 'drizzle-orm';
import type { ApiJson, TestServer } from './helpers.ts';

export { addMember, addRoot, headersOf } from './funds-bills-support.ts';
export { AGC, grantAvailable, USDT } from './withdraw-support.ts';

/** Every ledger balance, the number of journal entries and every quote row: a refusal changes none of them. */
export async function snapshot(ctx: AppContext) {
  const accounts = rowsOf<{ id: string; balance: string }>(
    await ctx.db.execute(
      sql`select id::text as id, balance::text as balance from ledger_accounts order by ledger_accounts.id`,
    ),
  );
  const [journal] = rowsOf<{ n: string | number }>(
    await ctx.db.execute(sql`select count(*)::text as n from ledger_transfers`),
  );
  const quotes = rowsOf<Record<string, unknown>>(
    await ctx.db.execute(sql`select id::text as id, user_id::text as user_id, status, amount_in::text as amount_in,
      amount_out::text as amount_out, fee::text as fee, expires_at::text as expires_at,
      accepted_at::text as accepted_at from exchange_quotes order by exchange_quotes.id`),
  );
  return { accounts, journal: Number(journal?.n ?? 0), quotes };
}

/** A member's available balance of an asset, as stored (0 when the account does not exist). */
export async function availableOf(ctx: AppContext, userId: bigint, asset: 'USDT' | 'AGC'): Promise<bigint> {
  return systemOrMember(ctx, userId, ACCOUNTS.available, asset);
}

/** The exchange's system balances (reserve and fees) of an asset. */
export async function exchangeSide(ctx: AppContext, asset: 'USDT' | 'AGC') {
  return {
    reserve: await systemOrMember(ctx, null, ACCOUNTS.exchangeReserve, asset),
    fees: await systemOrMember(ctx, null, ACCOUNTS.exchangeFees, asset),
  };
}

const systemOrMember = (ctx: AppContext, userId: bigint | null, code: AccountCode, asset: 'USDT' | 'AGC') =>
  balanceOf(ctx.db, { userId, code, asset });

/** The exchange's journal entries of one quote, by part (in, fee, out). */
export async function postingsOf(ctx: AppContext, quoteId: string) {
  const rows = rowsOf<{ key: string; asset: string; amount: string }>(
    await ctx.db.execute(sql`select idempotency_key as key, asset, amount::text as amount from ledger_transfers
      where ref = ${`exchange:${quoteId}`} order by idempotency_key`),
  );
  return Object.fromEntries(rows.map((r) => [r.key, `${r.amount} ${r.asset}`]));
}

/** The exchange API through the whole HTTP stack. */
export const exchangeApi = (s: TestServer, headers: Record<string, string>) => {
  const call = async (
    method: 'GET' | 'POST',
    url: string,
    payload?: unknown,
    extra: Record<string, string> = {},
  ) => {
    const res = await s.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { ...headers, ...extra },
      payload: payload as never,
    });
    return { status: res.statusCode, ...(res.json() as ApiJson) };
  };
  return {
    info: () => call('GET', '/exchange/info'),
    quote: (body: unknown, extra?: Record<string, string>) => call('POST', '/exchange/quotes', body, extra),
    get: (id: string) => call('GET', `/exchange/quotes/${id}`),
    accept: (id: string, extra?: Record<string, string>) =>
      call('POST', `/exchange/quotes/${id}/accept`, undefined, extra),
    history: (query = '') => call('GET', `/exchange/history${query}`),
  };
};
