import { swapIn, swapOut } from '@server/modules/exchange/math.ts';
import { purgeStaleQuotes } from '@server/modules/exchange/service.ts';
import { checkLedger } from '@server/modules/ledger/index.ts';
import type { Member } from '@server/modules/members/index.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AGC,
  addRoot,
  availableOf,
  CLEAN,
  exchangeApi,
  exchangeMember,
  exchangeSide,
  grantAvailable,
  postingsOf,
  snapshot,
  USDT,
} from './exchange-support.ts';
import { startTestServer, type TestServer } from './helpers.ts';

// The defaults: AGC at 0.5 USDT, a 0.5 % fee, quotes holding 30 s.
const PRICE = 500_000n;
const FEE_PPM = 5_000n;

let s: TestServer;
let root: Member;

const newMember = (usdt = 0n, agc = 0n) => exchangeMember(s, root, usdt, agc);

beforeAll(async () => {
  s = await startTestServer({
    AGC_PRICE_USDT: '0.5',
    EXCHANGE_FEE_PERCENT: '0.5',
    EXCHANGE_QUOTE_TTL_SECONDS: '30',
  });
  root = await addRoot(s.ctx);
});
afterAll(() => s?.close());

describe('exchange info', () => {
  it('gives the price, the fee, the quote time, the member’s available USDT and AGC and the server time', async () => {
    const { api } = await newMember(123_450_000n, 7n * AGC + 1n);
    const before = Date.now();
    const r = await api.info();
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({
      price_usdt: '0.5',
      fee_percent: '0.5',
      quote_ttl_seconds: 30,
      available_usdt: '123.45',
      available_agc: '7.000000000000000001',
    });
    expect(Date.parse(r.data.server_time)).toBeGreaterThanOrEqual(before - 1);
  });

  it('needs a session', async () => {
    const r = await exchangeApi(s, {}).info();
    expect([r.status, r.code]).toEqual([401, 401]);
  });
});

