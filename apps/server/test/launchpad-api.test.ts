import { rowsOf } from '@agc/db';
import { defined } from '@agc/shared/defined';
import { releaseDueAgc } from '@server/modules/launchpad/release/service.ts';
import { ACCOUNTS, balanceOf, checkLedger } from '@server/modules/ledger/index.ts';
import type { Member } from '@server/modules/members/index.ts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newWallet, startTestServer, type TestServer } from './helpers.ts';
import { AGC, balances, grantAvailable, signUpMembers, USDT } from './withdraw-support.ts';

// Launchpad: the members' rounds, purchases and allocations, the admins' rounds, the release.
let s: TestServer;
const w = { R: newWallet(), A: newWallet(), B: newWallet(), C: newWallet() };
let h: Record<keyof typeof w, Record<string, string>>;
let m: Record<keyof typeof w, Member>;

const DAY = 86_400_000;

const call = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  headers: Record<string, string> = {},
  payload?: object,
  lang = 'en',
) =>
  s.app.inject({
    method,
    url: `/api/v1/${url}`,
    headers: { 'accept-language': lang, ...headers },
    ...(payload && { payload }),
  });

const iso = (msFromNow: number) => new Date(s.ctx.now().getTime() + msFromNow).toISOString();

/** Terms a new round and an edit both refuse, each with its message (English). */
const REFUSED_TERMS: Array<[Record<string, unknown>, string]> = [
  [{ price_usdt: '' }, 'Please enter an amount'],
  [{ price_usdt: '1e2' }, 'Please enter a valid amount'],
  [{ price_usdt: '0' }, 'The amount must be greater than 0'],
  [{ price_usdt: '1.1234567' }, 'This amount allows at most 6 decimal places'],
  [{ agc_per_copy: '1.1234567890123456789' }, 'This amount allows at most 18 decimal places'],
  [{ starts_at: 'tomorrow' }, 'Please enter a valid date and time'],
  [{ copies: 5, per_member_limit: 6 }, 'The limit per member cannot exceed the copies in the round'],
];

/** An admin's round form: open since an hour, ending in 10 days, cliff 5, linear 4. */
const roundBody = (over: Record<string, unknown> = {}) => ({
  name: 'Seed',
  description: 'A test round',
  translations: { ja: { name: 'シード' } },
  copies: 10,
  price_usdt: '100',
  agc_per_copy: '400',
  per_member_limit: 3,
  starts_at: iso(-3_600_000),
  ends_at: iso(10 * DAY),
  cliff_days: 5,
  linear_days: 4,
  ...over,
});

const createRound = async (over: Record<string, unknown> = {}) => {
  const res = await call('POST', 'admin/launchpad/rounds', h.R, roundBody(over));
  expect(res.json().code, res.body).toBe(200);
  return res.json().data as { id: number };
};

const buy = (who: keyof typeof w, id: number, copies: unknown, lang = 'en') =>
  call('POST', `launchpad/rounds/${id}/buy`, h[who], copies === undefined ? {} : { copies }, lang);

/** Everything a refused request must leave as it was. */
async function snapshot() {
  const [counts] = rowsOf<{
    rounds: string;
    sold: string;
    purchases: number;
    copies: number;
    transfers: number;
  }>(
    await s.ctx.db.execute(sql`select (select count(*) from launchpad_rounds)::text as rounds,
      (select coalesce(sum(sold), 0) from launchpad_rounds)::text as sold,
      (select count(*) from launchpad_purchases)::int as purchases,
      (select count(*) from launchpad_copies)::int as copies,
      (select count(*) from ledger_transfers)::int as transfers`),
  );
  const bal = {} as Record<string, Record<string, bigint>>;
  for (const who of Object.keys(w) as Array<keyof typeof w>) bal[who] = await balances(s.ctx, m[who].id);
  return {
    counts: {
      ...defined(counts),
      purchases: Number(defined(counts).purchases),
      copies: Number(defined(counts).copies),
      transfers: Number(defined(counts).transfers),
    },
    bal,
  };
}

