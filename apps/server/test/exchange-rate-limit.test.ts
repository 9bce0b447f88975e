import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  addRoot,
  exchangeApi,
  grantAvailable,
  headersOf,
  snapshot,
  USDT,
} from './exchange-support.ts';
import { startTestServer, type TestServer } from './helpers.ts';

let s: TestServer;

describe('the exchange’s money routes are under the money rate limit, per member', () => {
  beforeAll(async () => {
    s = await startTestServer({ RATE_LIMIT_MONEY_PER_MINUTE: '3' });
  });
  afterAll(() => s?.close());

  it('quotes and accepts count; reads do not; another member is not touched', async () => {
    const root = await addRoot(s.ctx);
    const [a, b] = [await addMember(s.ctx, root, 'left'), await addMember(s.ctx, root, 'left')];
    await grantAvailable(s.ctx, a.id, 'USDT', 10n * USDT);
    await grantAvailable(s.ctx, b.id, 'USDT', 10n * USDT);
    const apiA = exchangeApi(s, await headersOf(s.ctx, a));
    const apiB = exchangeApi(s, await headersOf(s.ctx, b));
    // Each route counts on its own (plugins/rate-limit.ts): 3 quotes (a refused one counts too), then 429.
    const q = await apiA.quote({ from: 'USDT', mode: 'in', amount: '1' });
    expect((await apiA.quote({ from: 'USDT', mode: 'in', amount: '' })).code).toBe(400);
    expect((await apiA.quote({ from: 'USDT', mode: 'in', amount: '1' })).code).toBe(200);
    // 3 accepts: done, already done, already done; then 429.
    expect((await apiA.accept(q.data.id)).code).toBe(200);
    expect((await apiA.accept(q.data.id)).code).toBe(409);
    expect((await apiA.accept(q.data.id)).code).toBe(409);
    const before = await snapshot(s.ctx);
    const limited = [
      await apiA.quote({ from: 'USDT', mode: 'in', amount: '1' }),
      await apiA.accept(q.data.id),
    ];
    expect(limited.map((r) => [r.status, r.code])).toEqual([
      [429, 429],
      [429, 429],
    ]);
    expect(await snapshot(s.ctx)).toEqual(before);
    for (let i = 0; i < 5; i++) expect((await apiA.info()).code).toBe(200);
    expect((await apiA.history()).code).toBe(200);
    expect((await apiA.get(q.data.id)).code).toBe(200);
    expect((await apiB.quote({ from: 'USDT', mode: 'in', amount: '1' })).code).toBe(200);
  });
});
