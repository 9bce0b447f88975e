import { rowsOf } from '@agc/db';
import { defined } from '@agc/shared/defined';
import { ACCOUNTS, checkLedger } from '@server/modules/ledger/index.ts';
import type { Member } from '@server/modules/members/index.ts';
import { requestWithdrawal } from '@server/modules/withdraw/requests.ts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newWallet, signUp, startTestServer, type TestServer } from './helpers.ts';
import { AGC, balances, grantAvailable, signUpMembers, USDT, withdrawalCounts } from './withdraw-support.ts';

let s: TestServer;
const w = { R: newWallet(), A: newWallet(), B: newWallet(), Q: newWallet() };
type Who = keyof typeof w;
let h: Record<Who, Record<string, string>>;
let m: Record<Who, Member>;

const call = (who: Who, method: 'GET' | 'POST', url: string, payload?: unknown, lang = 'en') =>
  s.app.inject({
    method,
    url: `/api/v1/${url}`,
    headers: { ...h[who], 'accept-language': lang },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const post = (who: Who, url: string, payload: unknown = {}, lang?: string) =>
  call(who, 'POST', url, payload, lang);
const get = (who: Who, url: string, lang?: string) => call(who, 'GET', url, undefined, lang);

const available = `${ACCOUNTS.available}.USDT`;
const nonZero = (b: Record<string, bigint>) =>
  Object.fromEntries(Object.entries(b).filter(([, v]) => v !== 0n));
const journalSize = async () =>
  defined(
    rowsOf<{ n: number }>(await s.ctx.db.execute(sql`select count(*)::int as n from ledger_transfers`))[0],
  ).n;
const locked = `${ACCOUNTS.locked}.USDT`;

beforeAll(async () => {
  s = await startTestServer({
    ADMIN_ADDRESSES: w.R.address,
    WITHDRAW_FEE_PERCENT: '5',
    WITHDRAW_DAILY_LIMIT_USDT: '1000',
    WITHDRAW_DAILY_LIMIT_AGC: '5000',
  });
  // R is the admin, A, B and Q members; Q audits (the auditor role, granted by the admin).
  ({ h, m } = await signUpMembers(s, w, ['Q']));
  await grantAvailable(s.ctx, m.A.id, 'USDT', 1_500n * USDT);
  await grantAvailable(s.ctx, m.A.id, 'AGC', 100n * AGC);
  await grantAvailable(s.ctx, m.B.id, 'USDT', 50n * USDT);
});
afterAll(() => s.close());

describe('withdraw/check and withdraw/limit', () => {
  it('shows the fee, what arrives and today’s remaining limit; changes nothing', async () => {
    const before = await balances(s.ctx, m.A.id);
    const res = (await post('A', 'withdraw/check', { amount: '100.5', type: 1 })).json();
    expect(res.code).toBe(200);
    expect(res.data).toEqual({
      type: 1,
      asset: 'USDT',
      amount: '100.5',
      // 5 % of 100.5, rounded down to the micro-USDT: 5.025.
      fee: '5.025',
      fee_rate: '5',
      received: '95.475',
      available: '1500',
      daily_limit: '1000',
      remaining_today: '1000',
      ok: true,
      reason: null,
      msg: null,
    });
    const agc = (await post('A', 'withdraw/check', { amount: '1.000000000000000019', type: '2' })).json()
      .data;
    // 5 % of 1.000000000000000019 AGC is 0.05000000000000000095: the fee rounds down to the AGC unit,
    // the member never pays more than the rate.
    expect(agc).toMatchObject({
      asset: 'AGC',
      fee: '0.05',
      received: '0.950000000000000019',
      ok: true,
    });
    // 19 wei would pay a zero fee: below the minimum (1 AGC by default), refused.
    const dust = (await post('A', 'withdraw/check', { amount: '0.000000000000000019', type: '2' })).json()
      .data;
    expect(dust).toMatchObject({
      ok: false,
      reason: 'below_minimum',
      msg: 'The minimum withdrawal is 1.00 AGC',
    });
    expect(await balances(s.ctx, m.A.id)).toEqual(before);
  });

  it('says why an amount cannot go, in the member’s language', async () => {
    const over = (await post('A', 'withdraw/check', { amount: '1200', type: 1 })).json().data;
    expect(over).toMatchObject({ ok: false, reason: 'over_limit', remaining_today: '1000' });
    expect(over.msg).toBe("Today's remaining withdrawal amount is 1,000.00 USDT");
    const poor = (await post('B', 'withdraw/check', { amount: '60', type: 1 })).json().data;
    expect(poor).toMatchObject({ ok: false, reason: 'insufficient', msg: 'The balance is insufficient' });
    const token = (await post('B', 'withdraw/check', { amount: '1', type: 2 })).json().data;
    expect(token).toMatchObject({
      ok: false,
      reason: 'insufficient',
      msg: 'The token balance is insufficient',
    });
    const ja = (await post('B', 'withdraw/check', { amount: '60', type: 1 }, 'ja')).json().data;
    expect(ja.msg).toBe('残高が不足しています');
  });

  it('withdraw/limit gives both assets', async () => {
    const res = (await get('A', 'withdraw/limit')).json().data;
    expect(res.fee_rate).toBe('5');
    expect(res.day).toBe(new Date().toISOString().slice(0, 10));
    expect(res.limits).toEqual([
      {
        type: 1,
        asset: 'USDT',
        daily_limit: '1000',
        minimum: '1',
        used: '0',
        remaining: '1000',
        available: '1500',
      },
      {
        type: 2,
        asset: 'AGC',
        daily_limit: '5000',
        minimum: '1',
        used: '0',
        remaining: '5000',
        available: '100',
      },
    ]);
  });

  it('withdraw/limit asked by several members at the same moment (read together): each gets their own figures', async () => {
    s.ctx.cache.limits.clear();
    const [a, b, q, a2] = await Promise.all(
      (['A', 'B', 'Q', 'A'] as const).map(async (who) => (await get(who, 'withdraw/limit')).json().data),
    );
    const usdt = (d: { limits: Array<{ available: string }> }) => defined(d.limits[0]).available;
    const agc = (d: { limits: Array<{ available: string }> }) => defined(d.limits[1]).available;
    expect([usdt(a), agc(a)]).toEqual(['1500', '100']);
    expect([usdt(b), agc(b)]).toEqual(['50', '0']);
    expect([usdt(q), agc(q)]).toEqual(['0', '0']);
    expect(a2).toEqual(a);
  });
});

describe('bad input: a clear translated error, nothing changed', () => {
  const cases: Array<[string, unknown, string]> = [
    ['missing amount', { type: 1 }, 'Please enter an amount'],
    ['empty amount', { amount: '  ', type: 1 }, 'Please enter an amount'],
    ['zero', { amount: '0', type: 1 }, 'The amount must be greater than 0'],
    ['zero with decimals', { amount: '0.000000', type: 1 }, 'The amount must be greater than 0'],
    ['negative', { amount: '-5', type: 1 }, 'The amount must be greater than 0'],
    [
      'too many USDT decimals',
      { amount: '1.0000001', type: 1 },
      'This amount allows at most 6 decimal places',
    ],
    [
      'too many AGC decimals',
      { amount: '1.0000000000000000001', type: 2 },
      'This amount allows at most 18 decimal places',
    ],
    ['not a number', { amount: '12abc', type: 1 }, 'Please enter a valid amount'],
    ['exponent', { amount: '1e3', type: 1 }, 'Please enter a valid amount'],
    ['unknown type', { amount: '1', type: 3 }, 'Unknown withdrawal type: choose 1 (USDT) or 2 (AGC)'],
    ['missing type', { amount: '1' }, 'Unknown withdrawal type: choose 1 (USDT) or 2 (AGC)'],
    [
      'over the daily limit',
      { amount: '1000.000001', type: 1 },
      "Today's remaining withdrawal amount is 1,000.00 USDT",
    ],
    [
      'more AGC than available',
      { amount: '100.000000000000000001', type: 2 },
      'The token balance is insufficient',
    ],
  ];
  it.each(cases)('%s', async (_name, body, msg) => {
    const before = nonZero(await balances(s.ctx, m.A.id));
    const journal = await journalSize();
    const res = await post('A', 'withdraw', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, msg, data: null });
    // (A refused request may leave an empty locked account behind; no balance and no journal entry moves.)
    expect(nonZero(await balances(s.ctx, m.A.id))).toEqual(before);
    expect(await journalSize()).toBe(journal);
    expect(await withdrawalCounts(s.ctx, m.A.id)).toEqual({});
  });

  it('a balance below the amount is refused with the spec’s message (within the limit)', async () => {
    const res = await post('B', 'withdraw', { amount: '50.000001', type: 1 });
    expect(res.json()).toEqual({ code: 400, msg: 'The balance is insufficient', data: null });
    const zh = await post('B', 'withdraw', { type: 1 }, 'zh-Hans');
    expect(zh.json().msg).toBe('请输入金额');
    expect(await withdrawalCounts(s.ctx, m.B.id)).toEqual({});
  });

  it('a number instead of a decimal string, a bad JSON body, and no session are refused', async () => {
    expect((await post('A', 'withdraw', { amount: 5, type: 1 })).statusCode).toBe(400);
    const raw = await s.app.inject({
      method: 'POST',
      url: '/api/v1/withdraw',
      headers: { ...h.A, 'content-type': 'application/json' },
      payload: '{"amount":',
    });
    expect(raw.statusCode).toBe(400);
    const anon = await s.app.inject({
      method: 'POST',
      url: '/api/v1/withdraw',
      payload: { amount: '1', type: 1 },
    });
    expect(anon.statusCode).toBe(401);
    expect(await withdrawalCounts(s.ctx, m.A.id)).toEqual({});
  });
});

describe('request, audit and their balances', () => {
  let first: string;
  let second: string;
  let third: string;

  it('a request moves the amount from available to locked and shows as Auditing', async () => {
    const res = (await post('A', 'withdraw', { amount: '400', type: 1 })).json();
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({
      type: 1,
      asset: 'USDT',
      amount: '400',
      service_fee: '20',
      fee_rate: '5',
      received: '380',
      address: m.A.address,
      status: 'Auditing',
      reason: null,
      claim_tx_hash: null,
      voucher_deadline: null,
    });
    expect(res.data.withdraw_id).toBe(res.data.id);
    first = res.data.id;
    const b = await balances(s.ctx, m.A.id);
    expect([b[available], b[locked]]).toEqual([1_100n * USDT, 400n * USDT]);
    const me = (await get('A', 'me')).json().data;
    expect(me).toMatchObject({
      available_profit: '1100',
      withdrawable_usdt: '1100',
      locked_profit: '400',
      service_fee: '5',
    });
    // The journal entry names the withdrawal.
    const journal = rowsOf<{ kind: string; amount: string }>(
      await s.ctx.db.execute(
        sql`select kind, amount::text as amount from ledger_transfers where ref = ${`withdraw:${first}`}`,
      ),
    );
    expect(journal).toEqual([{ kind: 'withdraw.request', amount: '400000000' }]);
  });

  it('the daily limit counts today’s requests', async () => {
    second = (await post('A', 'withdraw', { amount: '500', type: 1 })).json().data.id;
    const over = await post('A', 'withdraw', { amount: '100.000001', type: 1 });
    expect(over.json().msg).toBe("Today's remaining withdrawal amount is 100.00 USDT");
    const limit = (await get('A', 'withdraw/limit')).json().data.limits[0];
    expect(limit).toMatchObject({ used: '900', remaining: '100', available: '600' });
    third = (await post('A', 'withdraw', { amount: '100', type: 1 })).json().data.id;
    expect((await get('A', 'withdraw/limit')).json().data.limits[0]).toMatchObject({ remaining: '0' });
  });

  it('lists and shows only the member’s own withdrawals', async () => {
    const list = (await get('A', 'withdraws?page=1&size=2')).json().data;
    expect(list).toMatchObject({ total: 3, page: 1, size: 2, has_more: true });
    expect(list.list.map((x: { id: string }) => x.id)).toEqual([third, second]);
    const byStatus = (await get('A', 'withdraws?status=Success')).json().data;
    expect(byStatus.total).toBe(0);
    expect((await get('A', `withdraw/${first}`)).json().data.amount).toBe('400');
    // Another member's withdrawal answers as if it did not exist, for the detail and the claim.
    for (const url of [`withdraw/${first}`, `withdraw/claim/${first}`]) {
      const res = await get('B', url);
      expect(res.statusCode).toBe(404);
      expect(res.json().msg).toBe('Withdrawal not found');
    }
    expect((await get('B', 'withdraws')).json().data.total).toBe(0);
    expect((await get('A', 'withdraws?status=Paid')).statusCode).toBe(400);
    expect((await get('A', 'withdraw/abc')).statusCode).toBe(400);
  });

  it('a claim before approval is refused', async () => {
    const res = await get('A', `withdraw/claim/${first}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(
      'This withdrawal cannot be claimed yet: it is still being audited or was rejected',
    );
  });

  it('members cannot audit; the auditor lists with filters', async () => {
    for (const [method, url] of [
      ['GET', 'admin/withdraws'],
      ['POST', `admin/withdraws/${first}/approve`],
      ['POST', `admin/withdraws/${first}/reject`],
      ['POST', 'admin/withdraws/approve'],
    ] as const) {
      const res = await call('A', method, url, method === 'POST' ? { reason: 'x', ids: [first] } : undefined);
      expect(res.statusCode, url).toBe(403);
    }
    const list = (await get('Q', 'admin/withdraws')).json().data;
    expect(list.total).toBe(3);
    expect(list.list[0]).toMatchObject({
      id: third,
      member_available: '500',
      audit_note: null,
      status: 'Auditing',
    });
    expect((await get('Q', `admin/withdraws?address=${m.B.address}`)).json().data.total).toBe(0);
    expect((await get('Q', 'admin/withdraws?type=2')).json().data.total).toBe(0);
    expect((await get('Q', 'admin/withdraws?status=Withdrawable')).json().data.total).toBe(0);
    expect((await get('Q', 'admin/withdraws?address=0x12')).statusCode).toBe(400);
  });

  it('reject needs a reason, returns the money and is audit-logged; a decided withdrawal cannot be decided again', async () => {
    const noReason = await post('Q', `admin/withdraws/${second}/reject`, { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect((await get('A', `withdraw/${second}`)).json().data.status).toBe('Auditing');

    const res = (
      await post('Q', `admin/withdraws/${second}/reject`, { reason: 'Address under review' })
    ).json();
    expect(res.data).toMatchObject({ status: 'Rejected', reason: 'Address under review' });
    const b = await balances(s.ctx, m.A.id);
    expect([b[available], b[locked]]).toEqual([1_000n * USDT, 500n * USDT]);
    const mine = (await get('A', `withdraw/${second}`)).json().data;
    expect(mine).toMatchObject({ status: 'Rejected', reason: 'Address under review' });
    expect(mine.audited_at).not.toBeNull();
    // A rejected request gives its share of the daily limit back.
    expect((await get('A', 'withdraw/limit')).json().data.limits[0]).toMatchObject({
      used: '500',
      remaining: '500',
    });

    for (const verb of ['approve', 'reject']) {
      const again = await post('Q', `admin/withdraws/${second}/${verb}`, { reason: 'again' });
      expect(again.statusCode).toBe(400);
      expect(again.json().msg).toBe('This withdrawal has already been audited');
    }
    expect((await post('Q', 'admin/withdraws/999999/approve', {})).statusCode).toBe(404);
  });

  it('approve makes it Withdrawable; bulk approve reports what it skipped; every decision logged', async () => {
    const one = (await post('Q', `admin/withdraws/${first}/approve`, { note: 'ok' })).json().data;
    expect(one).toMatchObject({ status: 'Withdrawable', audit_note: 'ok' });
    const bulk = (
      await post('R', 'admin/withdraws/approve', { ids: [first, second, third, '424242'] })
    ).json();
    expect(bulk.data).toEqual({ approved: [third], awaiting_second: [], skipped: [first, second, '424242'] });
    expect((await get('A', 'withdraws?status=Withdrawable')).json().data.total).toBe(2);
    // Approval moves no money: it already sits in locked.
    const b = await balances(s.ctx, m.A.id);
    expect([b[available], b[locked]]).toEqual([1_000n * USDT, 500n * USDT]);
    // Rejecting after approval is refused: a voucher may be out.
    expect((await post('Q', `admin/withdraws/${first}/reject`, { reason: 'late' })).statusCode).toBe(400);

    const log = rowsOf<{ action: string; target: string; actor: string; after: { status: string } }>(
      await s.ctx.db.execute(sql`select action, target, actor_id::text as actor, after from audit_log
        where target like 'withdraw:%' order by id`),
    );
    expect(log.map((l) => [l.action, l.target, l.actor, l.after.status])).toEqual([
      ['withdraw.reject', `withdraw:${second}`, m.Q.id.toString(), 'Rejected'],
      ['withdraw.approve', `withdraw:${first}`, m.Q.id.toString(), 'Withdrawable'],
      ['withdraw.approve', `withdraw:${third}`, m.R.id.toString(), 'Withdrawable'],
    ]);
  });

  it('the journal explains every balance', async () => {
    expect(await checkLedger(s.ctx.db)).toEqual({ mismatched: [], negative: [], assetMismatch: [] });
    const sums = rowsOf<{ code: string; total: string }>(
      await s.ctx.db.execute(sql`select code, sum(balance)::text as total from ledger_accounts
        where asset = 'USDT' group by code order by code`),
    );
    // Every USDT granted (1 550) is in some member's available or locked balance, against rewards paid.
    expect(Object.fromEntries(sums.map((r) => [r.code, r.total]))).toEqual({
      [ACCOUNTS.available]: (1_050n * USDT).toString(),
      [ACCOUNTS.locked]: (500n * USDT).toString(),
      [ACCOUNTS.rewardsPaid]: (-1_550n * USDT).toString(),
    });
  });

  it('withdraw/limit answers of today only: once the day ends, nothing is used (the cached answer is not served)', async () => {
    const before = (await get('A', 'withdraw/limit')).json().data;
    expect(Number(before.limits[0].used)).toBeGreaterThan(0);
    s.advance(86_400_000);
    const after = (await get('A', 'withdraw/limit')).json().data;
    expect(after.day).not.toBe(before.day);
    expect(after.limits[0]).toMatchObject({ used: '0', available: before.limits[0].available });
  });
});

describe('group commit', () => {
  it('requests waiting together: each decided alone; a failing group is applied again one by one, only the bad one fails', async () => {
    const fresh = async () => {
      const { member } = await signUp(s, newWallet(), { invite_code: m.R.inviteCode, side: 'right' });
      await grantAvailable(s.ctx, member.id, 'USDT', 10n * USDT);
      return { id: member.id, address: member.address, roles: [] };
    };
    const [u1, u2, u3, u4] = [await fresh(), await fresh(), await fresh(), await fresh()];
    // A session for a member that does not exist: its postings fail on the foreign key.
    const ghost = { id: 987_654_321n, address: newWallet().address.toLowerCase(), roles: [] };
    const ask = (u: typeof u1, amount: string) => requestWithdrawal(s.ctx, u, { amount, type: 1 });
    // Sent in one go: the first two run at once (WITHDRAW_BATCH_CONCURRENCY 2), the rest wait and go
    // together; u3's second request no longer fits its balance once the first is taken.
    const results = await Promise.allSettled([
      ask(u1, '4'),
      ask(u2, '4'),
      ask(u3, '4'),
      ask(u3, '7'),
      ask(ghost, '1'),
      ask(u4, '4'),
    ]);
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'rejected',
      'rejected',
      'fulfilled',
    ]);
    expect((results[3] as PromiseRejectedResult).reason.key).toBe('withdraw.insufficient_usdt');
    expect(await withdrawalCounts(s.ctx, u3.id)).toEqual({ Auditing: 1 });
    expect(await withdrawalCounts(s.ctx, u4.id)).toEqual({ Auditing: 1 });
    const b3 = await balances(s.ctx, u3.id);
    expect([b3[available], b3[locked]]).toEqual([6n * USDT, 4n * USDT]);
    const ghostRows = rowsOf<{ n: number }>(
      await s.ctx.db.execute(sql`select count(*)::int as n from ledger_accounts where user_id = 987654321`),
    );
    expect(ghostRows).toEqual([{ n: 0 }]);
    expect(await checkLedger(s.ctx.db)).toEqual({ mismatched: [], negative: [], assetMismatch: [] });
  });
});