async function expectLedgerClean() {
  const check = await checkLedger(s.ctx.db);
  expect(check).toEqual({ mismatched: [], negative: [], assetMismatch: [] });
}

beforeAll(async () => {
  s = await startTestServer({ ADMIN_ADDRESSES: w.R.address });
  ({ h, m } = await signUpMembers(s, w, []));
  for (const who of ['A', 'B'] as const) await grantAvailable(s.ctx, m[who].id, 'USDT', 1_000n * USDT);
  await grantAvailable(s.ctx, m.C.id, 'USDT', 150n * USDT);
});
afterAll(() => s.close());

describe('admin rounds', () => {
  it('creates, lists and closes rounds, audit-logged with before and after', async () => {
    const created = await call('POST', 'admin/launchpad/rounds', h.R, roundBody({ name: 'Admin one' }));
    expect(created.json()).toMatchObject({
      code: 200,
      data: {
        name: 'Admin one',
        copies: 10,
        sold: 0,
        remaining: 10,
        price_usdt: '100',
        agc_per_copy: '400',
        per_member_limit: 3,
        state: 'Open',
        status: 'open',
        raised_usdt: '0',
        buyers: 0,
      },
    });
    const id = created.json().data.id as number;
    const list = (await call('GET', 'admin/launchpad/rounds', h.R)).json().data.list;
    expect(list[0].id).toBe(id);
    const closed = await call('POST', `admin/launchpad/rounds/${id}/close`, h.R);
    expect(closed.json().data).toMatchObject({ id, status: 'closed', state: 'Closed' });
    const again = await call('POST', `admin/launchpad/rounds/${id}/close`, h.R);
    expect(again.json()).toMatchObject({ code: 400, msg: 'This round is already closed' });
    expect((await call('POST', 'admin/launchpad/rounds/999999/close', h.R)).json()).toMatchObject({
      code: 404,
      msg: 'Round not found',
    });
    const log = rowsOf<{
      action: string;
      actor: string;
      before: { status: string } | null;
      after: { status: string };
    }>(
      await s.ctx.db.execute(
        sql`select action, actor_id::text as actor, before, after from audit_log where target = ${`launchpad_round:${id}`} order by id`,
      ),
    );
    expect(log.map((l) => l.action)).toEqual(['launchpad_round.create', 'launchpad_round.close']);
    expect(log[0]).toMatchObject({ actor: m.R.id.toString(), before: null, after: { status: 'open' } });
    expect(log[1]).toMatchObject({ before: { status: 'open' }, after: { status: 'closed' } });
  });

  it('refuses bad forms with a translated message and creates nothing', async () => {
    const before = await snapshot();
    const cases: Array<[Record<string, unknown>, string]> = [
      ...REFUSED_TERMS,
      [{ price_usdt: 'abc' }, 'Please enter a valid amount'],
      [{ price_usdt: '-5' }, 'The amount must be greater than 0'],
      [{ agc_per_copy: '0' }, 'The amount must be greater than 0'],
      [{ ends_at: '' }, 'Please enter a valid date and time'],
      [{ ends_at: iso(-2 * 3_600_000) }, 'The end must be after the start'],
    ];
    for (const [over, msg] of cases) {
      const res = await call('POST', 'admin/launchpad/rounds', h.R, roundBody(over));
      expect(res.json(), JSON.stringify(over)).toMatchObject({ code: 400, msg });
    }
    for (const over of [
      { copies: 0 },
      { copies: 1.5 },
      { per_member_limit: 0 },
      { name: '' },
      { cliff_days: -1 },
    ]) {
      const res = await call('POST', 'admin/launchpad/rounds', h.R, roundBody(over));
      expect(res.json().code, JSON.stringify(over)).toBe(400);
    }
    const ja = await call('POST', 'admin/launchpad/rounds', h.R, roundBody({ price_usdt: '0' }), 'ja');
    expect(ja.json().msg).toBe('金額は0より大きくしてください');
    expect(await snapshot()).toEqual(before);
  });

  it('is for admins only', async () => {
    expect((await call('GET', 'admin/launchpad/rounds', h.A)).statusCode).toBe(403);
    expect((await call('POST', 'admin/launchpad/rounds', h.A, roundBody())).statusCode).toBe(403);
    expect((await call('POST', 'admin/launchpad/rounds/1/close', h.A)).statusCode).toBe(403);
    expect((await call('GET', 'admin/launchpad/rounds')).statusCode).toBe(401);
    expect((await call('POST', 'admin/launchpad/rounds', {}, roundBody())).statusCode).toBe(401);
  });
});

