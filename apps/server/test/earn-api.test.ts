import { rowsOf } from '@agc/db';
import { defined } from '@agc/shared/defined';
import { dailyRateE18, dayInterest } from '@server/modules/earn/math.ts';
import { transferIn } from '@server/modules/earn/service.ts';
import { ACCOUNTS, transfer } from '@server/modules/ledger/index.ts';
import type { Member } from '@server/modules/members/index.ts';
import { dayKey } from '@server/modules/rules/index.ts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  arriveDueOuts,
  balances,
  earnMember,
  earnState,
  expectClean,
  settleDueEarnDays,
  startEarnServer,
  USDT,
} from './earn-support.ts';
import type { TestServer } from './helpers.ts';

const DAY_MS = 86_400_000;
let s: TestServer;
let root: Member;

beforeAll(async () => {
  ({ s, root } = await startEarnServer());
});
afterAll(() => s?.close());

describe('simple earn API', () => {
  it('answers 401 signed out, on every route', async () => {
    for (const [method, url] of [
      ['GET', '/earn/summary'],
      ['POST', '/earn/transfer-in'],
      ['GET', '/earn/transfer-out/preview?amount=1'],
      ['POST', '/earn/transfer-out'],
      ['GET', '/earn/movements'],
      ['GET', '/earn/movements/1'],
      ['GET', '/earn/interest'],
    ] as const) {
      const res = await s.app.inject({
        method,
        url: `/api/v1${url}`,
        payload: method === 'POST' ? { amount: '1' } : undefined,
      });
      expect(res.statusCode, url).toBe(401);
    }
  });

  it('a new member: all figures zero, the configured rules, the server clock', async () => {
    const { headers } = await earnMember(s, root, 50n * USDT);
    const r = await api(s, headers).get('/earn/summary');
    expect(r.code).toBe(200);
    expect(r.data).toEqual({
      apy_percent: '18',
      total_amount_usdt: '0',
      yesterday_income_usdt: '0',
      total_earned_usdt: '0',
      total_holding_usdt: '0',
      pending_out_usdt: '0',
      locked_agc: '0',
      available_usdt: '50',
      fast_limit_usdt: '1000',
      fast_delay_minutes: 5,
      slow_delay_days: 3,
      server_time: s.ctx.now().toISOString(),
    });
  });

  it('locked AGC is the ledger balance of member.launchpad_locked', async () => {
    const { m, headers } = await earnMember(s, root);
    await s.ctx.db.transaction((tx) =>
      transfer(tx, {
        debit: { userId: null, code: ACCOUNTS.launchpadAgcIssued, asset: 'AGC' },
        credit: { userId: m.id, code: ACCOUNTS.launchpadLocked, asset: 'AGC' },
        amount: 15n * 10n ** 18n + 5n,
        kind: 'test.launchpad',
        ref: `test-locked:${m.id}`,
        idempotencyKey: `test-locked:${m.id}`,
      }),
    );
    expect((await api(s, headers).get('/earn/summary')).data.locked_agc).toBe('15.000000000000000005');
  });

  it('bad amounts are refused with the spec’s messages, and change nothing', async () => {
    const { headers } = await earnMember(s, root, 100n * USDT);
    const a = api(s, headers);
    await a.post('/earn/transfer-in', { amount: '60' });
    const before = await earnState(s);
    const cases: Array<[string, string]> = [
      ['', 'Please enter an amount'],
      ['   ', 'Please enter an amount'],
      ['0', 'The amount must be greater than 0'],
      ['0.000000', 'The amount must be greater than 0'],
      ['-1', 'The amount must be greater than 0'],
      ['1e3', 'Please enter a valid amount'],
      ['abc', 'Please enter a valid amount'],
      ['0x10', 'Please enter a valid amount'],
      ['1.0000001', 'This amount allows at most 6 decimal places'],
    ];
    for (const [amount, msg] of cases) {
      for (const url of ['/earn/transfer-in', '/earn/transfer-out']) {
        const r = await a.post(url, { amount });
        expect([url, amount, r.code, r.msg, r.data]).toEqual([url, amount, 400, msg, null]);
      }
      const p = await a.get(`/earn/transfer-out/preview?amount=${encodeURIComponent(amount)}`);
      expect([amount, p.code, p.msg]).toEqual([amount, 400, msg]);
    }
    // Not a string, missing, too long: the schema's validation answer (400), nothing written.
    for (const payload of [{}, { amount: 5 }, { amount: '1'.repeat(65) }]) {
      expect((await a.post('/earn/transfer-in', payload)).code).toBe(400);
      expect((await a.post('/earn/transfer-out', payload)).code).toBe(400);
    }
    // More than available / more than held.
    const over = await a.post('/earn/transfer-in', { amount: '40.000001' });
    expect([over.code, over.msg]).toEqual([400, 'The balance is insufficient']);
    const max = await a.post('/earn/transfer-out', { amount: '60.000001' });
    expect([max.code, max.msg]).toEqual([400, 'Maximum 60.00USDT']);
    // Translated.
    const zh = await s.app.inject({
      method: 'POST',
      url: '/api/v1/earn/transfer-out',
      headers: { ...headers, 'accept-language': 'zh-Hans' },
      payload: { amount: '61' },
    });
    expect(zh.json().msg).toBe('最大60.00USDT');
    expect(await earnState(s)).toEqual(before);
    await expectClean(s);
  });

  it('a member who never transferred in can take out nothing', async () => {
    const { headers } = await earnMember(s, root, 10n * USDT);
    const before = await earnState(s);
    const r = await api(s, headers).post('/earn/transfer-out', { amount: '1' });
    expect([r.code, r.msg]).toEqual([400, 'Maximum 0.00USDT']);
    expect(await earnState(s)).toEqual(before);
  });

  it('transfer in, out (pending, then arrived exactly once), the lists and the detail', async () => {
    const { m, headers } = await earnMember(s, root, 2_000n * USDT);
    const a = api(s, headers);
    const inn = await a.post('/earn/transfer-in', { amount: '1500.5' });
    expect(inn.code).toBe(200);
    expect(inn.data.movement).toMatchObject({
      kind: 'In',
      amount_usdt: '1500.5',
      status: 'Completed',
      arrives_at: null,
    });
    expect(inn.data.summary).toMatchObject({
      total_amount_usdt: '1500.5',
      total_holding_usdt: '1500.5',
      available_usdt: '499.5',
    });

    const t0 = s.ctx.now().getTime();
    const fastPreview = await a.get('/earn/transfer-out/preview?amount=999.999999');
    expect(fastPreview.data).toEqual({
      amount_usdt: '999.999999',
      fast: true,
      arrives_at: new Date(t0 + 5 * 60_000).toISOString(),
      server_time: new Date(t0).toISOString(),
    });
    const slowPreview = await a.get('/earn/transfer-out/preview?amount=1000');
    expect(slowPreview.data).toMatchObject({
      fast: false,
      arrives_at: new Date(t0 + 3 * DAY_MS).toISOString(),
    });
    // A preview is allowed above the holding (it says when, not whether) and writes nothing.
    const before = await earnState(s);
    await a.get('/earn/transfer-out/preview?amount=5000');
    expect(await earnState(s)).toEqual(before);

    const fast = await a.post('/earn/transfer-out', { amount: '100' });
    expect(fast.data.movement).toMatchObject({
      kind: 'Out',
      status: 'Pending',
      amount_usdt: '100',
      arrives_at: new Date(t0 + 5 * 60_000).toISOString(),
      arrived_at: null,
    });
    const slow = await a.post('/earn/transfer-out', { amount: '1000' });
    expect(slow.data.movement.arrives_at).toBe(new Date(t0 + 3 * DAY_MS).toISOString());
    expect(slow.data.summary).toMatchObject({
      total_amount_usdt: '1500.5',
      total_holding_usdt: '400.5',
      pending_out_usdt: '1100',
      available_usdt: '499.5',
    });
    const max = await a.post('/earn/transfer-out', { amount: '400.500001' });
    expect(max.msg).toBe('Maximum 400.50USDT');

    // Pending outs first, then newest first; by kind.
    const list = await a.get('/earn/movements');
    expect(list.data.list.map((x: { id: string }) => x.id)).toEqual([
      slow.data.movement.id,
      fast.data.movement.id,
      inn.data.movement.id,
    ]);
    expect(list.data).toMatchObject({ total: 3, page: 1, size: 20, has_more: false });
    const ins = await a.get('/earn/movements?kind=In&size=1');
    expect(ins.data).toMatchObject({ total: 1, has_more: false, list: [{ id: inn.data.movement.id }] });
    expect((await a.get('/earn/movements?size=2&page=2')).data).toMatchObject({
      total: 3,
      has_more: false,
      list: [{ id: inn.data.movement.id }],
    });
    for (const q of ['size=0', 'size=51', 'page=0', 'kind=Sideways', 'page=x'])
      expect((await a.get(`/earn/movements?${q}`)).code, q).toBe(400);

    // Not due yet: nothing arrives.
    await arriveDueOuts(s.ctx);
    expect((await a.get(`/earn/movements/${fast.data.movement.id}`)).data.status).toBe('Pending');
    s.advance(5 * 60_000);
    expect(await arriveDueOuts(s.ctx)).toBe(1);
    expect(await arriveDueOuts(s.ctx)).toBe(0);
    const arrived = await a.get(`/earn/movements/${fast.data.movement.id}`);
    expect(arrived.data).toMatchObject({ status: 'Arrived', arrived_at: s.ctx.now().toISOString() });
    const b = await balances(s.ctx, m.id);
    expect(b[`${ACCOUNTS.available}.USDT`]).toBe(599_500_000n);
    expect(b[`${ACCOUNTS.earnPending}.USDT`]).toBe(1_000n * USDT);
    // Arrived items drop below the Pending one.
    const after = await a.get('/earn/movements');
    expect(after.data.list[0].id).toBe(slow.data.movement.id);
    await expectClean(s);
  });

  it('a movement of someone else, unknown or malformed: 404 / 400, nothing else said', async () => {
    const one = await earnMember(s, root, 10n * USDT);
    const other = await earnMember(s, root, 10n * USDT);
    const mine = await api(s, one.headers).post('/earn/transfer-in', { amount: '1' });
    const theirs = await api(s, other.headers).get(`/earn/movements/${mine.data.movement.id}`);
    expect([theirs.code, theirs.msg, theirs.data]).toEqual([404, 'Transfer record not found', null]);
    const unknown = await api(s, other.headers).get('/earn/movements/999999999999');
    expect(unknown.code).toBe(404);
    for (const id of ['abc', '-1', '1'.repeat(19)])
      expect((await api(s, other.headers).get(`/earn/movements/${id}`)).code, id).toBe(400);
  });

  it('daily interest: from the next full day, on the lower of opening and closing, rounded down', async () => {
    const { m, headers } = await earnMember(s, root, 1_000n * USDT);
    const a = api(s, headers);
    const rate = dailyRateE18(s.ctx.config.earn.apyPpm);
    const day0 = dayKey(s.ctx.now());
    await a.post('/earn/transfer-in', { amount: '300' });
    // Day 0 ends: money that came in that day earned nothing.
    s.advance(DAY_MS);
    await settleDueEarnDays(s.ctx);
    let r = await a.get('/earn/summary');
    expect(r.data).toMatchObject({
      yesterday_income_usdt: '0',
      total_earned_usdt: '0',
      total_holding_usdt: '300',
    });
    // Day 1: 300 all day, then 100 out and 50 in: closing 250 → base 250.
    await a.post('/earn/transfer-out', { amount: '100' });
    await a.post('/earn/transfer-in', { amount: '50' });
    s.advance(DAY_MS);
    const runs = await settleDueEarnDays(s.ctx);
    expect(runs.at(-1)?.settled).toBe(true);
    const i1 = dayInterest(250n * USDT, rate);
    expect(i1).toBe(113_391n);
    r = await a.get('/earn/summary');
    expect(r.data).toMatchObject({
      yesterday_income_usdt: '0.113391',
      total_earned_usdt: '0.113391',
      total_holding_usdt: '250.113391',
    });
    // Day 2: nothing moves; the base is the whole holding including yesterday's interest.
    s.advance(DAY_MS);
    await settleDueEarnDays(s.ctx);
    const i2 = dayInterest(250n * USDT + i1, rate);
    const interest = await a.get('/earn/interest');
    expect(interest.data.list).toEqual([
      {
        day: dayKey(new Date(s.ctx.now().getTime() - DAY_MS)),
        base_usdt: '250.113391',
        amount_usdt: (Number(i2) / 1e6).toString(),
      },
      {
        day: dayKey(new Date(s.ctx.now().getTime() - 2 * DAY_MS)),
        base_usdt: '250',
        amount_usdt: '0.113391',
      },
    ]);
    expect(interest.data.total).toBe(2);
    expect((await a.get('/earn/interest?size=61')).code).toBe(400);
    // The settled days, once each, however often the job runs.
    expect(await settleDueEarnDays(s.ctx)).toEqual([]);
    // A day later without a settlement run: yesterday's income is no longer "yesterday".
    s.advance(DAY_MS);
    r = await a.get('/earn/summary');
    expect(r.data.yesterday_income_usdt).toBe('0');
    await settleDueEarnDays(s.ctx);
    expect(day0 < dayKey(s.ctx.now())).toBe(true);
    const b = await balances(s.ctx, m.id);
    expect(b[`${ACCOUNTS.available}.USDT`]).toBe(650n * USDT);
    await expectClean(s);
  });

  it('a day settles a minute after it ended; a process whose clock lags dates its movement after the settled day', async () => {
    const { m, headers } = await earnMember(s, root, 100n * USDT);
    await settleDueEarnDays(s.ctx);
    await api(s, headers).post('/earn/transfer-in', { amount: '40' });
    const day = dayKey(s.ctx.now());
    // 30 s after midnight: not yet (a lagging process may still be dating transfers that day).
    const now = s.ctx.now().getTime();
    s.advance(Math.ceil(now / DAY_MS) * DAY_MS + 30_000 - now);
    expect(await settleDueEarnDays(s.ctx)).toEqual([]);
    s.advance(31_000);
    expect((await settleDueEarnDays(s.ctx)).map((r) => r.day)).toEqual([day]);
    // A process whose clock still says the settled day: the movement counts for the next day, not the closed one.
    const lagging = { ...s.ctx, now: () => new Date(s.ctx.now().getTime() - 120_000) };
    const { movement } = await transferIn(lagging, m.id, '10');
    const [row] = rowsOf<{ day: string }>(
      await s.ctx.db.execute(
        sql`select day::text as day from earn_movements where id = ${movement.id}::bigint`,
      ),
    );
    expect(defined(row).day).toBe(dayKey(s.ctx.now()));
    s.advance(DAY_MS);
    await settleDueEarnDays(s.ctx);
    const [acc] = rowsOf<{ settled: string; balance: string }>(
      await s.ctx.db.execute(sql`select settled_balance::text as settled, balance::text as balance
        from earn_accounts where user_id = ${m.id.toString()}::bigint`),
    );
    expect(defined(acc).settled).toBe(defined(acc).balance);
    await expectClean(s);
  });
});
