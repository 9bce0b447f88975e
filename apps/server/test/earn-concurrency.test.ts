import { rowsOf } from '@agc/db';
import { defined } from '@agc/shared/defined';
import { dailyRateE18, dayInterest } from '@server/modules/earn/math.ts';
import { transferOut } from '@server/modules/earn/service.ts';
import { ACCOUNTS } from '@server/modules/ledger/index.ts';
import type { Member } from '@server/modules/members/index.ts';
import { dayKey } from '@server/modules/rules/index.ts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  arriveDueOuts,
  balances,
  earnMember,
  expectClean,
  settleDueEarnDays,
  startEarnServer,
  USDT,
} from './earn-support.ts';
import type { TestServer } from './helpers.ts';

// Real concurrency needs real connections: this file runs in the suite's PostgreSQL pass (PGlite is one connection
// in one process, where "at once" would only interleave).
const PG = process.env.DATABASE_URL;
const DAY_MS = 86_400_000;

let s: TestServer;
let root: Member;

const count = async (q: ReturnType<typeof sql>) =>
  Number(rowsOf<{ n: string }>(await s.ctx.db.execute(q))[0]?.n ?? 0);

describe.skipIf(!PG)('simple earn at once on PostgreSQL', () => {
  beforeAll(async () => {
    ({ s, root } = await startEarnServer());
  });
  afterAll(() => s?.close());

  it('200 transfers out at once of a holding covering 20: exactly 20, the rest refused, balances clean', async () => {
    const { m, headers } = await earnMember(s, root, 20n * USDT);
    const a = api(s, headers);
    expect((await a.post('/earn/transfer-in', { amount: '20' })).code).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 200 }, () => a.post('/earn/transfer-out', { amount: '1' })),
    );
    expect(answers.filter((r) => r.code === 200)).toHaveLength(20);
    // Every other one was refused for the holding, not by a failure (no 500, no deadlock).
    expect(new Set(answers.filter((r) => r.code !== 200).map((r) => `${r.code} ${r.msg}`))).toEqual(
      new Set(['400 Maximum 0.00USDT']),
    );
    expect((await a.get('/earn/summary')).data).toMatchObject({
      total_holding_usdt: '0',
      pending_out_usdt: '20',
      total_amount_usdt: '20',
    });
    expect(
      await count(
        sql`select count(*)::text as n from earn_movements where user_id = ${m.id.toString()}::bigint and kind = 'Out'`,
      ),
    ).toBe(20);
    await expectClean(s);
  });

  it('the arrival job run by two processes at once: each transfer out arrives once', async () => {
    // What earlier tests sent out arrives first: the runs below then have only this test's transfers to carry.
    s.advance(5 * 60_000);
    await arriveDueOuts(s.ctx);
    const members = await Promise.all(Array.from({ length: 30 }, () => earnMember(s, root, 100n * USDT)));
    for (const { headers } of members) {
      const a = api(s, headers);
      await a.post('/earn/transfer-in', { amount: '100' });
      for (let i = 0; i < 25; i++)
        expect((await a.post('/earn/transfer-out', { amount: '2' })).code).toBe(200);
    }
    s.advance(5 * 60_000);
    const [x, y, z] = await Promise.all([arriveDueOuts(s.ctx), arriveDueOuts(s.ctx), arriveDueOuts(s.ctx)]);
    expect(x + y + z).toBe(750);
    expect(await arriveDueOuts(s.ctx)).toBe(0);
    for (const { m } of members) {
      const b = await balances(s.ctx, m.id);
      expect([b[`${ACCOUNTS.available}.USDT`], b[`${ACCOUNTS.earnPending}.USDT`]]).toEqual([50n * USDT, 0n]);
    }
    expect(
      await count(sql`select count(*)::text as n from ledger_transfers t
        join ledger_accounts a on a.id = t.credit_account_id
        where t.kind = 'earn_arrival' and a.user_id = any(${sql.param(members.map(({ m }) => m.id.toString()))}::bigint[])`),
    ).toBe(750);
    await expectClean(s);
  }, 150_000); // 17 s alone; beside the browser step on two cores, several times that

  it('the daily interest run by two processes at once: each day settles once', async () => {
    s.advance(DAY_MS);
    const runs = (await Promise.all([settleDueEarnDays(s.ctx), settleDueEarnDays(s.ctx)])).flat();
    const settled = runs.filter((r) => r.settled).map((r) => r.day);
    expect(new Set(settled).size).toBe(settled.length);
    const days = rowsOf<{ day: string }>(
      await s.ctx.db.execute(sql`select day::text as day from earn_days order by day`),
    );
    expect(days.map((d) => d.day).sort()).toEqual([...settled].sort());
    expect(await settleDueEarnDays(s.ctx)).toEqual([]);
    await expectClean(s);
  });

  it('interest settling while members transfer in and out: no deadlock, each day’s interest exact, checks clean', async () => {
    const rate = dailyRateE18(s.ctx.config.earn.apyPpm);
    const members = await Promise.all(Array.from({ length: 60 }, () => earnMember(s, root, 1_000n * USDT)));
    for (const { headers } of members) await api(s, headers).post('/earn/transfer-in', { amount: '500' });
    const dayIn = dayKey(s.ctx.now());
    s.advance(DAY_MS);
    await settleDueEarnDays(s.ctx); // the day they came in: nothing earned.
    s.advance(DAY_MS);
    const earningDay = dayKey(new Date(s.ctx.now().getTime() - DAY_MS));
    // The day that earns is settled while every member moves money on the new day, all at once.
    const [runs, ...answers] = await Promise.all([
      settleDueEarnDays(s.ctx),
      ...members.flatMap(({ headers }) => [
        api(s, headers).post('/earn/transfer-out', { amount: '100' }),
        api(s, headers).post('/earn/transfer-in', { amount: '10' }),
        api(s, headers).get('/earn/summary'),
      ]),
    ]);
    expect(answers.map((r) => r.code)).toEqual(answers.map(() => 200));
    expect(runs.map((r) => r.day)).toContain(earningDay);
    // Every member earned on 500 that day, whatever moved on the next day meanwhile.
    const rows = rowsOf<{ user_id: string; base: string; amount: string }>(
      await s.ctx.db.execute(sql`select user_id::text as user_id, base::text as base, amount::text as amount
        from earn_interest where day = ${earningDay}::date`),
    );
    const byUser = new Map(rows.map((r) => [r.user_id, r]));
    for (const { m } of members)
      expect(byUser.get(m.id.toString())).toEqual({
        user_id: m.id.toString(),
        base: (500n * USDT).toString(),
        amount: dayInterest(500n * USDT, rate).toString(),
      });
    // The movements of the new day wait for the next settlement, which sees them as that day's (this test's
    // members only: an earlier test's work on the shared database may still be landing).
    const ids = members.map(({ m }) => m.id.toString());
    expect(
      await count(
        sql`select count(*)::text as n from earn_movements
          where day = ${dayKey(s.ctx.now())}::date and user_id = any(${sql.param(ids)}::bigint[])`,
      ),
    ).toBe(120);
    expect(dayIn < earningDay).toBe(true);
    s.advance(DAY_MS);
    await settleDueEarnDays(s.ctx);
    const i1 = dayInterest(500n * USDT, rate);
    const opening = 500n * USDT + i1;
    const closing = opening - 90n * USDT;
    const next = rowsOf<{ amount: string }>(
      await s.ctx.db.execute(sql`select amount::text as amount from earn_interest
        where day = ${dayKey(new Date(s.ctx.now().getTime() - DAY_MS))}::date and user_id = ${defined(members[0]).m.id.toString()}::bigint`),
    );
    expect(next).toEqual([{ amount: dayInterest(closing < opening ? closing : opening, rate).toString() }]);
    await expectClean(s);
  });

  it('a transfer of the day still in flight at midnight: the settlement waits for it and counts it', async () => {
    const rate = dailyRateE18(s.ctx.config.earn.apyPpm);
    const { m, headers } = await earnMember(s, root, 1_000n * USDT);
    await api(s, headers).post('/earn/transfer-in', { amount: '500' });
    s.advance(DAY_MS);
    await settleDueEarnDays(s.ctx);
    // Move to 23:59:59.9 of the day: a transfer out starts and holds its transaction open past midnight.
    const now = s.ctx.now().getTime();
    const day = dayKey(s.ctx.now());
    s.advance(Math.ceil(now / DAY_MS) * DAY_MS - 100 - now);
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    let inside!: () => void;
    const entered = new Promise<void>((r) => {
      inside = r;
    });
    const db = Object.create(s.ctx.db) as typeof s.ctx.db;
    db.transaction = ((fn: (tx: unknown) => Promise<unknown>) =>
      s.ctx.db.transaction(async (tx) => {
        const r = await fn(tx);
        inside();
        await held;
        return r;
      })) as typeof db.transaction;
    const frozen = s.ctx.now();
    const late = transferOut({ ...s.ctx, db, now: () => frozen }, m.id, '100');
    await entered;
    // Midnight passes; the settlement of the day starts while the transfer is not committed.
    s.advance(DAY_MS / 2);
    let done = false;
    const settling = settleDueEarnDays(s.ctx).then((r) => {
      done = true;
      return r;
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(done).toBe(false);
    release();
    await late;
    expect((await settling).map((r) => r.day)).toContain(day);
    const rows = rowsOf<{ base: string; amount: string }>(
      await s.ctx.db.execute(sql`select base::text as base, amount::text as amount from earn_interest
        where day = ${day}::date and user_id = ${m.id.toString()}::bigint`),
    );
    expect(rows).toEqual([
      { base: (400n * USDT).toString(), amount: dayInterest(400n * USDT, rate).toString() },
    ]);
    await expectClean(s);
  });
});