describe('member rounds', () => {
  it('lists rounds open first, then upcoming, then finished, with their state now; unknown 404; signed out 401', async () => {
    const upcoming = await createRound({ starts_at: iso(DAY), ends_at: iso(2 * DAY) });
    const ended = await createRound({ starts_at: iso(-2 * DAY), ends_at: iso(-DAY) });
    const open = await createRound({ name: 'Open one' });
    const list = (await call('GET', 'launchpad/rounds', h.A)).json().data.list as Array<{
      id: number;
      state: string;
    }>;
    // open first, then upcoming, then the finished ones: never a closed or ended round above an open one
    const mine = list.filter((r) => [open.id, ended.id, upcoming.id].includes(r.id));
    expect(mine.map((r) => [r.id, r.state])).toEqual([
      [open.id, 'Open'],
      [upcoming.id, 'Upcoming'],
      [ended.id, 'Ended'],
    ]);
    const rank = (st: string) => (st === 'Open' ? 0 : st === 'Upcoming' ? 1 : 2);
    expect(list.map((r) => rank(r.state))).toEqual(list.map((r) => rank(r.state)).sort((a, b) => a - b));
    const one = await call('GET', `launchpad/rounds/${open.id}`, h.A, undefined, 'ja');
    expect(one.json().data).toMatchObject({
      id: open.id,
      name: 'シード',
      description: 'A test round',
      my_copies: 0,
      remaining: 10,
      cliff_days: 5,
      linear_days: 4,
    });
    const r = one.json().data;
    expect(new Date(r.release_starts_at).getTime() - new Date(r.ends_at).getTime()).toBe(5 * DAY);
    expect((await call('GET', 'launchpad/rounds/999999', h.A)).json()).toMatchObject({
      code: 404,
      msg: 'Round not found',
    });
    expect((await call('GET', 'launchpad/rounds/abc', h.A)).json().code).toBe(400);
    expect((await call('GET', 'launchpad/rounds')).statusCode).toBe(401);
    expect((await call('GET', `launchpad/rounds/${open.id}`)).statusCode).toBe(401);
    expect((await call('POST', `launchpad/rounds/${open.id}/buy`, {}, { copies: '1' })).statusCode).toBe(401);
    expect((await call('GET', 'launchpad/purchases')).statusCode).toBe(401);
  });
});

