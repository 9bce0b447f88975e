import { rowsOf } from '@agc/db';
import { defined } from '@agc/shared/defined';
import type { Member } from '@server/modules/members/index.ts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newWallet, signUp, startTestServer, type TestServer } from './helpers.ts';

// Fund products: the members' list, detail, NAV history and quotes; the admins' product API.
let s: TestServer;
const w = { A: newWallet(), B: newWallet(), M: newWallet() };
let h: Record<keyof typeof w, Record<string, string>>;
let m: Record<keyof typeof w, Member>;

const call = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  headers: Record<string, string> = {},
  payload?: object,
) =>
  s.app.inject({
    method,
    url: `/api/v1/${url}`,
    headers: { 'accept-language': 'en', ...headers },
    ...(payload && { payload }),
  });

const body = (over: Record<string, unknown> = {}) => ({
  name: 'Steady Income',
  description: 'A money-market fund',
  translations: { ja: { name: '安定インカム', description: 'MMF' }, fr: { name: 'Revenu stable' } },
  risk: 'Low',
  lock_days: 7,
  minimum_usdt: '100',
  subscription_fee_percent: '1.5',
  redemption_fee_percent: '0.5',
  expected_yield_percent: '4.2',
  distribution_percent: '3',
  status: 'on',
  sort: 1,
  ...over,
});

let on: number;
let off: number;

beforeAll(async () => {
  s = await startTestServer({ ADMIN_ADDRESSES: `${w.A.address},${w.B.address}` });
  h = {} as typeof h;
  m = {} as typeof m;
  ({ headers: h.A, member: m.A } = await signUp(s, w.A));
  for (const who of ['B', 'M'] as const)
    ({ headers: h[who], member: m[who] } = await signUp(s, w[who], {
      invite_code: m.A.inviteCode,
      side: 'left',
    }));
  on = (await call('POST', 'admin/funds/products', h.A, body())).json().data.id;
  off = (await call('POST', 'admin/funds/products', h.A, body({ name: 'Closed', status: 'off' }))).json().data
    .id;
  await s.ctx.db.execute(sql`insert into fund_navs (product_id, day, nav_e8, status, published_at) values
    (${on}, '2026-01-01', 100000000, 'Published', now()), (${on}, '2026-01-02', 101000000, 'Published', now()),
    (${on}, '2026-01-03', 102500000, 'Published', now())`);
});
afterAll(() => s.close());

describe('admin fund products', () => {
  it('creates and edits products, audit-logged with before and after', async () => {
    const created = (await call('GET', 'admin/funds/products', h.A)).json().data.list;
    expect(created.map((p: { id: number }) => p.id)).toEqual([on, off]);
    expect(created[0]).toMatchObject({
      name_en: 'Steady Income',
      translations: { ja: { name: '安定インカム', description: 'MMF' }, fr: { name: 'Revenu stable' } },
      minimum_usdt: '100',
      subscription_fee_percent: '1.5',
      distribution_percent: '3',
      nav: '1.025',
      nav_day: '2026-01-03',
    });
    const edited = await call(
      'PUT',
      `admin/funds/products/${off}`,
      h.B,
      body({ name: 'Closed', lock_days: 30, status: 'off' }),
    );
    expect(edited.json().data.lock_days).toBe(30);
    const log = rowsOf<{
      action: string;
      actor: string;
      before: { lockDays: number };
      after: { lockDays: number };
    }>(
      await s.ctx.db.execute(
        sql`select action, actor_id::text as actor, before, after from audit_log where target = ${`fund_product:${off}`} order by id`,
      ),
    );
    expect(log.map((l) => l.action)).toEqual(['fund_product.create', 'fund_product.update']);
    expect(log[1]).toMatchObject({
      actor: m.B.id.toString(),
      before: { lockDays: 7 },
      after: { lockDays: 30 },
    });
  });

  it('refuses a minimum of zero, an unknown product, members and the signed out', async () => {
    const zero = await call('POST', 'admin/funds/products', h.A, body({ minimum_usdt: '0' }));
    expect(zero.json()).toMatchObject({
      code: 400,
      msg: 'The minimum purchase must be a USDT amount greater than 0',
    });
    expect((await call('PUT', 'admin/funds/products/9999', h.A, body())).json().code).toBe(404);
    expect((await call('GET', 'admin/funds/products', h.M)).statusCode).toBe(403);
    expect((await call('POST', 'admin/funds/products', h.M, body())).statusCode).toBe(403);
    expect((await call('PUT', `admin/funds/products/${on}`, h.M, body())).statusCode).toBe(403);
    expect((await call('GET', 'admin/funds/products')).statusCode).toBe(401);
    const count = rowsOf<{ n: number }>(
      await s.ctx.db.execute(sql`select count(*)::int as n from fund_products`),
    );
    expect(Number(defined(count[0]).n)).toBe(2);
  });
});

