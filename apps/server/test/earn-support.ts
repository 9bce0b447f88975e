import { rowsOf } from '@agc/db';
import { openSessionFor } from '@server/modules/auth/sessions.ts';
import { arriveDueOuts, checkEarn, settleDueEarnDays } from '@server/modules/earn/index.ts';
import { checkLedger } from '@server/modules/ledger/index.ts';
import { type Member, newInviteCode } from '@server/modules/members/index.ts';
import { insertPlaced, insertRoot } from '@server/modules/team/index.ts';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { newWallet, startTestServer, type TestServer } from './helpers.ts';
import { balances, grantAvailable } from './withdraw-support.ts';

export const USDT = 10n ** 6n;
const DAY_MS = 86_400_000;

/**
 * A server whose clock stands still at 01:00 UTC of the next day (tests know which UTC day "now" is and the
 * instants the server answers); `s.advance` moves it.
 */
export async function startEarnServer(env: Record<string, string> = {}) {
  const s = await startTestServer(env);
  let t = Math.ceil(Date.now() / DAY_MS) * DAY_MS + 3_600_000;
  s.ctx.now = () => new Date(t);
  s.advance = (ms) => {
    t += ms;
  };
  const root = await s.ctx.db.transaction((tx) =>
    insertRoot(tx, newWallet().address.toLowerCase(), newInviteCode()),
  );
  return { s, root };
}

/** A new member under `root`, with `usdt` available (a reward's journal entry) and its session headers. */
export async function earnMember(s: TestServer, root: Member, usdt = 0n) {
  const m = await s.ctx.db.transaction((tx) =>
    insertPlaced(tx, {
      address: newWallet().address.toLowerCase(),
      inviteCode: newInviteCode(),
      inviter: root,
      side: 'left',
    }),
  );
  if (usdt > 0n) await grantAvailable(s.ctx, m.id, 'USDT', usdt);
  const headers = {
    authorization: `Bearer ${await s.ctx.tokens.sign(m.address, m.id, await openSessionFor(s.ctx.db, m.id, 30 * DAY_MS))}`,
    'x-wallet-address': m.address,
  };
  return { m, headers };
}

export const api = (s: TestServer, headers: Record<string, string>) => ({
  get: async (url: string) => (await s.app.inject({ method: 'GET', url: `/api/v1${url}`, headers })).json(),
  post: async (url: string, payload: unknown) =>
    (
      await s.app.inject({ method: 'POST', url: `/api/v1${url}`, headers, payload: payload as object })
    ).json(),
});

/** Everything simple earn and the ledger hold, to show that a refused request changed nothing. */
export async function earnState(s: TestServer) {
  const [r] = rowsOf<Record<string, string>>(
    await s.ctx.db.execute(sql`select
      (select count(*) from earn_movements)::text as movements,
      (select count(*) from earn_accounts)::text as accounts,
      (select coalesce(sum(balance), 0) from earn_accounts)::text as held,
      (select count(*) from ledger_transfers)::text as transfers,
      (select coalesce(string_agg(balance::text, ',' order by id), '') from ledger_accounts)::text as ledger`),
  );
  return r;
}

/** The subledger's and the ledger's checks are both clean. */
export async function expectClean(s: TestServer) {
  const e = await checkEarn(s.ctx.db);
  expect(e).toMatchObject({ ok: true, accounts: [], days: [], pending: [] });
  expect(e.control.ledger).toBe(e.control.accounts);
  expect(await checkLedger(s.ctx.db)).toEqual({ mismatched: [], negative: [], assetMismatch: [] });
}

export { arriveDueOuts, balances, settleDueEarnDays };