describe('buying', () => {
  it('sells numbered copies from available USDT, locks the AGC, lists purchases and the public allocations', async () => {
    const round = await createRound();
    const first = await buy('A', round.id, '2');
    expect(first.json(), first.body).toMatchObject({
      code: 200,
      data: {
        purchase: {
          round_id: round.id,
          round_name: 'Seed',
          copies: 2,
          first_copy: 1,
          last_copy: 2,
          amount_usdt: '200',
          agc: '800',
          released_agc: '0',
          locked_agc: '800',
        },
        round: { id: round.id, sold: 2, remaining: 8, my_copies: 2, state: 'Open' },
      },
    });
    const releaseStart = new Date(first.json().data.round.release_starts_at);
    expect(first.json().data.purchase.next_release_at).toBe(releaseStart.toISOString());
    const second = await buy('B', round.id, '3');
    expect(second.json().data.purchase).toMatchObject({ first_copy: 3, last_copy: 5 });
    const third = await buy('A', round.id, '1');
    expect(third.json().data.purchase).toMatchObject({ first_copy: 6, last_copy: 6 });
    expect(third.json().data.round).toMatchObject({ sold: 6, my_copies: 3 });
    // Read at the same moment (one batch of rounds and copies): each member sees its own copies; an unknown round 404.
    const [ofA, ofB, ofR, unknown] = await Promise.all([
      call('GET', `launchpad/rounds/${round.id}`, h.A),
      call('GET', `launchpad/rounds/${round.id}`, h.B),
      call('GET', `launchpad/rounds/${round.id}`, h.R),
      call('GET', `launchpad/rounds/${round.id + 1000}`, h.A),
    ]);
    expect([ofA, ofR, ofB].map((r) => r.json().data.my_copies)).toEqual([3, 0, 3]);
    expect(ofB.json().data).toMatchObject({ sold: 6, remaining: 4 });
    expect(unknown.statusCode).toBe(404);

    const a = await balances(s.ctx, m.A.id);
    expect(a[`${ACCOUNTS.available}.USDT`]).toBe(700n * USDT);
    expect(a[`${ACCOUNTS.launchpadLocked}.AGC`]).toBe(1_200n * AGC);
    expect(await balanceOf(s.ctx.db, { userId: null, code: ACCOUNTS.launchpadSales, asset: 'USDT' })).toBe(
      600n * USDT,
    );
    const keys = rowsOf<{ idempotency_key: string }>(
      await s.ctx.db.execute(
        sql`select idempotency_key from ledger_transfers where kind = 'launchpad.buy' order by id`,
      ),
    ).map((r) => r.idempotency_key);
    const pid = first.json().data.purchase.id;
    expect(keys).toContain(`launchpad:buy:${pid}:usdt`);
    expect(keys).toContain(`launchpad:buy:${pid}:agc`);

    const mine = (await call('GET', 'launchpad/purchases?page=1&size=10', h.A)).json().data;
    expect(mine.total).toBe(2);
    expect(mine.list.map((p: { first_copy: number }) => p.first_copy)).toEqual([6, 1]);
    expect((await call('GET', `launchpad/purchases/${pid}`, h.A)).json().data).toMatchObject({
      id: pid,
      copies: 2,
    });
    expect((await call('GET', `launchpad/purchases/${pid}`, h.B)).json()).toMatchObject({
      code: 404,
      msg: 'Purchase not found',
    });
    expect((await call('GET', 'launchpad/purchases/987654321', h.A)).json().code).toBe(404);
    expect((await call('GET', 'launchpad/purchases/x1', h.A)).json().code).toBe(400);

    // Public: no sign-in, copy numbers ascending, addresses shortened.
    const alloc = (await call('GET', `launchpad/rounds/${round.id}/allocations?page=1&size=4`)).json().data;
    expect(alloc).toMatchObject({ total: 6, has_more: true });
    expect(alloc.list.map((c: { copy_no: number }) => c.copy_no)).toEqual([1, 2, 3, 4]);
    const a0 = m.A.address;
    expect(alloc.list[0].address).toBe(`${a0.slice(0, 6)}…${a0.slice(-4)}`);
    expect(alloc.list[2].address).toBe(`${m.B.address.slice(0, 6)}…${m.B.address.slice(-4)}`);
    expect((await call('GET', 'launchpad/rounds/999999/allocations')).json().code).toBe(404);
    await expectLedgerClean();
  });

  it('refuses bad copies with a translated message and changes nothing', async () => {
    const round = await createRound();
    const before = await snapshot();
    const cases: Array<[unknown, string]> = [
      ['', 'Please enter the number of copies'],
      ['   ', 'Please enter the number of copies'],
      ['1.5', 'Please enter a whole number of copies, e.g. 2'],
      ['2.0', 'Please enter a whole number of copies, e.g. 2'],
      ['1e1', 'Please enter a whole number of copies, e.g. 2'],
      ['abc', 'Please enter a whole number of copies, e.g. 2'],
      ['0x2', 'Please enter a whole number of copies, e.g. 2'],
      ['+1', 'Please enter a whole number of copies, e.g. 2'],
      ['0', 'The number of copies must be at least 1'],
      ['000', 'Please enter a whole number of copies, e.g. 2'],
      ['02', 'Please enter a whole number of copies, e.g. 2'],
      [' 3 ', 'Please enter a whole number of copies, e.g. 2'],
      ['-1', 'The number of copies must be at least 1'],
    ];
    for (const [copies, msg] of cases) {
      const res = await buy('A', round.id, copies);
      expect(res.json(), String(copies)).toMatchObject({ code: 400, msg });
    }
    for (const copies of [undefined, 2, null, '1234567890123']) {
      const res = await buy('A', round.id, copies);
      expect(res.json().code, String(copies)).toBe(400);
    }
    expect((await buy('A', round.id, '1e1', 'fr')).json().msg).toBe(
      'Veuillez saisir un nombre entier de parts, p. ex. 2',
    );
    expect(await snapshot()).toEqual(before);
    await expectLedgerClean();
  });

  it('refuses what the round or the member cannot do, saying why, and changes nothing', async () => {
    const closed = await createRound();
    await call('POST', `admin/launchpad/rounds/${closed.id}/close`, h.R);
    const upcoming = await createRound({ starts_at: iso(DAY), ends_at: iso(2 * DAY) });
    const ended = await createRound({ starts_at: iso(-2 * DAY), ends_at: iso(-DAY) });
    const small = await createRound({ copies: 4, per_member_limit: 4 });
    const limited = await createRound({ copies: 10, per_member_limit: 3 });
    expect((await buy('A', small.id, '3')).json().code).toBe(200);
    expect((await buy('A', limited.id, '2')).json().code).toBe(200);

    const before = await snapshot();
    const cases: Array<[keyof typeof w, number, string, number, string]> = [
      ['A', 999999, '1', 404, 'Round not found'],
      ['A', closed.id, '1', 400, 'This round is closed'],
      ['A', upcoming.id, '1', 400, `This round has not started yet (it opens at ${iso(DAY).slice(0, 13)}`],
      ['A', ended.id, '1', 400, 'This round has ended'],
      ['B', small.id, '2', 400, 'Only 1 copies left'],
      ['A', limited.id, '2', 400, 'You can buy at most 1 more copies in this round'],
      ['B', limited.id, '4', 400, 'You can buy at most 3 more copies in this round'],
      // C has 150 USDT: 2 copies cost 200.
      ['C', limited.id, '2', 400, 'The balance is insufficient'],
    ];
    for (const [who, id, copies, code, msg] of cases) {
      const res = await buy(who, id, copies);
      expect(res.json().code, msg).toBe(code);
      expect(res.json().msg.startsWith(msg), `${res.json().msg} ≠ ${msg}`).toBe(true);
    }
    expect(await snapshot()).toEqual(before);
    expect((await buy('A', limited.id, '1')).json().code).toBe(200);
    const reached = await buy('A', limited.id, '1');
    expect(reached.json()).toMatchObject({
      code: 400,
      msg: 'You already hold the most copies allowed in this round (3)',
    });
    expect((await buy('B', small.id, '1')).json().code).toBe(200);
    const soldOut = await buy('B', small.id, '1');
    expect(soldOut.json()).toMatchObject({ code: 400, msg: 'This round is sold out' });
    expect((await call('GET', `launchpad/rounds/${small.id}`, h.B)).json().data.state).toBe('SoldOut');
    expect((await buy('B', small.id, '1', 'zh-Hans')).json().msg).toBe('本轮已售罄');
    await expectLedgerClean();
  });

  it('a round closed by an admin sells no more; what was sold stays', async () => {
    const round = await createRound();
    expect((await buy('B', round.id, '1')).json().code).toBe(200);
    await call('POST', `admin/launchpad/rounds/${round.id}/close`, h.R);
    expect((await buy('B', round.id, '1')).json().msg).toBe('This round is closed');
    const r = (await call('GET', `launchpad/rounds/${round.id}`, h.B)).json().data;
    expect(r).toMatchObject({ state: 'Closed', sold: 1, my_copies: 1 });
    const admin = (await call('GET', 'admin/launchpad/rounds', h.R))
      .json()
      .data.list.find((x: { id: number }) => x.id === round.id);
    expect(admin).toMatchObject({ raised_usdt: '100', buyers: 1 });
  });
});

