// What every quote records of the AGC price (price, source, block), and what each one does while prices are paused:
// the shop fee, the exchange and AGC withdrawals are refused ("Prices are paused — try again shortly"); USDT
// withdrawals, launchpad purchases and fund subscriptions, which convert nothing at it, go on and record none; an
// approval of an AGC withdrawal uses the price recorded with it.
import { schema } from '@agc/db';
import {
  type AgcPrice,
  type EthPrice,
  type PriceSource,
  pricesPaused,
} from '@server/modules/pricing/index.ts';
import { seedProducts } from '@server/modules/shop/index.ts';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProduct } from './funds-bills-support.ts';
import { newWallet, startTestServer, type TestServer } from './helpers.ts';
import { AGC, grantAvailable, signUpMembers, USDT } from './withdraw-support.ts';

/** A market-like source the test sets: a price at a block, or paused. */
class SetSource implements PriceSource {
  readonly name = 'uniswap-v3' as const;
  paused = false;
  usdtPerAgc = 250_000n;
  block = 4242n;
  async agcPrice(): Promise<AgcPrice> {
    if (this.paused) throw pricesPaused();
    return { usdtPerAgc: this.usdtPerAgc, updatedAt: new Date(), source: this.name, block: this.block };
  }
  async ethPrice(): Promise<EthPrice> {
    if (this.paused) throw pricesPaused();
    return { usdtPerEth: 3_000_000_000n, updatedAt: new Date(), source: this.name, block: this.block };
  }
}

let s: TestServer;
const market = new SetSource();
const w = { R: newWallet(), A: newWallet(), B: newWallet() };
let h: Record<keyof typeof w, Record<string, string>>;
let m: Awaited<ReturnType<typeof signUpMembers<typeof w>>>['m'];
let fundId: number;
let roundId: number;

const call = async (
  method: 'GET' | 'POST',
  url: string,
  headers: Record<string, string>,
  payload?: object,
  lang = 'en',
) => {
  const res = await s.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...headers, 'accept-language': lang },
    ...(payload && { payload }),
  });
  // biome-ignore lint/suspicious/noExplicitAny: each test reads the fields it needs
  return { status: res.statusCode, body: res.json() as { code: number; msg: string; data: any } };
};

beforeAll(async () => {
  s = await startTestServer({ ADMIN_ADDRESSES: w.R.address, WITHDRAW_SECOND_APPROVAL_USDT: '100' });
  s.ctx.prices = market;
  await seedProducts(s.ctx.db);
  ({ h, m } = await signUpMembers(s, w, []));
  for (const who of ['A', 'B'] as const) {
    await grantAvailable(s.ctx, m[who].id, 'USDT', 10_000n * USDT);
    await grantAvailable(s.ctx, m[who].id, 'AGC', 10_000n * AGC);
  }
  fundId = await addProduct(s.ctx.db, { name: 'Steady', risk: 'Low', lockDays: 7, minimumUsdt: 100n * USDT });
  const round = await call('POST', '/admin/launchpad/rounds', h.R, {
    name: 'Seed',
    description: 'A round',
    copies: 10,
    price_usdt: '100',
    agc_per_copy: '400',
    per_member_limit: 5,
    starts_at: new Date(Date.now() - 3_600_000).toISOString(),
    ends_at: new Date(Date.now() + 86_400_000).toISOString(),
    cliff_days: 1,
    linear_days: 1,
  });
  expect(round.status, JSON.stringify(round.body)).toBe(200);
  roundId = round.body.data.id;
});
afterAll(() => s.close());

const newest = async <
  T extends typeof schema.orders | typeof schema.exchangeQuotes | typeof schema.withdrawals,
>(
  table: T,
) =>
  (
    await s.ctx.db
      .select()
      .from(table as typeof schema.orders)
      .orderBy(desc(table.id))
      .limit(1)
  )[0];

