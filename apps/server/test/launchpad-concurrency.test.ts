import { rowsOf } from '@agc/db';
import { defined } from '@agc/shared/defined';
import { AppError } from '@server/lib/errors.ts';
import { openSessionFor } from '@server/modules/auth/sessions.ts';
import { buyCopies } from '@server/modules/launchpad/purchases/service.ts';
import { releaseDueAgc } from '@server/modules/launchpad/release/service.ts';
import { closeRound, createRound, editRound } from '@server/modules/launchpad/rounds/service.ts';
import { ACCOUNTS } from '@server/modules/ledger/index.ts';
import type { Member } from '@server/modules/members/index.ts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, addRoot } from './funds-bills-support.ts';
import { startTestServer, type TestServer } from './helpers.ts';
import { expectLedgerClean } from './ledger-support.ts';
import { AGC, grantRewards, USDT } from './withdraw-support.ts';

// Real concurrency needs real connections: this file runs in the suite's PostgreSQL pass (PGlite is one connection
// in one process, where "at once" would only interleave).
const PG = process.env.DATABASE_URL;
const BUYERS = 1_000;
const COPIES = 200;
const LIMIT = 2;
const DAY = 86_400_000;

let s: TestServer;
let root: Member;

/** Every member's USDT and AGC balances by account, as stored. */
async function allBalances() {
  const rows = rowsOf<{ user_id: string; code: string; asset: string; balance: string }>(
    await s.ctx.db.execute(sql`select user_id::text as user_id, code, asset, balance::text as balance
      from ledger_accounts where user_id is not null`),
  );
  return new Map(rows.map((r) => [`${r.user_id}|${r.code}|${r.asset}`, BigInt(r.balance)]));
}