describe('editing rounds', () => {
  /** The round's row and the audit entries on it: what a refused edit must leave as it was. */
  const stored = async (id: number) => ({
    row: rowsOf(await s.ctx.db.execute(sql`select * from launchpad_rounds where id = ${id}`))[0],
    audit: rowsOf(
      await s.ctx.db.execute(sql`select id from audit_log where target = ${`launchpad_round:${id}`}`),
    ),
  });
  const edit = (
    id: number,
    over: Record<string, unknown> = {},
    who: Record<string, string> = h.R,
    lang = 'en',
  ) => call('PUT', `admin/launchpad/rounds/${id}`, who, roundBody(over), lang);
  const upcomingTerms = () => ({ starts_at: iso(DAY), ends_at: iso(3 * DAY) });

  it('edits every term of an upcoming round, audit-logged with before and after', async () => {
    const round = await createRound({ name: 'Before edit', ...upcomingTerms() });
    const startsAt = iso(2 * DAY);
    const endsAt = iso(9 * DAY);
    const res = await edit(round.id, {
      name: 'After edit',
      description: 'New words',
      translations: { ja: { name: '編集後', description: '新しい説明' }, fr: { name: '  ' } },
      copies: 50,
      price_usdt: '12.345678',
      agc_per_copy: '0.000000000000000001',
      per_member_limit: 7,
      starts_at: startsAt,
      ends_at: endsAt,
      cliff_days: 0,
      linear_days: 30,
    });
    expect(res.json(), res.body).toMatchObject({
      code: 200,
      data: {
        id: round.id,
        name: 'After edit',
        description: 'New words',
        translations: { ja: { name: '編集後', description: '新しい説明' } },
        copies: 50,
        remaining: 50,
        price_usdt: '12.345678',
        agc_per_copy: '0.000000000000000001',
        per_member_limit: 7,
        starts_at: startsAt,
        ends_at: endsAt,
        cliff_days: 0,
        linear_days: 30,
        state: 'Upcoming',
        status: 'open',
      },
    });
    expect(res.json().data.translations).not.toHaveProperty('fr');
    const listed = (await call('GET', 'admin/launchpad/rounds', h.R)).json().data.list;
    expect(listed.find((r: { id: number }) => r.id === round.id)).toMatchObject({ name: 'After edit' });
    const ja = (await call('GET', `launchpad/rounds/${round.id}`, h.A, undefined, 'ja')).json().data;
    expect(ja).toMatchObject({ name: '編集後', description: '新しい説明', price_usdt: '12.345678' });
    const log = rowsOf<{
      action: string;
      actor: string;
      before: Record<string, unknown>;
      after: Record<string, unknown>;
    }>(
      await s.ctx.db.execute(
        sql`select action, actor_id::text as actor, before, after from audit_log where target = ${`launchpad_round:${round.id}`} order by id`,
      ),
    );
    expect(log.map((l) => l.action)).toEqual(['launchpad_round.create', 'launchpad_round.update']);
    expect(log[1]).toMatchObject({
      actor: m.R.id.toString(),
      before: { name: 'Before edit', copies: 10, priceUsdt: (100n * USDT).toString(), perMemberLimit: 3 },
      after: {
        name: 'After edit',
        copies: 50,
        priceUsdt: '12345678',
        agcPerCopy: '1',
        perMemberLimit: 7,
        linearDays: 30,
        createdBy: m.R.id.toString(),
      },
    });
  });

  it('refuses bad forms like a new round, in the caller’s language, and leaves the round as it was', async () => {
    const round = await createRound(upcomingTerms());
    const before = await stored(round.id);
    const cases: Array<[Record<string, unknown>, string]> = [
      ...REFUSED_TERMS,
      [{ ends_at: iso(DAY - 60_000) }, 'The end must be after the start'],
    ];
    for (const [over, msg] of cases) {
      const res = await edit(round.id, { ...upcomingTerms(), ...over });
      expect(res.json(), JSON.stringify(over)).toMatchObject({ code: 400, msg });
    }
    for (const over of [
      { copies: 0 },
      { copies: 1.5 },
      { per_member_limit: 0 },
      { name: ' ' },
      { linear_days: -1 },
    ]) {
      const res = await edit(round.id, { ...upcomingTerms(), ...over });
      expect(res.json().code, JSON.stringify(over)).toBe(400);
    }
    expect((await edit(round.id, { ...upcomingTerms(), price_usdt: '0' }, h.R, 'ja')).json().msg).toBe(
      '金額は0より大きくしてください',
    );
    expect(await stored(round.id)).toEqual(before);
  });

  it('is for admins only; an unknown round is 404', async () => {
    const round = await createRound(upcomingTerms());
    const before = await stored(round.id);
    expect((await edit(round.id, { name: 'x' }, {})).statusCode).toBe(401);
    expect((await edit(round.id, { name: 'x' }, h.A)).statusCode).toBe(403);
    expect((await edit(999_999, upcomingTerms())).json()).toMatchObject({
      code: 404,
      msg: 'Round not found',
    });
    expect((await edit(0, upcomingTerms())).json().code).toBe(400);
    expect(await stored(round.id)).toEqual(before);
  });

  it('refuses once the round has opened (the server’s clock) or is closed, saying why', async () => {
    const open = await createRound();
    const later = await createRound(upcomingTerms());
    const closed = await createRound(upcomingTerms());
    await call('POST', `admin/launchpad/rounds/${closed.id}/close`, h.R);
    const before = await Promise.all([open, later, closed].map((r) => stored(r.id)));
    expect((await edit(open.id, { name: 'x' })).json()).toMatchObject({
      code: 400,
      msg: 'This round has opened: its terms can no longer be changed',
    });
    expect((await edit(open.id, { name: 'x' }, h.R, 'ja')).json().msg).toBe(
      'このラウンドは開始済みのため、条件を変更できません',
    );
    expect((await edit(closed.id, upcomingTerms())).json()).toMatchObject({
      code: 400,
      msg: 'This round is closed: it can no longer be edited',
    });
    // At its start on the server's clock the round is open: too late.
    s.advance(DAY);
    try {
      expect((await edit(later.id, { starts_at: iso(DAY), ends_at: iso(2 * DAY) })).json().code).toBe(400);
    } finally {
      s.advance(-DAY);
    }
    expect(await Promise.all([open, later, closed].map((r) => stored(r.id)))).toEqual(before);
  });

  it('a round edited before it opens sells by the new terms at once (this process’s view is read again)', async () => {
    const round = await createRound({ ...upcomingTerms(), price_usdt: '100', agc_per_copy: '400' });
    // A buyer early: refused, and the sale now holds a view of the round as it was.
    expect((await buy('C', round.id, '1')).json().code).toBe(400);
    const res = await edit(round.id, {
      price_usdt: '0.5',
      agc_per_copy: '7',
      copies: 3,
      per_member_limit: 3,
      starts_at: iso(-1_000),
      ends_at: iso(DAY),
    });
    expect(res.json().data.state, res.body).toBe('Open');
    const bought = await buy('C', round.id, '3');
    expect(bought.json(), bought.body).toMatchObject({
      code: 200,
      data: { purchase: { amount_usdt: '1.5', agc: '21' }, round: { sold: 3, remaining: 0 } },
    });
    // Sold: no more edits.
    expect((await edit(round.id, { starts_at: iso(DAY), ends_at: iso(2 * DAY) })).json().msg).toBe(
      'This round has opened: its terms can no longer be changed',
    );
    await expectLedgerClean();
  });
});