describe('every quote records the AGC price, its source and block', () => {
  it('a shop order: its fee at that price, and the order says where the price came from', async () => {
    const res = await call('POST', '/order', h.A, { product_id: 1 });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      agc_price_usdt: '0.25',
      price_source: 'uniswap-v3',
      price_block: '4242',
    });
    const row = await newest(schema.orders);
    expect(row).toMatchObject({ agcPriceUsdt: 250_000n, priceSource: 'uniswap-v3', priceBlock: 4242n });
    const quote = await call('GET', '/products/1/quote', h.A);
    expect(quote.body.data).toMatchObject({ price_source: 'uniswap-v3', price_block: '4242' });
  });

  it('an exchange quote', async () => {
    const res = await call('POST', '/exchange/quotes', h.A, { from: 'USDT', mode: 'in', amount: '10' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      price_usdt: '0.25',
      price_source: 'uniswap-v3',
      price_block: '4242',
    });
    const row = (
      await s.ctx.db.select().from(schema.exchangeQuotes).orderBy(desc(schema.exchangeQuotes.id))
    )[0];
    expect(row).toMatchObject({ priceUsdt: 250_000n, priceSource: 'uniswap-v3', priceBlock: 4242n });
  });

  it('an AGC withdrawal (what its fee and amount were worth); a USDT one needs no price', async () => {
    expect((await call('POST', '/withdraw', h.A, { type: 2, amount: '100' })).status).toBe(200);
    const agc = (
      await s.ctx.db.select().from(schema.withdrawals).where(eq(schema.withdrawals.asset, 'AGC'))
    )[0];
    expect(agc).toMatchObject({ agcPriceUsdt: 250_000n, priceSource: 'uniswap-v3', priceBlock: 4242n });
    expect((await call('POST', '/withdraw', h.A, { type: 1, amount: '10' })).status).toBe(200);
    const usdt = (
      await s.ctx.db.select().from(schema.withdrawals).where(eq(schema.withdrawals.asset, 'USDT'))
    )[0];
    expect(usdt).toMatchObject({ agcPriceUsdt: null, priceSource: null, priceBlock: null });
  });

  it('a launchpad purchase and a fund subscription record the market price beside their own', async () => {
    const bought = await call('POST', `/launchpad/rounds/${roundId}/buy`, h.A, { copies: '1' });
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    const [buy] = await s.ctx.db.select().from(schema.launchpadPurchases);
    expect(buy).toMatchObject({ agcPriceUsdt: 250_000n, priceSource: 'uniswap-v3', priceBlock: 4242n });
    expect((await call('POST', '/funds/orders', h.A, { product_id: fundId, amount: '100' })).status).toBe(
      200,
    );
    const [sub] = await s.ctx.db.select().from(schema.fundOrders);
    expect(sub).toMatchObject({ agcPriceUsdt: 250_000n, priceSource: 'uniswap-v3', priceBlock: 4242n });
  });
});

describe('while prices are paused', () => {
  beforeAll(() => {
    market.paused = true;
  });
  afterAll(() => {
    market.paused = false;
  });

  it('refuses what converts at the price, translated, and writes nothing', async () => {
    const before = await s.ctx.db.select().from(schema.orders);
    for (const [url, payload] of [
      ['/order', { product_id: 1 }],
      ['/exchange/quotes', { from: 'USDT', mode: 'in', amount: '10' }],
      ['/withdraw', { type: 2, amount: '100' }],
    ] as const) {
      const en = await call('POST', url, h.B, payload);
      expect([url, en.status, en.body.msg]).toEqual([url, 503, 'Prices are paused — try again shortly']);
      const ja = await call('POST', url, h.B, payload, 'ja');
      expect(ja.status).toBe(503);
      expect(ja.body.msg).not.toBe(en.body.msg);
    }
    expect(await s.ctx.db.select().from(schema.orders)).toHaveLength(before.length);
    const token = await call('GET', '/token/price', h.B);
    expect(token.status).toBe(503);
  });

  it('lets through what converts nothing at it, recording no price', async () => {
    expect((await call('POST', '/withdraw', h.B, { type: 1, amount: '10' })).status).toBe(200);
    expect((await call('POST', `/launchpad/rounds/${roundId}/buy`, h.B, { copies: '1' })).status).toBe(200);
    const buys = await s.ctx.db
      .select()
      .from(schema.launchpadPurchases)
      .orderBy(desc(schema.launchpadPurchases.id));
    expect(buys[0]).toMatchObject({ agcPriceUsdt: null, priceSource: null, priceBlock: null });
    expect((await call('POST', '/funds/orders', h.B, { product_id: fundId, amount: '100' })).status).toBe(
      200,
    );
    const subs = await s.ctx.db.select().from(schema.fundOrders).orderBy(desc(schema.fundOrders.id));
    expect(subs[0]).toMatchObject({ agcPriceUsdt: null, priceSource: null });
  });

  it('approves an AGC withdrawal at the price recorded with it: 100 AGC at 0.25 is 25 USDT, under the second-approval bound', async () => {
    const [agc] = await s.ctx.db.select().from(schema.withdrawals).where(eq(schema.withdrawals.asset, 'AGC'));
    const res = await call('POST', `/admin/withdraws/${agc?.id}/approve`, h.R, { note: 'ok' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.status).toBe('Withdrawable');
  });
});
