import { rowsOf, schema } from '@agc/db';
import { defined } from '@agc/shared/defined';
import { ACCOUNTS, balanceOf, checkLedger } from '@server/modules/ledger/index.ts';
import type { Member } from '@server/modules/members/index.ts';
import { runSettlement } from '@server/modules/rewards/settlement.ts';
import { dayKey, nextDay } from '@server/modules/rules/index.ts';
import { seedProducts } from '@server/modules/shop/index.ts';
import { eq, sql } from 'drizzle-orm';
import type { PrivateKeyAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyDirectly, newWallet, signUp, startTestServer, type TestServer } from './helpers.ts';

// The team tree, the rewards pages and the daily settlement through the API, on the suite's database.
//
//        R            R invests 1 000 (level 2), A 1 000 (level 2), B 100 and C 100 (level 1); D nothing.
//      A   B          R invited A, B and D; A invited C. D joined through R's left link and spilled
//    C                over to the bottom of R's left leg, under C.
//  D

const DAY_MS = 86_400_000;
const U = (usdt: string) => {
  const [i, f = ''] = usdt.split('.');
  return BigInt(defined(i)) * 1_000_000n + BigInt(`${f}000000`.slice(0, 6));
};

let s: TestServer;
const w: Record<'R' | 'A' | 'B' | 'C' | 'D' | 'X', PrivateKeyAccount> = {
  R: newWallet(),
  A: newWallet(),
  B: newWallet(),
  C: newWallet(),
  D: newWallet(),
  X: newWallet(),
};
const h: Record<string, Record<string, string>> = {};
const m: Record<string, Member> = {};
let day: string;

const get = (who: string, url: string) =>
  s.app.inject({ method: 'GET', url: `/api/v1/${url}`, headers: { ...h[who], 'accept-language': 'en' } });
const post = (who: string, url: string, payload: unknown = {}) =>
  s.app.inject({
    method: 'POST',
    url: `/api/v1/${url}`,
    payload: payload as object,
    headers: { ...h[who], 'accept-language': 'en' },
  });

const buy = (who: string, productId: number) => buyDirectly(s.ctx, defined(m[who]), productId);

const rewardRows = async (who: string) =>
  rowsOf<{ kind: string; base: string; due: string; cut: string; cu: string; ca: string; day: string }>(
    await s.ctx.db.execute(sql`
      select kind, base::text as base, due::text as due, cut::text as cut, credited_usdt::text as cu,
        credited_agc::text as ca, day::text as day
      from rewards where user_id = ${defined(m[who]).id.toString()}::bigint order by kind, id`),
  );

/** A reward row as rewardRows reads it, nothing cut: USDT amounts as decimals, AGC in minor units. */
const uncut = (kind: string, base: string, due: string, cu: string, ca: bigint) => ({
  kind,
  base: String(U(base)),
  due: String(U(due)),
  cut: '0',
  cu: String(U(cu)),
  ca: String(ca),
  day,
});

beforeAll(async () => {
  s = await startTestServer({
    ADMIN_ADDRESSES: w.R.address,
    AGC_PRICE_USDT: '0.5',
    VC_RATE_PERCENT: '20',
    // Management ranks low enough for this small team: R's base of 100 reaches rank 2 (2 %).
    MANAGE_THRESHOLDS_USDT: '50,100,200,300,400',
  });
  await seedProducts(s.ctx.db);
  ({ headers: h.R, member: m.R } = await signUp(s, w.R));
  const join = async (who: 'A' | 'B' | 'C' | 'D' | 'X', inviter: string, side: 'left' | 'right') => {
    ({ headers: h[who], member: m[who] } = await signUp(s, w[who], {
      invite_code: defined(m[inviter]).inviteCode,
      side,
    }));
  };
  await join('A', 'R', 'left');
  await join('B', 'R', 'right');
  await join('C', 'A', 'left');
  await join('D', 'R', 'left');
  // X is in R's tree too (right of B) but is used as an outsider of A's subtree.
  await join('X', 'B', 'right');
  day = dayKey(s.ctx.now());
  await buy('R', 2);
  await buy('A', 2);
  await buy('B', 1);
  await buy('C', 1);
});
afterAll(() => s.close());