describe('release', () => {
  it('releases nothing before the cliff, daily steps from the release start, all at the end, never more', async () => {
    // Its own server and clock: the release job looks at every round.
    const t = await startTestServer({ ADMIN_ADDRESSES: w.R.address });
    try {
      const { h: th, m: tm } = await signUpMembers(t, { R: w.R, A: newWallet() }, []);
      await grantAvailable(t.ctx, tm.A.id, 'USDT', 1_000n * USDT);
      const now = t.ctx.now().getTime();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/admin/launchpad/rounds',
        headers: th.R,
        payload: roundBody({
          starts_at: new Date(now - 3_600_000).toISOString(),
          ends_at: new Date(now + DAY).toISOString(),
          agc_per_copy: '1',
          cliff_days: 2,
          linear_days: 3,
        }),
      });
      const id = res.json().data.id as number;
      const bought = await t.app.inject({
        method: 'POST',
        url: `/api/v1/launchpad/rounds/${id}/buy`,
        headers: th.A,
        payload: { copies: '1' },
      });
      const purchase = bought.json().data.purchase;
      const start = new Date(bought.json().data.round.release_starts_at).getTime();
      expect(start).toBe(new Date(bought.json().data.round.ends_at).getTime() + 2 * DAY);
      const at = (ms: number) => t.advance(ms - t.ctx.now().getTime());
      const agcOf = async () => {
        const b = await balances(t.ctx, tm.A.id);
        return [b[`${ACCOUNTS.available}.AGC`] ?? 0n, b[`${ACCOUNTS.launchpadLocked}.AGC`] ?? 0n];
      };
      const detail = async () =>
        (
          await t.app.inject({
            method: 'GET',
            url: `/api/v1/launchpad/purchases/${purchase.id}`,
            headers: th.A,
          })
        ).json().data;

      at(start - 1000);
      expect(await releaseDueAgc(t.ctx)).toBe(0);
      expect(await agcOf()).toEqual([0n, AGC]);
      expect((await detail()).next_release_at).toBe(new Date(start).toISOString());

      // At the start: the first of 3 steps (rounded down), then the job again moves nothing.
      at(start);
      expect((await detail()).next_release_at).toBe(new Date(start).toISOString()); // due, not moved yet
      expect(await releaseDueAgc(t.ctx)).toBe(1);
      expect(await releaseDueAgc(t.ctx)).toBe(0);
      const third = AGC / 3n;
      expect(await agcOf()).toEqual([third, AGC - third]);
      expect(await detail()).toMatchObject({ next_release_at: new Date(start + DAY).toISOString() });

      at(start + DAY + 5000);
      await releaseDueAgc(t.ctx);
      expect(await agcOf()).toEqual([(2n * AGC) / 3n, AGC - (2n * AGC) / 3n]);
      // The last step releases exactly the rest; later runs never release more.
      at(start + 2 * DAY);
      await releaseDueAgc(t.ctx);
      expect(await agcOf()).toEqual([AGC, 0n]);
      at(start + 30 * DAY);
      expect(await releaseDueAgc(t.ctx)).toBe(0);
      expect(await agcOf()).toEqual([AGC, 0n]);
      expect(await detail()).toMatchObject({ released_agc: '1', locked_agc: '0', next_release_at: null });
      const keys = rowsOf<{ idempotency_key: string }>(
        await t.ctx.db.execute(
          sql`select idempotency_key from ledger_transfers where kind = 'launchpad.release' order by id`,
        ),
      ).map((r) => r.idempotency_key);
      expect(keys).toEqual([
        `launchpad:release:${purchase.id}:${third}`,
        `launchpad:release:${purchase.id}:${(2n * AGC) / 3n}`,
        `launchpad:release:${purchase.id}:${AGC}`,
      ]);
      expect(await checkLedger(t.ctx.db)).toEqual({ mismatched: [], negative: [], assetMismatch: [] });
    } finally {
      await t.close();
    }
  });
});

describe('rate limit', () => {
  it('buying counts against the money rate limit, per member', async () => {
    const t = await startTestServer({ ADMIN_ADDRESSES: w.R.address, RATE_LIMIT_MONEY_PER_MINUTE: '2' });
    try {
      const { h: th } = await signUpMembers(t, { R: w.R, A: newWallet(), B: newWallet() }, []);
      const post = (headers: Record<string, string>) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/launchpad/rounds/999999/buy',
          headers,
          payload: { copies: '1' },
        });
      const codes = [];
      for (let i = 0; i < 3; i++) codes.push((await post(th.A)).statusCode);
      expect(codes).toEqual([404, 404, 429]);
      expect((await post(th.B)).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
