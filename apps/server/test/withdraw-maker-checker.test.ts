import { rowsOf } from '@agc/db';
import { checkLedger } from '@server/modules/ledger/index.ts';
import type { Member } from '@server/modules/members/index.ts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newWallet, startTestServer, type TestServer } from './helpers.ts';
import { AGC, balances, grantAvailable, signUpMembers, USDT } from './withdraw-support.ts';

// Maker-checker: nobody approves their own withdrawal; above WITHDRAW_SECOND_APPROVAL_USDT
// two different approvers; a minimum amount so that no request pays a zero fee.
let s: TestServer;
const w = { R: newWallet(), A: newWallet(), Q1: newWallet(), Q2: newWallet() };
type Who = keyof typeof w;
let h: Record<Who, Record<string, string>>;
let m: Record<Who, Member>;

const post = (who: Who, url: string, payload: unknown = {}) =>
  s.app.inject({
    method: 'POST',
    url: `/api/v1/${url}`,
    headers: { ...h[who], 'accept-language': 'en' },
    payload: payload as object,
  });
const request = async (who: Who, amount: string, type = 1) => {
  const res = (await post(who, 'withdraw', { amount, type })).json();
  if (res.code !== 200) throw new Error(JSON.stringify(res));
  return res.data.withdraw_id as string;
};
const auditLog = async (target: string) =>
  rowsOf<{ action: string; actor: string }>(
    await s.ctx.db.execute(
      sql`select action, actor_id::text as actor from audit_log where target = ${target} order by id`,
    ),
  );

beforeAll(async () => {
  s = await startTestServer({
    ADMIN_ADDRESSES: w.R.address,
    WITHDRAW_FEE_PERCENT: '5',
    WITHDRAW_SECOND_APPROVAL_USDT: '100',
    WITHDRAW_MIN_USDT: '2',
    WITHDRAW_MIN_AGC: '10',
    AGC_PRICE_USDT: '0.5',
  });
  ({ h, m } = await signUpMembers(s, w, ['Q1', 'Q2']));
  for (const who of ['A', 'Q1'] as const) {
    await grantAvailable(s.ctx, m[who].id, 'USDT', 1_000n * USDT);
    await grantAvailable(s.ctx, m[who].id, 'AGC', 1_000n * AGC);
  }
});
afterAll(() => s.close());