describe('team tree API', () => {
  it('places spill-over members at the bottom of the chosen leg and keeps inviter and placement apart', async () => {
    expect(defined(m.D).parentId).toBe(defined(m.C).id);
    expect(defined(m.D).inviterId).toBe(defined(m.R).id);
    expect(defined(m.D).depth).toBe(3);
  });

  it('me/tree: a node with its children, figures and empty slots; lazy by id', async () => {
    const root = (await get('R', 'me/tree')).json();
    expect(root.code).toBe(200);
    expect(root.data.node).toMatchObject({
      id: defined(m.R).id.toString(),
      depth: 0,
      level: 2,
      investment: '1000',
    });
    expect(root.data.left).toMatchObject({
      address: defined(m.A).address,
      side: 'left',
      level: 2,
      has_left: true,
      has_right: false,
    });
    expect(root.data.right).toMatchObject({ address: defined(m.B).address, side: 'right', level: 1 });
    // Team investment (applied by the volume job) shows on the node.
    await (await import('@server/modules/team/index.ts')).applyPendingTeamVolume(s.ctx);
    const again = (await get('R', 'me/tree')).json();
    expect(again.data.node).toMatchObject({ left_volume: '1100', right_volume: '100' });
    const c = (await get('R', `me/tree?id=${defined(m.C).id}`)).json();
    expect(c.data.node).toMatchObject({ address: defined(m.C).address, depth: 2 });
    expect(c.data.left).toMatchObject({ address: defined(m.D).address, has_left: false, has_right: false });
    expect(c.data.right).toBeNull();
  });

  it('me/tree and me/relation answer 404 outside my subtree, 400 for bad input, 401 signed out', async () => {
    for (const url of [
      `me/tree?id=${defined(m.R).id}`,
      `me/tree?id=${defined(m.B).id}`,
      `me/tree?id=${defined(m.X).id}`,
      'me/tree?id=999999',
    ]) {
      const res = await get('A', url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().msg).toBe('This member is not in your team');
    }
    expect((await get('A', `me/relation?address=${defined(m.B).address}`)).statusCode).toBe(404);
    expect((await get('A', `me/relation?address=${newWallet().address}`)).statusCode).toBe(404);
    for (const url of ['me/relation', 'me/relation?address=0x12', 'me/tree?id=abc', 'me/tree?id=-1']) {
      const res = await get('A', url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code).toBe(400);
    }
    const out = await s.app.inject({ method: 'GET', url: '/api/v1/me/tree' });
    expect(out.statusCode).toBe(401);
  });

  it('me/relation: the path from me down to a member of my subtree', async () => {
    const res = (
      await get('R', `me/relation?address=${defined(m.D).address.toUpperCase().replace('0X', '0x')}`)
    ).json();
    expect(res.code).toBe(200);
    expect(res.data.distance).toBe(3);
    expect(res.data.truncated).toBe(false);
    expect(res.data.path.map((p: { address: string }) => p.address)).toEqual(
      [defined(m.R), defined(m.A), defined(m.C), defined(m.D)].map((x) => x.address),
    );
    expect(res.data.target).toMatchObject({ address: defined(m.D).address, depth: 3 });
  });

  it('me/team: direct invitees or the whole team, by sector and status, paged', async () => {
    const direct = (await get('R', 'me/team?scope=direct')).json().data;
    expect(direct.list.map((u: { address: string }) => u.address).sort()).toEqual(
      [defined(m.A), defined(m.B), defined(m.D)].map((x) => x.address).sort(),
    );
    const left = (await get('R', 'me/team?scope=team&sector=left')).json().data;
    expect(left.list.map((u: { address: string }) => u.address)).toEqual(
      [defined(m.A), defined(m.C), defined(m.D)].map((x) => x.address),
    );
    expect(left.list[1]).toMatchObject({
      relation: 'team',
      sector: 'left',
      status: 'active',
      inviter_address: defined(m.A).address,
    });
    const inactive = (await get('R', 'me/team?scope=team&status=deactivated')).json().data;
    expect(inactive.list.map((u: { address: string }) => u.address).sort()).toEqual(
      [defined(m.D), defined(m.X)].map((x) => x.address).sort(),
    );
    const page1 = (await get('R', 'me/team?scope=team&size=2&page=1')).json().data;
    const page2 = (await get('R', 'me/team?scope=team&size=2&page=2')).json().data;
    const page3 = (await get('R', 'me/team?scope=team&size=2&page=3')).json().data;
    expect([page1.has_more, page2.has_more, page3.has_more]).toEqual([true, true, false]);
    expect(new Set([...page1.list, ...page2.list, ...page3.list].map((u) => u.address)).size).toBe(5);
    for (const bad of ['me/team?scope=all', 'me/team?sector=up', 'me/team?size=500', 'me/team?page=0'])
      expect((await get('R', bad)).statusCode, bad).toBe(400);
  });

  it('me/invite: code, link queries, counts and the configured rates', async () => {
    const inv = (await get('R', 'me/invite')).json().data;
    expect(inv).toMatchObject({
      invite_code: defined(m.R).inviteCode,
      left_query: `?code=${defined(m.R).inviteCode}&side=left`,
      right_query: `?code=${defined(m.R).inviteCode}&side=right`,
      invited_count_all: 3,
      invited_count_valid: 2,
      rates: { referral: '10', pairing_max: '10', static_max: '1' },
    });
  });
});

