import { apiMessages } from '@agc/shared/api-messages';
import type { AppContext } from '@server/context.ts';
import { findByAddress } from '@server/modules/members/index.ts';
import { settleDueDays } from '@server/modules/rewards/settlement.ts';
import { seedProducts } from '@server/modules/shop/index.ts';
import { serverClock } from '@server/modules/testing/clock.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCheckedApp } from './contract.ts';
import { buyDirectly, newWallet, session, startTestServer, type TestServer } from './helpers.ts';

// The test clock through the API: absent unless TEST_CLOCK is set; with it, an admin reads and moves it
// forward, and everything that reads ctx.now() (sign-in, confirmations, rewards' day, the settlement) follows.

const en = apiMessages.en;
const START = '2030-01-02T00:10:00.000Z';
const D = '2030-01-02';

/** A test server whose context takes its clock as the runtime does (serverClock). */
async function startWithClock(env: Record<string, string>): Promise<TestServer> {
  const base = await startTestServer(env);
  const ctx: AppContext = { ...base.ctx, ...serverClock(base.ctx.config) };
  const app = await buildCheckedApp(ctx);
  await app.ready();
  return {
    ...base,
    app,
    ctx,
    close: async () => {
      await app.close();
      await base.close();
    },
  };
}

const call = (s: TestServer, method: 'GET' | 'POST', url: string, headers = {}, payload?: object) =>
  s.app.inject({ method, url: `/api/v1/${url}`, headers: { ...headers, 'accept-language': 'en' }, payload });

describe('without TEST_CLOCK', () => {
  let s: TestServer;
  const admin = newWallet();
  beforeAll(async () => {
    s = await startWithClock({ ADMIN_ADDRESSES: admin.address });
  });
  afterAll(() => s.close());

  it('the server runs on the real clock and the test routes do not exist, even for an admin', async () => {
    expect(s.ctx.testClock).toBeUndefined();
    expect(Math.abs(s.ctx.now().getTime() - Date.now())).toBeLessThan(1000);
    const headers = await session(s, admin);
    for (const [method, payload] of [
      ['GET', undefined],
      ['POST', { now: '2099-01-01T00:00:00Z' }],
    ] as const) {
      for (const h of [{}, headers]) {
        const res = await call(s, method, 'test/clock', h, payload);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({
          code: 404,
          msg: `There is no such API: ${method} /api/v1/test/clock`,
        });
      }
    }
    expect(Math.abs(s.ctx.now().getTime() - Date.now())).toBeLessThan(1000);
  });
});

describe('with TEST_CLOCK', () => {
  let s: TestServer;
  const admin = newWallet();
  const member = newWallet();
  let adminH: Record<string, string>;
  let memberH: Record<string, string>;

  beforeAll(async () => {
    s = await startWithClock({ TEST_CLOCK: START, ADMIN_ADDRESSES: admin.address });
    await seedProducts(s.ctx.db);
    adminH = await session(s, admin);
    const code = (await call(s, 'GET', 'me', adminH)).json().data.invite_code;
    memberH = await session(s, member, { invite_code: code, side: 'left' });
  });
  afterAll(() => s.close());

  it('starts at the configured instant; an admin reads it; others cannot', async () => {
    const res = (await call(s, 'GET', 'test/clock', adminH)).json();
    expect(res.code).toBe(200);
    const now = Date.parse(res.data.now);
    expect(now).toBeGreaterThanOrEqual(Date.parse(START));
    expect(now - Date.parse(START)).toBeLessThan(60_000);
    expect((await call(s, 'GET', 'test/clock', memberH)).statusCode).toBe(403);
    expect((await call(s, 'POST', 'test/clock', memberH, { now: '2030-02-01T00:00:00Z' })).statusCode).toBe(
      403,
    );
    expect((await call(s, 'GET', 'test/clock')).statusCode).toBe(401);
    expect(s.ctx.now().getTime() - Date.parse(START)).toBeLessThan(60_000);
  });

  it('moves only forward; a bad instant is refused', async () => {
    const back = await call(s, 'POST', 'test/clock', adminH, { now: '2030-01-01T23:59:59Z' });
    expect(back.statusCode).toBe(400);
    expect(back.json().msg).toMatch(/^The test clock only moves forward: it is already 2030-01-02T00:1\d:/);
    expect((await call(s, 'POST', 'test/clock', adminH, { now: 'tomorrow' })).statusCode).toBe(400);
    expect((await call(s, 'POST', 'test/clock', adminH, {})).statusCode).toBe(400);
    expect(dayOf(s.ctx.now())).toBe(D);
    expect(en.test_clock.backwards).toContain('{{now}}');
  });

  it('a day with a confirmed order ends when the clock moves: an admin settles it, then the job the next', async () => {
    // A purchase confirmed on D (the watcher's path: a payment event for the order).
    const m = await findByAddress(s.ctx.db, member.address);
    if (!m) throw new Error('the member signed up in beforeAll');
    const order = await buyDirectly(s.ctx, m, 1);
    const detail = (await call(s, 'GET', `order/${order.id}`, memberH)).json().data;
    expect(detail.status).toBe('Success');
    // D has not ended: nothing to settle.
    expect((await call(s, 'GET', 'admin/settlements', adminH)).json().data.next_day).toBeNull();
    expect(await settleDueDays(s.ctx)).toEqual([]);

    // 30 s after D ended: an admin may settle it, the daily job waits for SETTLEMENT_DELAY_MINUTES (5).
    const moved = (await call(s, 'POST', 'test/clock', adminH, { now: '2030-01-03T00:00:30Z' })).json();
    expect(moved.code).toBe(200);
    expect(Date.parse(moved.data.now) - Date.parse('2030-01-03T00:00:30Z')).toBeLessThan(1000);
    expect(dayOf(s.ctx.now())).toBe('2030-01-03');
    expect(await settleDueDays(s.ctx)).toEqual([]);
    expect((await call(s, 'GET', 'admin/settlements', adminH)).json().data.next_day).toBe(D);
    const run = (await call(s, 'POST', 'admin/settlements/run', adminH, { day: D })).json();
    expect(run.code).toBe(200);
    expect(run.data).toMatchObject({ day: D, run_by: admin.address.toLowerCase() });
    expect(run.data.totals).toMatchObject({ orders: 1, members_paid: 1 });

    // The member's static reward counts for D, which is now yesterday.
    const rewards = (await call(s, 'GET', `profit/day?day=${D}&kind=static`, memberH)).json().data.list;
    expect(rewards).toHaveLength(1);
    expect(rewards[0]).toMatchObject({ kind: 'static', day: D, group: 2 });

    // Past the next day's end and the delay: the daily job settles it.
    await call(s, 'POST', 'test/clock', adminH, { now: '2030-01-04T00:05:01Z' });
    const done = await settleDueDays(s.ctx);
    expect(done.map((r) => [r.day, r.run_by])).toEqual([['2030-01-03', null]]);
    expect((await call(s, 'GET', `profit/day?day=${D}&kind=static`, memberH)).json().data.list[0].group).toBe(
      3,
    );
  });
});

const dayOf = (d: Date) => d.toISOString().slice(0, 10);
