import { defined } from '@agc/shared/defined';
import { createCaches } from '@server/lib/caches.ts';
import { findByAddress } from '@server/modules/members/index.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCheckedApp } from './contract.ts';
import { newWallet, session, startTestServer, type TestServer } from './helpers.ts';

let s: TestServer;
const root = newWallet();
const a = newWallet();
const b = newWallet();
const h: Record<string, Record<string, string>> = {};

beforeAll(async () => {
  s = await startTestServer({
    RATE_LIMIT_NONCE_PER_MINUTE: '4',
    RATE_LIMIT_MONEY_PER_MINUTE: '3',
    TRUST_PROXY: '1',
  });
  h.root = await session(s, root);
  const code = defined(await findByAddress(s.ctx.db, root.address)).inviteCode;
  h.a = await session(s, a, { invite_code: code, side: 'left' });
  h.b = await session(s, b, { invite_code: code, side: 'right' });
});
afterAll(() => s.close());

const nonce = (app = s.app, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: `/api/v1/nonce?address=${root.address}`, headers });

describe('rate limits shared through the database', () => {
  it('two server processes on one database count against the same limit', async () => {
    // A second app with its own memory, as a second process behind the load balancer would have.
    const second = await buildCheckedApp({ ...s.ctx, cache: createCaches(1000) });
    await second.ready();
    try {
      const from = { 'x-forwarded-for': '203.0.113.7' };
      const codes = [];
      for (let i = 0; i < 4; i++) codes.push((await nonce(i % 2 ? second : s.app, from)).statusCode);
      expect(codes).toEqual([200, 200, 200, 200]);
      const fifth = await nonce(second, from);
      expect(fifth.statusCode).toBe(429);
      expect(fifth.json().msg).toMatch(/^Too many requests\. Please wait \d+ seconds and try again$/);
      expect(Number(fifth.headers['retry-after'])).toBeGreaterThan(0);
      // Another client address has its own count.
      expect((await nonce(s.app, { 'x-forwarded-for': '203.0.113.8' })).statusCode).toBe(200);
    } finally {
      await second.close();
    }
  });

  it('behind one trusted proxy the client is the address the proxy saw, not one the client made up', async () => {
    // TRUST_PROXY=1: only the last hop (what the proxy appended) counts; a forged left part is ignored.
    const forged = (i: number) => ({ 'x-forwarded-for': `10.9.9.${i}, 198.51.100.1` });
    const codes = [];
    for (let i = 0; i < 5; i++) codes.push((await nonce(s.app, forged(i))).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 429]);
  });

  it('without TRUST_PROXY, X-Forwarded-For is ignored: a client cannot pick its own key', async () => {
    const t = await startTestServer({ RATE_LIMIT_NONCE_PER_MINUTE: '2' });
    try {
      const codes = [];
      for (let i = 0; i < 3; i++)
        codes.push((await nonce(t.app, { 'x-forwarded-for': `198.51.100.${i}` })).statusCode);
      expect(codes).toEqual([200, 200, 429]);
    } finally {
      await t.close();
    }
  });

  it('money endpoints are limited per member: one member’s burst does not touch another’s', async () => {
    const cancel = (who: string) =>
      s.app.inject({
        method: 'POST',
        url: '/api/v1/order/cancel',
        headers: { ...h[who], 'accept-language': 'ja' },
        payload: { order_id: '999999' },
      });
    // Refused orders still count: the limit is on attempts, whatever their outcome.
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await cancel('a')).statusCode);
    expect(codes).toEqual([404, 404, 404, 429]);
    const limited = await cancel('a');
    expect(limited.json().code).toBe(429);
    expect(limited.json().msg).not.toMatch(/Too many requests/); // in Japanese
    expect((await cancel('b')).statusCode).toBe(404);
  });

  it('counts exactly under concurrency: of 12 requests at once on a limit of 4, exactly 4 pass', async () => {
    const from = { 'x-forwarded-for': '203.0.113.99' };
    const codes = await Promise.all(Array.from({ length: 12 }, () => nonce(s.app, from)));
    expect(codes.filter((r) => r.statusCode === 200)).toHaveLength(4);
    expect(codes.filter((r) => r.statusCode === 429)).toHaveLength(8);
  });
});
