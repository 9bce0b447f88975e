import { defined } from '@agc/shared/defined';
import { checkLedger } from '@server/modules/ledger/index.ts';
import type { Member } from '@server/modules/members/index.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AGC,
  addRoot,
  availableOf,
  CLEAN,
  exchangeMember,
  exchangeSide,
  postingsOf,
  snapshot,
  USDT,
} from './exchange-support.ts';
import { startTestServer, type TestServer } from './helpers.ts';

// Real concurrency needs real connections: this file runs in the suite's PostgreSQL pass (PGlite is one
// connection in one process, where "at once" would only interleave).
const PG = process.env.DATABASE_URL;

let s: TestServer;
let root: Member;

const newMember = (usdt: bigint) => exchangeMember(s, root, usdt);

describe.skipIf(!PG)('exchange accepts at once on PostgreSQL', () => {
  beforeAll(async () => {
    s = await startTestServer({ AGC_PRICE_USDT: '0.5', EXCHANGE_FEE_PERCENT: '0.5' });
    root = await addRoot(s.ctx);
  });
  afterAll(() => s?.close());

  it('100 accepts of one quote: exactly one exchange, the ledger moved once', async () => {
    const { m, api } = await newMember(1_000n * USDT);
    const side = { usdt: await exchangeSide(s.ctx, 'USDT'), agc: await exchangeSide(s.ctx, 'AGC') };
    const q = await api.quote({ from: 'USDT', mode: 'in', amount: '100' });
    expect(q.code).toBe(200);
    const answers = await Promise.all(Array.from({ length: 100 }, () => api.accept(q.data.id)));
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    // Every other one was refused as already accepted, not by a failure (no 500, no deadlock).
    expect(answers.filter((a) => a.code !== 200).map((a) => [a.code, a.msg])).toEqual(
      Array.from({ length: 99 }, () => [409, 'This quote has already been accepted']),
    );
    expect(await postingsOf(s.ctx, q.data.id)).toEqual({
      [`exchange:${q.data.id}:fee`]: '500000 USDT',
      [`exchange:${q.data.id}:in`]: '99500000 USDT',
      [`exchange:${q.data.id}:out`]: `${199n * AGC} AGC`,
    });
    expect(await availableOf(s.ctx, m.id, 'USDT')).toBe(900n * USDT);
    expect(await availableOf(s.ctx, m.id, 'AGC')).toBe(199n * AGC);
    expect(await exchangeSide(s.ctx, 'USDT')).toEqual({
      reserve: side.usdt.reserve + 99_500_000n,
      fees: side.usdt.fees + 500_000n,
    });
    expect(await exchangeSide(s.ctx, 'AGC')).toEqual({
      reserve: side.agc.reserve - 199n * AGC,
      fees: side.agc.fees,
    });
    expect((await api.history()).data.total).toBe(1);
    expect(await checkLedger(s.ctx.db)).toEqual(CLEAN);
  });

  it('20 quotes of one member whose balance covers 5, accepted at once: exactly 5, the rest stay Open', async () => {
    const { m, api } = await newMember(50n * USDT);
    const quotes: string[] = [];
    for (let i = 0; i < 20; i++)
      quotes.push((await api.quote({ from: 'USDT', mode: 'in', amount: '10' })).data.id);
    const answers = await Promise.all(quotes.map((id: string) => api.accept(id)));
    expect(answers.filter((a) => a.code === 200)).toHaveLength(5);
    expect(new Set(answers.filter((a) => a.code !== 200).map((a) => a.msg))).toEqual(
      new Set(['The balance is insufficient']),
    );
    expect(await availableOf(s.ctx, m.id, 'USDT')).toBe(0n);
    expect(await availableOf(s.ctx, m.id, 'AGC')).toBe(5n * 19_900_000_000_000_000_000n);
    const statuses = await Promise.all(quotes.map(async (id: string) => (await api.get(id)).data.status));
    expect(statuses.filter((x) => x === 'Accepted')).toHaveLength(5);
    expect(statuses.filter((x) => x === 'Open')).toHaveLength(15);
    expect(await checkLedger(s.ctx.db)).toEqual(CLEAN);
  });

  it('50 members swapping at once, each accept racing its own repeat: one exchange each, every balance right', async () => {
    const members = await Promise.all(Array.from({ length: 50 }, () => newMember(10n * USDT)));
    const quotes: string[] = [];
    for (const { api } of members)
      quotes.push((await api.quote({ from: 'USDT', mode: 'in', amount: '10' })).data.id);
    const before = await snapshot(s.ctx);
    const answers = await Promise.all(
      members.flatMap(({ api }, i) => [api.accept(defined(quotes[i])), api.accept(defined(quotes[i]))]),
    );
    expect(answers.filter((a) => a.code === 200)).toHaveLength(50);
    expect(answers.filter((a) => a.code === 409)).toHaveLength(50);
    for (const { m } of members) {
      expect(await availableOf(s.ctx, m.id, 'USDT')).toBe(0n);
      expect(await availableOf(s.ctx, m.id, 'AGC')).toBe(19_900_000_000_000_000_000n);
    }
    expect((await snapshot(s.ctx)).journal).toBe(before.journal + 150);
    expect(await checkLedger(s.ctx.db)).toEqual(CLEAN);
  });
});