describe('member fund products', () => {
  it('lists products on sale in the request’s language with the latest NAV', async () => {
    const list = (await call('GET', 'funds/products', { ...h.M, 'accept-language': 'ja' })).json().data.list;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      id: on,
      name: '安定インカム',
      description: 'MMF',
      risk: 'Low',
      nav: '1.025',
      nav_day: '2026-01-03',
      redemption_fee_percent: '0.5',
      expected_yield_percent: '4.2',
    });
    // French has a name only: the description falls back to English.
    const fr = (await call('GET', `funds/products/${on}`, { ...h.M, 'accept-language': 'fr' })).json().data;
    expect(fr).toMatchObject({ name: 'Revenu stable', description: 'A money-market fund' });
    // The next NAV day is never before today.
    expect(fr.next_nav_day).toBe(s.ctx.now().toISOString().slice(0, 10));
  });

  it('answers 404 for unknown and off products, 401 signed out', async () => {
    for (const id of [off, 9999]) {
      const res = (await call('GET', `funds/products/${id}`, h.M)).json();
      expect(res).toMatchObject({ code: 404, msg: 'Fund product not found' });
      expect((await call('GET', `funds/products/${id}/nav`, h.M)).json().code).toBe(404);
    }
    expect((await call('GET', 'funds/products')).statusCode).toBe(401);
    expect((await call('GET', `funds/products/${on}/quote?amount=100`)).statusCode).toBe(401);
  });

  it('gives the NAV history of the last N days up to the latest, oldest first', async () => {
    const all = (await call('GET', `funds/products/${on}/nav?days=30`, h.M)).json().data;
    expect(all).toEqual({
      product_id: on,
      list: [
        { day: '2026-01-01', nav: '1' },
        { day: '2026-01-02', nav: '1.01' },
        { day: '2026-01-03', nav: '1.025' },
      ],
    });
    const two = (await call('GET', `funds/products/${on}/nav?days=2`, h.M)).json().data.list;
    expect(two.map((p: { day: string }) => p.day)).toEqual(['2026-01-02', '2026-01-03']);
  });

  it('quotes a subscription: fee rounded up, units rounded down, network from configuration', async () => {
    const q = (await call('GET', `funds/products/${on}/quote?amount=300`, h.M)).json().data;
    // fee 1.5 % of 300 = 4.5; net 295.5 at 1.025 = 288.292682926… units → 288.292682
    expect(q).toMatchObject({
      product_id: on,
      amount_usdt: '300',
      fee_usdt: '4.5',
      net_usdt: '295.5',
      estimated_units: '288.292682',
      payment_network: 'Arbitrum',
    });
    const before = rowsOf<{ n: number }>(
      await s.ctx.db.execute(sql`select count(*)::int as n from fund_orders`),
    );
    expect(Number(defined(before[0]).n)).toBe(0);
  });

  it('refuses bad amounts with clear translated messages', async () => {
    const quote = async (amount: string, lang = 'en') =>
      (
        await call('GET', `funds/products/${on}/quote?amount=${encodeURIComponent(amount)}`, {
          ...h.M,
          'accept-language': lang,
        })
      ).json();
    expect(await quote('50')).toMatchObject({
      code: 400,
      msg: 'Minimum 100.00 USDT and a whole-number multiple',
    });
    expect(await quote('150')).toMatchObject({
      code: 400,
      msg: 'Minimum 100.00 USDT and a whole-number multiple',
    });
    expect(await quote('100.5')).toMatchObject({
      code: 400,
      msg: 'Minimum 100.00 USDT and a whole-number multiple',
    });
    expect((await quote('50', 'zh-Hans')).msg).toBe('最低 100.00 USDT，且须为整数倍');
    expect(await quote('0')).toMatchObject({ code: 400, msg: 'The amount must be greater than 0' });
    expect(await quote('-100')).toMatchObject({ code: 400, msg: 'The amount must be greater than 0' });
    expect(await quote('100.0000001')).toMatchObject({
      code: 400,
      msg: 'This amount allows at most 6 decimal places',
    });
    for (const bad of ['1e5', 'abc', '']) expect((await quote(bad)).code, bad).toBe(400);
    expect((await call('GET', `funds/products/${off}/quote?amount=100`, h.M)).json()).toMatchObject({
      code: 400,
      msg: 'This fund product is not on sale',
    });
    expect((await call('GET', 'funds/products/9999/quote?amount=100', h.M)).json().code).toBe(404);
    // 200 and 1000 are whole multiples: fine.
    expect((await quote('1000')).code).toBe(200);
  });
});