describe('quoting', () => {
  it('mode in, USDT → AGC: fee rounded up, what arrives rounded down, the round trip, Open for 30 s', async () => {
    const { api } = await newMember(200n * USDT);
    const r = await api.quote({ from: 'USDT', mode: 'in', amount: '100' });
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({
      from: 'USDT',
      to: 'AGC',
      mode: 'in',
      amount_in: '100',
      fee: '0.5',
      amount_out: '199',
      price_usdt: '0.5',
      fee_percent: '0.5',
      // 199 AGC back: fee 0.995 AGC, 198.005 AGC × 0.5.
      round_trip: '99.0025',
      status: 'Open',
      accepted_at: null,
    });
    expect(Date.parse(r.data.expires_at) - Date.parse(r.data.created_at)).toBe(30_000);
    expect(r.data.server_time).toBe(r.data.created_at);
    // It reads back the same.
    const g = await api.get(r.data.id);
    expect(g.code).toBe(200);
    expect({ ...g.data, server_time: '' }).toEqual({ ...r.data, server_time: '' });
  });

  it('mode out, AGC → USDT: the smallest AGC amount that gives the USDT asked', async () => {
    const { api } = await newMember(0n, 100n * AGC);
    const r = await api.quote({ from: 'AGC', mode: 'out', amount: '10' });
    expect(r.code).toBe(200);
    // 10 USDT is 20 AGC net; grossed up for 0.5 % and rounded up to the AGC unit.
    expect(r.data).toMatchObject({
      amount_in: '20.100502512562814071',
      fee: '0.100502512562814071',
      amount_out: '10',
    });
    const m = swapOut('AGC', 10n * USDT, PRICE, FEE_PPM);
    expect(m).toEqual({
      amountIn: 20_100_502_512_562_814_071n,
      fee: 100_502_512_562_814_071n,
      amountOut: 10n * USDT,
    });
  });

  it('rounding for the platform on awkward figures, exactly as the arithmetic says', async () => {
    const { api } = await newMember(10n * USDT, 10n * AGC);
    const a = await api.quote({ from: 'USDT', mode: 'in', amount: '0.333333' });
    const ma = swapIn('USDT', 333_333n, PRICE, FEE_PPM);
    expect([a.data.amount_in, a.data.fee, a.data.amount_out]).toEqual(['0.333333', '0.001667', '0.663332']);
    expect([ma.fee, ma.amountOut]).toEqual([1_667n, 663_332n * 10n ** 12n]);
    const b = await api.quote({ from: 'AGC', mode: 'in', amount: '1.000000000000000001' });
    // fee ceil(1.000000000000000001 × 0.005) = 0.005000000000000001; 0.995 AGC → 0.4975 USDT (rounded down).
    expect([b.data.fee, b.data.amount_out]).toEqual(['0.005000000000000001', '0.4975']);
    const c = await api.quote({ from: 'USDT', mode: 'out', amount: '0.000000000000000001' });
    // 1 AGC-wei: one micro-USDT in (its fee rounds up to one micro-USDT: nothing left) is not enough; two are.
    expect([c.data.amount_in, c.data.fee, c.data.amount_out]).toEqual(['0.000002', '0.000001', '0.000002']);
  });

  it('refuses bad amounts with the product’s messages and stores nothing', async () => {
    const { api, m } = await newMember(5n * USDT, 5n * AGC);
    const before = await snapshot(s.ctx);
    const cases: Array<[unknown, string]> = [
      [{ from: 'USDT', mode: 'in', amount: '' }, 'Please enter an amount'],
      [{ from: 'USDT', mode: 'in', amount: '   ' }, 'Please enter an amount'],
      [{ from: 'USDT', mode: 'in', amount: '0' }, 'The amount must be greater than 0'],
      [{ from: 'USDT', mode: 'in', amount: '0.000000' }, 'The amount must be greater than 0'],
      [{ from: 'USDT', mode: 'in', amount: '-1' }, 'The amount must be greater than 0'],
      [{ from: 'USDT', mode: 'in', amount: '1e3' }, 'Please enter a valid amount'],
      [{ from: 'USDT', mode: 'in', amount: 'abc' }, 'Please enter a valid amount'],
      [{ from: 'USDT', mode: 'in', amount: '1,5' }, 'Please enter a valid amount'],
      [{ from: 'USDT', mode: 'in', amount: '.5' }, 'Please enter a valid amount'],
      [{ from: 'USDT', mode: 'in', amount: '0x10' }, 'Please enter a valid amount'],
      [{ from: 'USDT', mode: 'in', amount: '1.1234567' }, 'This amount allows at most 6 decimal places'],
      [
        { from: 'AGC', mode: 'in', amount: '1.1234567890123456789' },
        'This amount allows at most 18 decimal places',
      ],
      // Mode out counts the decimals of what arrives: USDT from AGC.
      [{ from: 'AGC', mode: 'out', amount: '1.1234567' }, 'This amount allows at most 6 decimal places'],
      // More than held (5 USDT; 5 AGC).
      [{ from: 'USDT', mode: 'in', amount: '5.000001' }, 'The balance is insufficient'],
      [{ from: 'USDT', mode: 'out', amount: '10' }, 'The balance is insufficient'],
      [
        { from: 'AGC', mode: 'in', amount: '1000000000000000000000000000000000000000000000000000000000' },
        'The token balance is insufficient',
      ],
      // Nothing would arrive: the fee takes the one micro-USDT; 1 AGC-wei is worth less than a micro-USDT.
      [{ from: 'USDT', mode: 'in', amount: '0.000001' }, 'The amount is too small to exchange'],
      [{ from: 'AGC', mode: 'in', amount: '0.000000000001' }, 'The amount is too small to exchange'],
      // Shapes the schema refuses.
      [{ from: 'BTC', mode: 'in', amount: '1' }, 'Invalid from: this value is not valid'],
      [{ from: 'USDT', mode: 'both', amount: '1' }, 'Invalid mode: this value is not valid'],
      [{ from: 'USDT', mode: 'in' }, 'Invalid amount: this field is required'],
      [{ from: 'USDT', mode: 'in', amount: 5 }, 'Please enter a valid amount'],
      [{ from: 'USDT', mode: 'in', amount: '1'.repeat(65) }, 'Please enter a valid amount'],
      // One spelling: no spaces, no leading zeros.
      [{ from: 'USDT', mode: 'in', amount: ' 1' }, 'Please enter a valid amount'],
      [{ from: 'USDT', mode: 'in', amount: '1 ' }, 'Please enter a valid amount'],
      [{ from: 'USDT', mode: 'in', amount: '0001' }, 'Please enter a valid amount'],
    ];
    const answers = [];
    for (const [body] of cases) answers.push(await api.quote(body));
    expect(answers.map((r) => [r.status, r.code, r.msg, r.data])).toEqual(
      cases.map(([, msg]) => [400, 400, msg, null]),
    );
    expect(await snapshot(s.ctx)).toEqual(before);
    expect(await availableOf(s.ctx, m.id, 'USDT')).toBe(5n * USDT);
  });

  it('says it in the member’s language', async () => {
    const { api } = await newMember(1n * USDT);
    const r = await api.quote({ from: 'USDT', mode: 'in', amount: '' }, { 'accept-language': 'fr' });
    expect(r.msg).toBe('Veuillez saisir un montant');
    const e = await api.quote({ from: 'USDT', mode: 'in', amount: '2' }, { 'accept-language': 'ja' });
    expect(e.msg).toBe('残高が不足しています');
  });
});