describe('daily settlement', () => {
  it('refuses a day that has not ended, non-admins, and bad dates; changes nothing', async () => {
    const res = await post('R', 'admin/settlements/run', { day });
    const end = nextDay(day);
    expect(res.statusCode).toBe(425);
    expect(res.json()).toEqual({
      code: 425,
      msg: `${day} cannot be settled yet: the day is not over. It can be settled from ${end} 00:00 UTC.`,
      data: { day, settleable_from: `${end}T00:00:00.000Z` },
    });
    expect((await post('A', 'admin/settlements/run', { day })).statusCode).toBe(403);
    expect((await get('A', 'admin/settlements')).statusCode).toBe(403);
    for (const bad of [{}, { day: '2026-02-30' }, { day: '20261120' }, { day: 'yesterday' }])
      expect((await post('R', 'admin/settlements/run', bad)).statusCode, JSON.stringify(bad)).toBe(400);
    const [n] = rowsOf<{ n: number }>(
      await s.ctx.db.execute(sql`select count(*)::int as n from settlement_runs`),
    );
    expect(Number(defined(n).n)).toBe(0);
  });

  // Today (or a later day) is a "not yet", not an error (the page once showed "Load Failed" for it).
  it('a preview of today or a later day answers 425 Too Early, translated, with when the day can be settled', async () => {
    const later = nextDay(nextDay(day));
    for (const d of [day, later]) {
      const res = await get('R', `admin/settlements/preview?day=${d}`);
      expect(res.statusCode, d).toBe(425);
      expect(res.json().code).toBe(425);
      expect(res.json().data).toEqual({ day: d, settleable_from: `${nextDay(d)}T00:00:00.000Z` });
    }
    const ja = await s.app.inject({
      method: 'GET',
      url: `/api/v1/admin/settlements/preview?day=${day}`,
      headers: { ...h.R, 'accept-language': 'ja' },
    });
    expect(ja.json().msg).toBe(
      `${day} はまだ精算できません：その日が終わっていません。${nextDay(day)} 00:00（UTC）から精算できます。`,
    );
  });

  it('previews, then pays exactly the preview: static and pairing with caps, vc split, carry, ranks, team sizes', async () => {
    s.advance(DAY_MS);
    const history = (await get('R', 'admin/settlements')).json().data;
    expect(history).toEqual({ list: [], next_day: day });
    const preview = (await get('R', 'admin/settlements/preview')).json().data;
    expect(preview).toMatchObject({ day, next_day: day, run: null });
    // R: static 4 + pairing min(1 100, 100) × 4 % = 4; A: static 4; B and C: static 0.2 each.
    expect(preview.totals).toMatchObject({
      static: '8.4',
      pairing: '4',
      paid: '12.4',
      cut: '0',
      management_base: '100',
      members_paid: 4,
      rewards: 5,
      orders: 4,
      new_volume: '2200',
    });
    const run = (await post('R', 'admin/settlements/run', { day })).json();
    expect(run.code).toBe(200);
    expect(run.data).toMatchObject({
      day,
      status: 'done',
      run_by: defined(m.R).address,
      totals: preview.totals,
    });

    expect(await rewardRows('R')).toEqual([
      // 20 % of each reward in AGC at 0.5 USDT, the rest in USDT.
      uncut('pairing', '100', '4', '3.2', 16n * 10n ** 17n),
      uncut('referral', '1000', '100', '80', 40n * 10n ** 18n),
      uncut('referral', '100', '10', '8', 4n * 10n ** 18n),
      uncut('static', '1000', '4', '3.2', 16n * 10n ** 17n),
    ]);
    const state = await s.ctx.db
      .select()
      .from(schema.teamState)
      .where(eq(schema.teamState.userId, defined(m.R).id));
    expect(state[0]).toMatchObject({
      leftCarry: U('1000'),
      rightCarry: 0n,
      manageBase: U('100'),
      manageRank: 2,
      teamSize: 5,
      teamValid: 3,
    });
    const me = (await get('R', 'me')).json().data;
    expect(me).toMatchObject({
      team_size_all: 5,
      team_size_valid: 3,
      manage_leve: 2,
      manage_award_base: '100',
    });
    // The settled day is "yesterday" now.
    expect(me.yesterday_profit).toBe('94.4');
  });

  it('the journal explains every balance after the settlement', async () => {
    const check = await checkLedger(s.ctx.db);
    expect(check).toEqual({ mismatched: [], negative: [], assetMismatch: [] });
    for (const who of ['R', 'A', 'B', 'C', 'D']) {
      const rows = await rewardRows(who);
      const usdt = rows.reduce((a, r) => a + BigInt(r.cu), 0n);
      const agc = rows.reduce((a, r) => a + BigInt(r.ca), 0n);
      const paid = rows.reduce((a, r) => a + BigInt(r.due) - BigInt(r.cut), 0n);
      const id = defined(m[who]).id;
      expect(await balanceOf(s.ctx.db, { userId: id, code: ACCOUNTS.available, asset: 'USDT' }), who).toBe(
        usdt,
      );
      expect(await balanceOf(s.ctx.db, { userId: id, code: ACCOUNTS.available, asset: 'AGC' }), who).toBe(
        agc,
      );
      const invested = await balanceOf(s.ctx.db, { userId: id, code: ACCOUNTS.investment, asset: 'USDT' });
      expect(
        await balanceOf(s.ctx.db, { userId: id, code: ACCOUNTS.remainingDividends, asset: 'USDT' }),
        who,
      ).toBe(invested * 3n - paid);
    }
  });

  it('a day settles once: a second run, and two at once, pay nothing more', async () => {
    const before = await s.ctx.db.execute(
      sql`select count(*)::int as n, sum(amount)::text as s from ledger_transfers`,
    );
    const again = await post('R', 'admin/settlements/run', { day });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe(`${day} has already been settled`);
    const twice = await Promise.allSettled([
      runSettlement(s.ctx, day, null),
      runSettlement(s.ctx, day, null),
    ]);
    expect(twice.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    const after = await s.ctx.db.execute(
      sql`select count(*)::int as n, sum(amount)::text as s from ledger_transfers`,
    );
    expect(rowsOf(after)).toEqual(rowsOf(before));
    // The next day cannot be skipped to (it is not over: 425 Too Early), and a settled day previews as its run.
    const skip = await post('R', 'admin/settlements/run', {
      day: dayKey(new Date(s.ctx.now().getTime() + DAY_MS)),
    });
    expect(skip.statusCode).toBe(425);
    const preview = (await get('R', `admin/settlements/preview?day=${day}`)).json().data;
    expect(preview).toMatchObject({
      day,
      next_day: null,
      totals: null,
      run: { day, run_by: defined(m.R).address },
    });
    const audit = rowsOf<{ action: string; target: string }>(
      await s.ctx.db.execute(sql`select action, target from audit_log where action = 'settlement.run'`),
    );
    expect(audit).toEqual([{ action: 'settlement.run', target: `settlement:${day}` }]);
  });
});

describe('reward pages API', () => {
  it('profit/all, type and day: grouped by day, with the income summary', async () => {
    const all = (await get('R', 'profit/all')).json().data;
    expect(all.total).toBe(4);
    expect(all.summary).toEqual({
      referral: '110',
      pairing: '4',
      static: '4',
      management: '0',
      total: '118',
    });
    // The settled day is yesterday: group 2.
    expect(all.list.map((r: { group: number }) => r.group)).toEqual([2, 2, 2, 2]);
    const pairing = (await get('R', 'profit/type?kind=pairing')).json().data;
    expect(pairing.list).toHaveLength(1);
    expect(pairing.list[0]).toMatchObject({
      kind: 'pairing',
      base: '100',
      rate: '4',
      due: '4',
      cut: '0',
      amount: '4',
      credited_usdt: '3.2',
      credited_agc: '1.6',
      level: 2,
      source_address: null,
      day,
    });
    const byDay = (await get('R', `profit/day?day=${day}&kind=referral`)).json().data;
    expect(byDay.list.map((r: { source_address: string }) => r.source_address).sort()).toEqual(
      [defined(m.A).address, defined(m.B).address].sort(),
    );
    expect((await get('R', 'profit/day?day=2020-01-01')).json().data.list).toEqual([]);
    for (const bad of [
      'profit/type',
      'profit/type?kind=bonus',
      'profit/day',
      'profit/day?day=2026-13-01',
      'profit/all?size=0',
    ])
      expect((await get('R', bad)).statusCode, bad).toBe(400);
  });

  it('profit/detail: mine only', async () => {
    const id = (await get('R', 'profit/type?kind=static')).json().data.list[0].id;
    expect((await get('R', `profit/detail?id=${id}`)).json().data).toMatchObject({
      id,
      kind: 'static',
      rate: '0.4',
    });
    const other = await get('A', `profit/detail?id=${id}`);
    expect(other.statusCode).toBe(404);
    expect(other.json().msg).toBe('Reward not found');
    expect((await get('R', 'profit/detail?id=x')).statusCode).toBe(400);
  });

  it('profit/mng: base × rank rate, capped like every reward, then base and rank restart', async () => {
    const none = await post('A', 'profit/mng');
    expect(none.statusCode).toBe(400);
    expect(none.json().msg).toBe(
      'Nothing to settle yet: the management base must reach 50 USDT for the first rank',
    );
    const [both] = await Promise.all([post('R', 'profit/mng'), post('R', 'profit/mng')]).then((r) =>
      r.sort((a, b) => a.statusCode - b.statusCode),
    );
    expect(defined(both).json().data.reward).toMatchObject({
      kind: 'management',
      base: '100',
      rate: '2',
      amount: '2',
      level: 2,
    });
    const state = await s.ctx.db
      .select()
      .from(schema.teamState)
      .where(eq(schema.teamState.userId, defined(m.R).id));
    expect(state[0]).toMatchObject({ manageBase: 0n, manageRank: 0 });
    const rows = (await get('R', 'profit/type?kind=management')).json().data;
    expect(rows.total).toBe(1);
    expect(rows.list[0].group).toBe(1);
    expect((await post('R', 'profit/mng')).statusCode).toBe(400);
    expect(await checkLedger(s.ctx.db)).toEqual({ mismatched: [], negative: [], assetMismatch: [] });
  });
});