describe('maker-checker', () => {
  it('an auditor cannot approve their own withdrawal; another auditor can', async () => {
    const id = await request('Q1', '50');
    const own = await post('Q1', `admin/withdraws/${id}/approve`);
    expect(own.statusCode).toBe(403);
    expect(own.json().msg).toBe('You cannot approve your own withdrawal');
    expect((await post('Q1', 'admin/withdraws/approve', { ids: [id] })).json().data).toEqual({
      approved: [],
      awaiting_second: [],
      skipped: [id],
    });
    const other = await post('Q2', `admin/withdraws/${id}/approve`);
    expect(other.json().data.status).toBe('Withdrawable');
  });

  it('a small amount needs one approver', async () => {
    const id = await request('A', '100'); // exactly the threshold: not above it
    const res = (await post('Q1', `admin/withdraws/${id}/approve`)).json().data;
    expect(res).toMatchObject({
      status: 'Withdrawable',
      needs_second_approval: false,
      first_approved_by: null,
    });
  });

  it('above the threshold: the first approval is recorded, the same approver is refused, a second makes it Withdrawable', async () => {
    const id = await request('A', '100.01');
    const first = (await post('Q1', `admin/withdraws/${id}/approve`, { note: 'looks fine' })).json();
    expect(first.data).toMatchObject({
      status: 'Auditing',
      needs_second_approval: true,
      first_approved_by: w.Q1.address.toLowerCase(),
    });
    // The member cannot claim yet.
    expect(
      (await s.app.inject({ method: 'GET', url: `/api/v1/withdraw/claim/${id}`, headers: h.A })).statusCode,
    ).toBe(400);
    const again = await post('Q1', `admin/withdraws/${id}/approve`);
    expect(again.statusCode).toBe(400);
    expect(again.json().msg).toBe('A second, different approver must approve this withdrawal');
    const second = (await post('Q2', `admin/withdraws/${id}/approve`)).json().data;
    expect(second.status).toBe('Withdrawable');
    expect((await auditLog(`withdraw:${id}`)).map((e) => [e.action, e.actor])).toEqual([
      ['withdraw.first_approval', m.Q1.id.toString()],
      ['withdraw.approve', m.Q2.id.toString()],
    ]);
  });

  it('AGC counts at its USDT value: 250 AGC at 0.5 is 125 USDT, above the threshold', async () => {
    const id = await request('A', '250', 2);
    expect((await post('Q1', `admin/withdraws/${id}/approve`)).json().data.status).toBe('Auditing');
    expect((await post('R', `admin/withdraws/${id}/approve`)).json().data.status).toBe('Withdrawable');
    const small = await request('A', '150', 2); // 75 USDT
    expect((await post('Q1', `admin/withdraws/${small}/approve`)).json().data.status).toBe('Withdrawable');
  });

  it('bulk approve follows the same rules: approved, awaiting a second approver, or skipped', async () => {
    const small = await request('A', '20');
    const big = await request('A', '200');
    const own = await request('Q1', '20');
    const res = (await post('Q1', 'admin/withdraws/approve', { ids: [small, big, own] })).json().data;
    expect(res).toEqual({ approved: [small], awaiting_second: [big], skipped: [own] });
    // The same approver again: the big one is skipped now; a second approver completes it.
    expect((await post('Q1', 'admin/withdraws/approve', { ids: [big] })).json().data.skipped).toEqual([big]);
    expect((await post('Q2', 'admin/withdraws/approve', { ids: [big, own] })).json().data).toEqual({
      approved: [big, own].sort((a, b) => Number(BigInt(a) - BigInt(b))),
      awaiting_second: [],
      skipped: [],
    });
  });

  it('rejecting after a first approval returns the money', async () => {
    const before = await balances(s.ctx, m.A.id);
    const id = await request('A', '300');
    await post('Q1', `admin/withdraws/${id}/approve`);
    const rejected = (await post('Q2', `admin/withdraws/${id}/reject`, { reason: 'not this time' })).json()
      .data;
    expect(rejected.status).toBe('Rejected');
    expect(await balances(s.ctx, m.A.id)).toEqual(before);
  });
});

describe('minimum withdrawal', () => {
  it('refuses below the minimum per asset, says so in check and limit, changes nothing', async () => {
    const before = await balances(s.ctx, m.A.id);
    const check = (await post('A', 'withdraw/check', { amount: '1.99', type: 1 })).json().data;
    expect(check).toMatchObject({
      ok: false,
      reason: 'below_minimum',
      msg: 'The minimum withdrawal is 2.00 USDT',
    });
    const refused = await post('A', 'withdraw', { amount: '9.5', type: 2 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe('The minimum withdrawal is 10.00 AGC');
    const limit = (await s.app.inject({ method: 'GET', url: '/api/v1/withdraw/limit', headers: h.A })).json()
      .data;
    expect(limit.limits.map((l: { minimum: string }) => l.minimum)).toEqual(['2', '10']);
    expect(await balances(s.ctx, m.A.id)).toEqual(before);
    // At the minimum the fee is above zero.
    const at = (await post('A', 'withdraw/check', { amount: '2', type: 1 })).json().data;
    expect(at).toMatchObject({ ok: true, fee: '0.1' });
  });

  it('the journal explains every balance', async () => {
    expect(await checkLedger(s.ctx.db)).toEqual({ mismatched: [], negative: [], assetMismatch: [] });
  });
});