describe('accepting', () => {
  it('swaps once: the member’s available, the reserve and the fees move by the quote’s figures', async () => {
    const { api, m } = await newMember(150n * USDT, 1n * AGC);
    const side = { usdt: await exchangeSide(s.ctx, 'USDT'), agc: await exchangeSide(s.ctx, 'AGC') };
    const q = await api.quote({ from: 'USDT', mode: 'in', amount: '100' });
    const r = await api.accept(q.data.id);
    expect(r.code).toBe(200);
    expect(r.data.exchange).toMatchObject({
      id: q.data.id,
      status: 'Accepted',
      amount_in: '100',
      amount_out: '199',
    });
    expect(r.data.exchange.accepted_at).not.toBeNull();
    expect(await availableOf(s.ctx, m.id, 'USDT')).toBe(50n * USDT);
    expect(await availableOf(s.ctx, m.id, 'AGC')).toBe(200n * AGC);
    expect(await exchangeSide(s.ctx, 'USDT')).toEqual({
      reserve: side.usdt.reserve + 99_500_000n,
      fees: side.usdt.fees + 500_000n,
    });
    expect(await exchangeSide(s.ctx, 'AGC')).toEqual({
      reserve: side.agc.reserve - 199n * AGC,
      fees: side.agc.fees,
    });
    expect(await postingsOf(s.ctx, q.data.id)).toEqual({
      [`exchange:${q.data.id}:fee`]: '500000 USDT',
      [`exchange:${q.data.id}:in`]: '99500000 USDT',
      [`exchange:${q.data.id}:out`]: `${199n * AGC} AGC`,
    });
    // The info shows the new balances.
    expect((await api.info()).data).toMatchObject({ available_usdt: '50', available_agc: '200' });
    expect(await checkLedger(s.ctx.db)).toEqual(CLEAN);

    // AGC → USDT by amount out, back the other way.
    const back = await api.quote({ from: 'AGC', mode: 'out', amount: '10' });
    expect((await api.accept(back.data.id)).code).toBe(200);
    expect(await availableOf(s.ctx, m.id, 'USDT')).toBe(60n * USDT);
    expect(await availableOf(s.ctx, m.id, 'AGC')).toBe(200n * AGC - 20_100_502_512_562_814_071n);
    expect(await postingsOf(s.ctx, back.data.id)).toEqual({
      [`exchange:${back.data.id}:fee`]: '100502512562814071 AGC',
      [`exchange:${back.data.id}:in`]: `${20n * AGC} AGC`,
      [`exchange:${back.data.id}:out`]: '10000000 USDT',
    });
    expect(await checkLedger(s.ctx.db)).toEqual(CLEAN);
  });

  it('a second accept is refused (409) and the ledger moved once', async () => {
    const { api, m } = await newMember(10n * USDT);
    const q = await api.quote({ from: 'USDT', mode: 'in', amount: '4' });
    expect((await api.accept(q.data.id)).code).toBe(200);
    const before = await snapshot(s.ctx);
    const again = await api.accept(q.data.id);
    expect([again.status, again.code, again.msg, again.data]).toEqual([
      409,
      409,
      'This quote has already been accepted',
      null,
    ]);
    expect(await snapshot(s.ctx)).toEqual(before);
    expect(await availableOf(s.ctx, m.id, 'USDT')).toBe(6n * USDT);
    expect(Object.keys(await postingsOf(s.ctx, q.data.id))).toHaveLength(3);
  });

  it('an expired quote reads Expired and its accept answers 400 with a fresh quote; nothing moves', async () => {
    const { api, m } = await newMember(10n * USDT);
    const q = await api.quote({ from: 'USDT', mode: 'in', amount: '2' });
    s.advance(28_000);
    expect((await api.get(q.data.id)).data.status).toBe('Open');
    s.advance(2_000);
    // Past expires_at on the server's clock it is over.
    const g = await api.get(q.data.id);
    expect(g.data.status).toBe('Expired');
    expect(Date.parse(g.data.server_time)).toBeGreaterThanOrEqual(Date.parse(g.data.expires_at));
    const before = await snapshot(s.ctx);
    const r = await api.accept(q.data.id);
    expect([r.status, r.code, r.msg]).toEqual([400, 400, 'This quote has expired: here is a new one']);
    expect(r.data).toMatchObject({
      from: 'USDT',
      to: 'AGC',
      mode: 'in',
      amount_in: '2',
      fee: '0.01',
      amount_out: '3.98',
      status: 'Open',
    });
    expect(r.data.id).not.toBe(q.data.id);
    expect(Date.parse(r.data.expires_at) - Date.parse(r.data.server_time)).toBe(30_000);
    // Only the fresh quote was added; the old one is still Open (expired), no money moved.
    const after = await snapshot(s.ctx);
    expect(after.accounts).toEqual(before.accounts);
    expect(after.journal).toBe(before.journal);
    expect(after.quotes.slice(0, -1)).toEqual(before.quotes);
    expect(after.quotes.at(-1)).toMatchObject({ id: r.data.id, status: 'Open' });
    // The fresh one is accepted.
    expect((await api.accept(r.data.id)).code).toBe(200);
    expect(await availableOf(s.ctx, m.id, 'USDT')).toBe(8n * USDT);
    expect(await checkLedger(s.ctx.db)).toEqual(CLEAN);
  });

  it('an expired mode-out quote is re-quoted for the same amount out', async () => {
    const { api } = await newMember(0n, 50n * AGC);
    const q = await api.quote({ from: 'AGC', mode: 'out', amount: '10' });
    s.advance(31_000);
    const r = await api.accept(q.data.id);
    expect(r.code).toBe(400);
    expect(r.data).toMatchObject({
      mode: 'out',
      amount_in: q.data.amount_in,
      amount_out: '10',
      status: 'Open',
    });
  });

  it('an expired quote whose amount the member no longer holds answers with that refusal', async () => {
    const { api } = await newMember(10n * USDT);
    const q1 = await api.quote({ from: 'USDT', mode: 'in', amount: '8' });
    const q2 = await api.quote({ from: 'USDT', mode: 'in', amount: '5' });
    expect((await api.accept(q2.data.id)).code).toBe(200);
    s.advance(31_000);
    const before = await snapshot(s.ctx);
    const r = await api.accept(q1.data.id);
    expect([r.code, r.msg, r.data]).toEqual([400, 'The balance is insufficient', null]);
    expect(await snapshot(s.ctx)).toEqual(before);
  });

  it('refuses when the member no longer holds the amount in; the quote stays Open and can be accepted later', async () => {
    const { api, m } = await newMember(100n * USDT);
    const q1 = await api.quote({ from: 'USDT', mode: 'in', amount: '60' });
    const q2 = await api.quote({ from: 'USDT', mode: 'in', amount: '60' });
    expect((await api.accept(q1.data.id)).code).toBe(200);
    const before = await snapshot(s.ctx);
    const r = await api.accept(q2.data.id);
    expect([r.status, r.code, r.msg, r.data]).toEqual([400, 400, 'The balance is insufficient', null]);
    expect(await snapshot(s.ctx)).toEqual(before);
    expect((await api.get(q2.data.id)).data.status).toBe('Open');
    await grantAvailable(s.ctx, m.id, 'USDT', 20n * USDT);
    expect((await api.accept(q2.data.id)).code).toBe(200);
    expect(await availableOf(s.ctx, m.id, 'USDT')).toBe(0n);
    expect(await checkLedger(s.ctx.db)).toEqual(CLEAN);
  });

  it('another member’s quote and unknown ids are not found; a malformed id is refused; nothing changes', async () => {
    const owner = await newMember(10n * USDT);
    const other = await newMember(10n * USDT);
    const q = await owner.api.quote({ from: 'USDT', mode: 'in', amount: '1' });
    const before = await snapshot(s.ctx);
    for (const r of [
      await other.api.get(q.data.id),
      await other.api.accept(q.data.id),
      await other.api.get('999999999999'),
      await other.api.accept('999999999999'),
    ])
      expect([r.status, r.code, r.msg, r.data]).toEqual([404, 404, 'Exchange quote not found', null]);
    for (const id of ['abc', '-1', '1.5', '1234567890123456789'])
      for (const r of [await other.api.get(id), await other.api.accept(id)])
        expect([r.status, r.code]).toEqual([400, 400]);
    expect(await snapshot(s.ctx)).toEqual(before);
    // The owner still can.
    expect((await owner.api.accept(q.data.id)).code).toBe(200);
  });
});