describe.skipIf(!PG)('launchpad purchases at once on PostgreSQL', () => {
  beforeAll(async () => {
    s = await startTestServer();
    root = await addRoot(s.ctx);
  });
  afterAll(() => s?.close());

  it('1,000 buyers of 1–3 copies (limit 2) for a 200-copy round: exactly 200 sold, numbered once, nobody above the limit, refused buyers untouched; the release runs once across four runners', async () => {
    const members: Member[] = [];
    for (let i = 0; i < BUYERS; i++) members.push(await addMember(s.ctx, root, i % 2 ? 'right' : 'left'));
    await grantRewards(
      s.ctx.db,
      members.map((m) => ({ userId: m.id, asset: 'USDT', amount: 500n * USDT, ref: `lp-test:${m.id}` })),
    );
    const now = s.ctx.now().getTime();
    const [round] = rowsOf<{ id: number }>(
      await s.ctx.db.execute(sql`insert into launchpad_rounds (name, copies, price_usdt, agc_per_copy,
        per_member_limit, starts_at, ends_at, cliff_days, linear_days)
        values ('Race', ${COPIES}, ${(100n * USDT).toString()}, ${(400n * AGC).toString()}, ${LIMIT},
          ${new Date(now - 3_600_000).toISOString()}, ${new Date(now + DAY).toISOString()}, 1, 2) returning id`),
    );
    const id = Number(defined(round).id);
    const headers = await Promise.all(
      members.map(async (m) => ({
        authorization: `Bearer ${await s.ctx.tokens.sign(m.address, m.id, await openSessionFor(s.ctx.db, m.id, 3_600_000))}`,
        'x-wallet-address': m.address,
        'accept-language': 'en',
      })),
    );
    const before = await allBalances();
    // Each asks 1, 2 or 3 copies (3 is always above the limit of 2); some members ask twice at once.
    const asks = members.map((_, i) => 1 + ((i * 7) % 3));
    const requests = members.flatMap((m, i) => {
      const one = { m, h: defined(headers[i]), copies: defined(asks[i]), via: i % 4 };
      // The first 100 also ask 1 more right after (2 + 1 is above the limit): arrival order decides early.
      return i < 100 ? [one, { ...one, copies: 1 }] : [one];
    });
    // A quarter of the members through HTTP, the others straight into the service from three other "processes"
    // (contexts of their own: their own group-commit queues, meeting only at the round's row in the database).
    const others = [1, 2, 3].map(() => ({ ...s.ctx }));
    const answers = await Promise.all(
      requests.map(async (r) => {
        if (r.via === 0) {
          const res = await s.app.inject({
            method: 'POST',
            url: `/api/v1/launchpad/rounds/${id}/buy`,
            headers: r.h,
            payload: { copies: String(r.copies) },
          });
          const body = res.json() as { code: number; msg: string };
          return { ok: body.code === 200, why: body.msg };
        }
        try {
          await buyCopies(
            defined(others[r.via - 1]),
            { id: r.m.id, address: r.m.address, roles: [] },
            id,
            String(r.copies),
          );
          return { ok: true, why: '' };
        } catch (e) {
          return { ok: false, why: e instanceof AppError ? `${e.key}:${JSON.stringify(e.vars)}` : String(e) };
        }
      }),
    );
    // No failure: every refusal is one of the sale's reasons.
    const reasons = new Set(answers.filter((a) => !a.ok).map((a) => a.why.replace(/\d+/g, 'N')));
    for (const why of reasons)
      expect([
        'This round is sold out',
        'Only N copies left',
        'You can buy at most N more copies in this round',
        'You already hold the most copies allowed in this round (N)',
        'launchpad.sold_out:{}',
        'launchpad.copies_left:{"num":N}',
        'launchpad.limit:{"num":N}',
        'launchpad.limit_reached:{"num":N}',
      ]).toContain(why);
    const accepted = answers.filter((a) => a.ok).length;

    const [r] = rowsOf<{ sold: number }>(
      await s.ctx.db.execute(sql`select sold from launchpad_rounds where id = ${id}`),
    );
    expect(Number(defined(r).sold)).toBe(COPIES);
    const copies = rowsOf<{ copy_no: number; user_id: string }>(
      await s.ctx.db.execute(
        sql`select copy_no, user_id::text as user_id from launchpad_copies where round_id = ${id} order by copy_no`,
      ),
    );
    expect(copies.map((c) => Number(c.copy_no))).toEqual(Array.from({ length: COPIES }, (_, i) => i + 1));
    const perMember = new Map<string, number>();
    for (const c of copies) perMember.set(c.user_id, (perMember.get(c.user_id) ?? 0) + 1);
    expect(Math.max(...perMember.values())).toBeLessThanOrEqual(LIMIT);
    // Purchases agree with the copies and with the accepted answers.
    const purchases = rowsOf<{ user_id: string; copies: number; first_copy: number }>(
      await s.ctx.db.execute(
        sql`select user_id::text as user_id, copies, first_copy from launchpad_purchases where round_id = ${id}`,
      ),
    );
    expect(purchases.length).toBe(accepted);
    expect(purchases.reduce((n, p) => n + Number(p.copies), 0)).toBe(COPIES);

    const after = await allBalances();
    const key = (m: Member, code: string, asset: string) => `${m.id}|${code}|${asset}`;
    for (const m of members) {
      const held = BigInt(perMember.get(m.id.toString()) ?? 0);
      const avail = key(m, ACCOUNTS.available, 'USDT');
      expect(after.get(avail), `${m.id}`).toBe(defined(before.get(avail)) - held * 100n * USDT);
      expect(after.get(key(m, ACCOUNTS.launchpadLocked, 'AGC')) ?? 0n).toBe(held * 400n * AGC);
      if (held === 0n)
        for (const [k, v] of after) if (k.startsWith(`${m.id}|`)) expect(v, k).toBe(before.get(k) ?? 0n);
    }
    await expectLedgerClean(s.ctx.db);

    // The limit across processes: 300 members ask 1 copy three times at once, each time through another
    // "process", on a round with copies to spare: each ends with exactly 2, the third ask refused.
    const [big] = rowsOf<{ id: number }>(
      await s.ctx.db.execute(sql`insert into launchpad_rounds (name, copies, price_usdt, agc_per_copy,
        per_member_limit, starts_at, ends_at, cliff_days, linear_days)
        values ('Limit', 1000, ${(1n * USDT).toString()}, ${AGC.toString()}, ${LIMIT},
          ${new Date(now - 3_600_000).toISOString()}, ${new Date(now + DAY).toISOString()}, 1, 2) returning id`),
    );
    const bigId = Number(defined(big).id);
    const trio = members.slice(500, 800);
    const limitAnswers = await Promise.all(
      [0, 1, 2].flatMap((k) =>
        trio.map((m) =>
          buyCopies(defined(others[k]), { id: m.id, address: m.address, roles: [] }, bigId, '1').then(
            () => 'ok',
            (e) => (e instanceof AppError ? e.key : String(e)),
          ),
        ),
      ),
    );
    expect(limitAnswers.filter((a) => a === 'ok')).toHaveLength(600);
    expect(limitAnswers.filter((a) => a !== 'ok')).toEqual(Array(300).fill('launchpad.limit_reached'));
    const bigHeld = rowsOf<{ n: number; c: number }>(
      await s.ctx.db.execute(sql`select sum(copies)::int as n, count(distinct user_id)::int as c
        from launchpad_purchases where round_id = ${bigId} group by user_id having sum(copies) <> ${LIMIT}`),
    );
    expect(bigHeld).toEqual([]);

    // The release, as four processes would run it at once at the last step: each purchase's AGC moves once.
    s.advance(now + DAY + 2 * DAY + 3_600_000 - s.ctx.now().getTime());
    await Promise.all(Array.from({ length: 4 }, () => releaseDueAgc(s.ctx)));
    await releaseDueAgc(s.ctx);
    const released = rowsOf<{ n: number; left: number }>(
      await s.ctx.db.execute(sql`select count(*)::int as n, count(*) filter (where released_agc <> agc)::int as left
        from launchpad_purchases`),
    );
    expect(Number(defined(released[0]).left)).toBe(0);
    const moves = rowsOf<{ n: number }>(
      await s.ctx.db.execute(
        sql`select count(*)::int as n from ledger_transfers where kind = 'launchpad.release'`,
      ),
    );
    expect(Number(defined(moves[0]).n)).toBe(Number(defined(released[0]).n));
    const final = await allBalances();
    for (const [i, m] of members.entries()) {
      const held = BigInt(perMember.get(m.id.toString()) ?? 0);
      const limitRound = i >= 500 && i < 800 ? 2n * AGC : 0n;
      expect(final.get(key(m, ACCOUNTS.available, 'AGC')) ?? 0n).toBe(held * 400n * AGC + limitRound);
      expect(final.get(key(m, ACCOUNTS.launchpadLocked, 'AGC')) ?? 0n).toBe(0n);
    }
    await expectLedgerClean(s.ctx.db);
  }, 180_000);

  it('an edit meeting a close or the first purchases at the same moment: one order, each seeing the other’s result', async () => {
    const admin = { id: root.id, address: root.address, roles: ['admin' as const] };
    const at = (ms: number) => new Date(s.ctx.now().getTime() + ms).toISOString();
    const body = (over: Record<string, unknown> = {}) => ({
      name: 'Race edit',
      description: '',
      translations: {},
      copies: 100,
      price_usdt: '1',
      agc_per_copy: '1',
      per_member_limit: 100,
      starts_at: at(DAY),
      ends_at: at(2 * DAY),
      cliff_days: 0,
      linear_days: 0,
      ...over,
    });
    const settle = (p: Promise<unknown>) =>
      p.then(
        () => 'ok',
        (e) => (e instanceof AppError ? e.key : String(e)),
      );
    const roundRow = async (id: number) =>
      defined(
        rowsOf<{ name: string; status: string; price: string }>(
          await s.ctx.db.execute(
            sql`select name, status, price_usdt::text as price from launchpad_rounds where id = ${id}`,
          ),
        )[0],
      );
    const actions = async (id: number) =>
      rowsOf<{ action: string }>(
        await s.ctx.db.execute(
          sql`select action from audit_log where target = ${`launchpad_round:${id}`} order by id`,
        ),
      ).map((r) => r.action);
    const processes = [0, 1].map(() => ({ ...s.ctx }));

    // Edit and close at once, from two "processes", 20 times: the close always lands; the edit lands only
    // when it came first (then the close's "before" is the edited round).
    const seen = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const { id } = await createRound(s.ctx, admin, body());
      const [edited, closed] = await Promise.all([
        settle(editRound(defined(processes[i % 2]), admin, id, body({ name: 'Edited', price_usdt: '2' }))),
        settle(closeRound(defined(processes[(i + 1) % 2]), admin, id)),
      ]);
      expect(closed).toBe('ok');
      const row = await roundRow(id);
      expect(row.status).toBe('closed');
      if (edited === 'ok') {
        expect(row).toMatchObject({ name: 'Edited', price: String(2n * USDT) });
        expect(await actions(id)).toEqual([
          'launchpad_round.create',
          'launchpad_round.update',
          'launchpad_round.close',
        ]);
      } else {
        expect(edited).toBe('launchpad.edit_closed');
        expect(row).toMatchObject({ name: 'Race edit', price: String(USDT) });
        expect(await actions(id)).toEqual(['launchpad_round.create', 'launchpad_round.close']);
      }
      seen.add(edited);
    }

    // An edit of the price at the very moment the round opens, while buyers keep asking: either the edit came
    // first (every copy sold at the new price) or it is refused (every copy at the old one), never a mix.
    const buyers = (await Promise.all(Array.from({ length: 8 }, () => addMember(s.ctx, root, 'left')))).map(
      (m) => ({ id: m.id, address: m.address, roles: [] }),
    );
    await grantRewards(
      s.ctx.db,
      buyers.map((b) => ({ userId: b.id, asset: 'USDT', amount: 1_000n * USDT, ref: `lp-edit:${b.id}` })),
    );
    const outcomes = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const { id } = await createRound(s.ctx, admin, body({ starts_at: at(300) }));
      const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
      const buying = buyers.map(async (b, k) => {
        await sleep(250 + k * 10);
        for (let n = 0; n < 8; n++) {
          await settle(buyCopies(defined(processes[k % 2]), b, id, '1'));
          await sleep(15);
        }
      });
      const editing = sleep(280 + i * 8).then(() =>
        settle(editRound(defined(processes[i % 2]), admin, id, body({ starts_at: at(-1), price_usdt: '3' }))),
      );
      const [edited] = await Promise.all([editing, ...buying]);
      const prices = rowsOf<{ price: string }>(
        await s.ctx.db.execute(sql`select distinct div(amount_usdt, copies)::text as price
          from launchpad_purchases where round_id = ${id}`),
      ).map((r) => BigInt(r.price));
      if (edited === 'ok') expect(prices.every((p) => p === 3n * USDT)).toBe(true);
      else {
        expect(edited).toBe('launchpad.edit_started');
        expect(prices).toEqual([USDT]);
      }
      outcomes.add(String(edited));
    }
    await expectLedgerClean(s.ctx.db);
    console.info('edit vs close outcomes', [...seen], 'edit vs opening', [...outcomes]);
  }, 120_000);
});
