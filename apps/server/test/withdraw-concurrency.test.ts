import { rowsOf } from '@agc/db';
import { defined } from '@agc/shared/defined';
import { openSessionFor } from '@server/modules/auth/sessions.ts';
import { ACCOUNTS, checkLedger } from '@server/modules/ledger/index.ts';
import { type Member, newInviteCode } from '@server/modules/members/index.ts';
import { insertPlaced, insertRoot } from '@server/modules/team/index.ts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newWallet, startTestServer, type TestServer } from './helpers.ts';
import { balances, grantAvailable, USDT, withdrawalCounts } from './withdraw-support.ts';

// Real concurrency needs real connections: this file runs in the suite's PostgreSQL pass (PGlite is
// one connection in one process, where "at once" would only interleave).
const PG = process.env.DATABASE_URL;

let s: TestServer;
let root: Member;

const join = () =>
  s.ctx.db.transaction((tx) =>
    insertPlaced(tx, {
      address: newWallet().address.toLowerCase(),
      inviteCode: newInviteCode(),
      inviter: root,
      side: 'left',
    }),
  );

/** The member's session headers (a token as sign-in issues it). */
const headersOf = async (m: Member) => ({
  authorization: `Bearer ${await s.ctx.tokens.sign(m.address, m.id, await openSessionFor(s.ctx.db, m.id, 3_600_000))}`,
  'x-wallet-address': m.address,
});

/** A request through the whole HTTP stack. */
const request = (headers: Record<string, string>, amount: string) =>
  s.app.inject({ method: 'POST', url: '/api/v1/withdraw', headers, payload: { amount, type: 1 } });

describe.skipIf(!PG)('withdrawal requests at once on PostgreSQL', () => {
  beforeAll(async () => {
    s = await startTestServer({ WITHDRAW_FEE_PERCENT: '5', WITHDRAW_DAILY_LIMIT_USDT: '1000' });
    root = await s.ctx.db.transaction((tx) =>
      insertRoot(tx, newWallet().address.toLowerCase(), newInviteCode()),
    );
  });
  afterAll(() => s?.close());

  it('200 requests from one member whose balance covers exactly one: one is accepted, the ledger balances', async () => {
    const m = await join();
    await grantAvailable(s.ctx, m.id, 'USDT', 100n * USDT);
    const headers = await headersOf(m);
    const answers = await Promise.all(Array.from({ length: 200 }, () => request(headers, '100')));
    const codes = answers.map((a) => a.json().code);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    // Every other one was refused for the balance, not by a failure (no 500, no deadlock).
    expect(new Set(answers.filter((a) => a.json().code !== 200).map((a) => a.json().msg))).toEqual(
      new Set(['The balance is insufficient']),
    );
    expect(await withdrawalCounts(s.ctx, m.id)).toEqual({ Auditing: 1 });
    const b = await balances(s.ctx, m.id);
    expect([b[`${ACCOUNTS.available}.USDT`], b[`${ACCOUNTS.locked}.USDT`]]).toEqual([0n, 100n * USDT]);
    expect(await checkLedger(s.ctx.db)).toEqual({ mismatched: [], negative: [], assetMismatch: [] });
  });

  it('the daily limit holds under concurrency: 60 requests of 20 against a limit of 1 000 accept exactly 50', async () => {
    // The balance covers them all: only the limit (checked under the balance lock) can refuse.
    const m = await join();
    await grantAvailable(s.ctx, m.id, 'USDT', 5_000n * USDT);
    const headers = await headersOf(m);
    const answers = await Promise.all(Array.from({ length: 60 }, () => request(headers, '20')));
    expect(answers.filter((a) => a.json().code === 200)).toHaveLength(50);
    expect(new Set(answers.filter((a) => a.json().code !== 200).map((a) => a.json().msg))).toEqual(
      new Set(["Today's remaining withdrawal amount is 0.00 USDT"]),
    );
    const b = await balances(s.ctx, m.id);
    expect([b[`${ACCOUNTS.available}.USDT`], b[`${ACCOUNTS.locked}.USDT`]]).toEqual([
      4_000n * USDT,
      1_000n * USDT,
    ]);
  });

  it('50 members withdrawing at once, 6 requests each of which 4 fit: every balance right', async () => {
    const members: Member[] = [];
    for (let i = 0; i < 50; i++) members.push(await join());
    // Member i holds 40 + i/100 USDT and asks 6 × 10 USDT: 4 fit, i/100 stays.
    for (const [i, m] of members.entries())
      await grantAvailable(s.ctx, m.id, 'USDT', 40n * USDT + BigInt(i) * 10_000n);
    const headers = await Promise.all(members.map(headersOf));
    const sends = headers.flatMap((h) => Array.from({ length: 6 }, () => h));
    // Shuffled, so members' requests interleave.
    for (let i = sends.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [sends[i], sends[j]] = [defined(sends[j]), defined(sends[i])];
    }
    const answers = await Promise.all(sends.map((h) => request(h, '10')));
    expect(answers.every((a) => [200, 400].includes(a.json().code))).toBe(true);
    for (const [i, m] of members.entries()) {
      expect(await withdrawalCounts(s.ctx, m.id)).toEqual({ Auditing: 4 });
      const b = await balances(s.ctx, m.id);
      expect([b[`${ACCOUNTS.available}.USDT`], b[`${ACCOUNTS.locked}.USDT`]]).toEqual([
        BigInt(i) * 10_000n,
        40n * USDT,
      ]);
    }
    // The journal of these members' requests only (the tests before wrote requests of their own).
    const journal = rowsOf<{ n: number; total: string }>(
      await s.ctx.db.execute(sql`select count(*)::int as n, sum(t.amount)::text as total from ledger_transfers t
        join ledger_accounts a on a.id = t.debit_account_id
        where t.kind = 'withdraw.request' and a.user_id = any(${sql.param(members.map((m) => m.id.toString()))}::bigint[])`),
    );
    expect(journal).toEqual([{ n: 200, total: (200n * 10n * USDT).toString() }]);
    expect(await checkLedger(s.ctx.db)).toEqual({ mismatched: [], negative: [], assetMismatch: [] });
  });
});