describe('history', () => {
  it('lists the member’s accepted exchanges only, newest first, by pages', async () => {
    const { api } = await newMember(100n * USDT);
    const ids: string[] = [];
    for (const amount of ['1', '2', '3']) {
      const q = await api.quote({ from: 'USDT', mode: 'in', amount });
      s.advance(1_000);
      expect((await api.accept(q.data.id)).code).toBe(200);
      ids.push(q.data.id);
    }
    // An open quote and an expired one are not exchanges.
    await api.quote({ from: 'USDT', mode: 'in', amount: '4' });
    const all = await api.history();
    expect(all.code).toBe(200);
    expect(all.data).toMatchObject({ total: 3, page: 1, size: 20, has_more: false });
    expect(all.data.list.map((q: { id: string }) => q.id)).toEqual([...ids].reverse());
    expect(all.data.list.map((q: { amount_in: string }) => q.amount_in)).toEqual(['3', '2', '1']);
    expect(all.data.list.every((q: { status: string }) => q.status === 'Accepted')).toBe(true);
    const p2 = await api.history('?page=2&size=2');
    expect(p2.data).toMatchObject({ total: 3, page: 2, size: 2, has_more: false });
    expect(p2.data.list.map((q: { id: string }) => q.id)).toEqual([ids[0]]);
    // Numbered among the member's own exchanges, oldest first, on every page (not their global ids).
    expect(all.data.list.map((q: { number: number }) => q.number)).toEqual([3, 2, 1]);
    expect(p2.data.list.map((q: { number: number }) => q.number)).toEqual([1]);
    const p1 = await api.history('?page=1&size=2');
    expect(p1.data.has_more).toBe(true);
    for (const bad of ['?size=51', '?size=0', '?page=0', '?page=x'])
      expect((await api.history(bad)).code).toBe(400);
    // Another member sees none of them.
    expect((await (await newMember()).api.history()).data).toMatchObject({ total: 0, list: [] });
  });

  it('numbers each member’s exchanges from 1: in the accept answer, the quote and the history alike', async () => {
    const first = await newMember(100n * USDT);
    const second = await newMember(100n * USDT);
    const quote = async (api: typeof first.api) =>
      (await api.quote({ from: 'USDT', mode: 'in', amount: '1' })).data;
    const a1 = await quote(first.api);
    expect(a1.number).toBeNull(); // a quote is not an exchange yet
    expect((await first.api.get(a1.id)).data.number).toBeNull();
    expect((await first.api.accept(a1.id)).data.exchange.number).toBe(1);
    s.advance(1_000);
    const b1 = await quote(second.api);
    expect((await second.api.accept(b1.id)).data.exchange.number).toBe(1); // its own first, whatever came before
    s.advance(1_000);
    const a2 = await quote(first.api);
    const accepted = await first.api.accept(a2.id);
    expect(accepted.data.exchange.number).toBe(2);
    expect(BigInt(a2.id)).toBeGreaterThan(BigInt(b1.id));
    expect((await first.api.get(a1.id)).data.number).toBe(1);
    expect((await first.api.get(a2.id)).data.number).toBe(2);
    // An expired quote never gets one.
    const stale = await quote(first.api);
    s.advance(31_000);
    expect((await first.api.get(stale.id)).data).toMatchObject({ status: 'Expired', number: null });
    expect((await first.api.history()).data.list.map((q: { number: number }) => q.number)).toEqual([2, 1]);
  });
});

describe('the purge job', () => {
  it('deletes Open quotes expired over a day ago and keeps accepted ones and recent ones', async () => {
    const { api } = await newMember(100n * USDT);
    const stale = await api.quote({ from: 'USDT', mode: 'in', amount: '1' });
    const done = await api.quote({ from: 'USDT', mode: 'in', amount: '1' });
    expect((await api.accept(done.data.id)).code).toBe(200);
    s.advance(24 * 3_600_000 + 30_000 + 1);
    const recent = await api.quote({ from: 'USDT', mode: 'in', amount: '1' });
    s.advance(31_000);
    const deleted = await purgeStaleQuotes(s.ctx);
    expect(deleted).toBeGreaterThanOrEqual(1);
    expect((await api.get(stale.data.id)).code).toBe(404);
    expect((await api.get(done.data.id)).data.status).toBe('Accepted');
    expect((await api.get(recent.data.id)).data.status).toBe('Expired');
    expect(await purgeStaleQuotes(s.ctx)).toBe(0);
    expect(await checkLedger(s.ctx.db)).toEqual(CLEAN);
  });
});
