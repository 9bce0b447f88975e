/** Exchange suites' fixtures: members with available balances, and a snapshot of everything a refusal must leave. */
import { rowsOf } from '@agc/db';
import type { AppContext } from '@server/context.ts';
import { ACCOUNTS, type AccountCode, balanceOf } from '@server/modules/ledger/index.ts';
import type { Member } from '@server/modules/members/index.ts';
import { sql } from 'drizzle-orm';
import { addMember, headersOf } from './funds-bills-support.ts';
import type { ApiJson, TestServer } from './helpers.ts';
import { grantAvailable } from './withdraw-support.ts';

export { addMember, addRoot, headersOf } from './funds-bills-support.ts';
export { AGC, grantAvailable, USDT } from './withdraw-support.ts';

/** What checkLedger answers when every balance adds up. */
export const CLEAN = { mismatched: [], negative: [], assetMismatch: [] };

/** A new member under `root` with these available balances, and the exchange API signed in as them. */
export async function exchangeMember(s: TestServer, root: Member, usdt = 0n, agc = 0n) {
  const m = await addMember(s.ctx, root, 'left');
  if (usdt > 0n) await grantAvailable(s.ctx, m.id, 'USDT', usdt);
  if (agc > 0n) await grantAvailable(s.ctx, m.id, 'AGC', agc);
  return { m, api: exchangeApi(s, await headersOf(s.ctx, m)) };
}

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
