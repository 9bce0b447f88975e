import { pricesResponse } from '@agc/shared';
import { ConfigError, loadConfig } from '@server/config.ts';
import { FixedPriceSource, priceSourceFrom } from '@server/modules/pricing/index.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ AGC_PRICE_USDT: '0.123456', ETH_PRICE_USDT: '3456.789012' });
});
afterAll(() => s.close());

const prices = (app = s.app, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: '/api/v1/prices', headers });

describe('GET /prices (public)', () => {
  it('answers the configured AGC and ETH prices in USDT without sign-in', async () => {
    const res = await prices();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(200);
    expect(pricesResponse.parse(body.data)).toEqual({
      agc_usdt: '0.123456',
      eth_usdt: '3456.789012',
      updated_at: expect.any(String),
      source: 'fixed',
    });
    expect(Number.isNaN(Date.parse(body.data.updated_at))).toBe(false);
    // The same source the shop quotes from: token/price (signed in) agrees.
    expect((await s.ctx.prices.agcPrice()).usdtPerAgc).toBe(123_456n);
    expect((await s.ctx.prices.ethPrice()).usdtPerEth).toBe(3_456_789_012n);
  });

  it('ignores a bad or stale token: the read is public', async () => {
    const res = await prices(s.app, { authorization: 'Bearer not-a-token' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.eth_usdt).toBe('3456.789012');
  });

  it('is in the OpenAPI document without a security requirement', async () => {
    const doc = (await s.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const op = doc.paths['/api/v1/prices'].get;
    expect(op.security ?? []).toEqual([]);
    expect(
      Object.keys(op.responses['200'].content['application/json'].schema.properties.data.properties).sort(),
    ).toEqual(['agc_usdt', 'eth_usdt', 'source', 'updated_at']);
  });

  it('uses the development defaults: AGC 0.5, ETH 3000', async () => {
    const t = await startTestServer();
    try {
      const data = (await prices(t.app)).json().data;
      expect([data.agc_usdt, data.eth_usdt]).toEqual(['0.5', '3000']);
    } finally {
      await t.close();
    }
  });

  it('is rate limited per client address like the other signed-out endpoint', async () => {
    const t = await startTestServer({ RATE_LIMIT_NONCE_PER_MINUTE: '2' });
    try {
      const codes = [];
      for (let i = 0; i < 3; i++) codes.push((await prices(t.app)).statusCode);
      expect(codes).toEqual([200, 200, 429]);
      const refused = await prices(t.app, { 'accept-language': 'ja' });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().msg).not.toMatch(/Too many/); // translated (ja)
    } finally {
      await t.close();
    }
  });
});

describe('ETH_PRICE_USDT', () => {
  const refused = (v: string) => {
    try {
      loadConfig({ ETH_PRICE_USDT: v });
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      return (e as Error).message;
    }
    throw new Error(`expected ETH_PRICE_USDT=${v} to be refused`);
  };

  it('is an exact decimal in USDT minor units', () => {
    expect(loadConfig({}).price.ethUsdt).toBe(3_000_000_000n);
    expect(loadConfig({ ETH_PRICE_USDT: '2512.000001' }).price.ethUsdt).toBe(2_512_000_001n);
  });

  it('refuses zero, negatives, more than 6 decimals and text', () => {
    for (const v of ['0', '0.000000', '-1', '1.0000001', 'abc', '1e3', ''])
      expect(refused(v)).toMatch(/ETH_PRICE_USDT/);
  });

  it('a fixed source refuses a zero price even when built by hand', () => {
    expect(() => new FixedPriceSource(1n, 0n)).toThrow(/ETH price/);
    expect(() => new FixedPriceSource(0n, 1n)).toThrow(/AGC price/);
    const source = priceSourceFrom(loadConfig({ PRICE_SOURCE: 'fixed', ETH_PRICE_USDT: '1.5' }));
    return expect(source.ethPrice()).resolves.toMatchObject({ usdtPerEth: 1_500_000n });
  });
});
