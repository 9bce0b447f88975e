import { rowsOf } from '@agc/db';
import type { Member } from '@server/modules/members/index.ts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProcessingOrder } from './funds-nav-support.ts';
import { newWallet, signUp, startTestServer, type TestServer } from './helpers.ts';

// The rolling-week bound of a fund's NAV: steps each within FUND_NAV_MAX_STEP_PERCENT (10) may not add up to more
// than FUND_NAV_MAX_WEEK_PERCENT (20) over the 7 days before a NAV's day without a second admin; the preview says
// so before anything is written; the admin who entered a pending NAV may withdraw it but not confirm it, nor may an
// admin who gained the role from them within ROLE_COOLING_HOURS.
let s: TestServer;
const w = { A: newWallet(), B: newWallet(), X: newWallet() };
type Who = keyof typeof w;
const h = {} as Record<Who, Record<string, string>>;
const m = {} as Record<Who, Member>;
const USDT = 1_000_000n;

const call = async (who: Who, method: 'GET' | 'POST', url: string, payload?: object) => {
  const res = await s.app.inject({
    method,
    url: `/api/v1/${url}`,
    headers: { 'accept-language': 'en', ...h[who] },
    ...(method !== 'GET' && { payload: payload ?? {} }),
  });
  return res.json();
};
const publish = (who: Who, productId: number, day: string, nav: string) =>
  call(who, 'POST', `admin/funds/products/${productId}/nav`, { day, nav });
const preview = (who: Who, productId: number, day: string, nav: string) =>
  call(who, 'POST', `admin/funds/products/${productId}/nav/preview`, { day, nav });
const dayAgo = (n: number) => {
  const d = s.ctx.now();
  d.setUTCDate(d.getUTCDate() - n);
  return d.toISOString().slice(0, 10);
};
const navCount = async () =>
  rowsOf<{ n: number }>(await s.ctx.db.execute(sql`select count(*)::int as n from fund_navs`)).map((r) =>
    Number(r.n),
  )[0];
const product = async (name: string) =>
  (
    await call('A', 'POST', 'admin/funds/products', {
      name,
      risk: 'Medium',
      lock_days: 30,
      minimum_usdt: '100',
      subscription_fee_percent: '0',
      redemption_fee_percent: '0',
      expected_yield_percent: '6',
      distribution_percent: '0',
      status: 'on',
    })
  ).data.id as number;

const OWN = 'A second admin must confirm this NAV: you entered it yourself';

beforeAll(async () => {
  s = await startTestServer({ ADMIN_ADDRESSES: `${w.A.address},${w.B.address}` });
  ({ headers: h.A, member: m.A } = await signUp(s, w.A));
  for (const who of ['B', 'X'] as const)
    ({ headers: h[who], member: m[who] } = await signUp(s, w[who], {
      invite_code: m.A.inviteCode,
      side: 'left',
    }));
});
afterAll(() => s?.close());

describe('the rolling-week bound', () => {
  it('daily steps within 10 % that add up to more than 20 % over the week wait for a second admin', async () => {
    const fund = await product('Climber');
    for (const [ago, nav] of [
      [6, '1'],
      [5, '1.09'],
      [4, '1.18'],
    ] as const)
      expect((await publish('A', fund, dayAgo(ago), nav)).data.status).toBe('Published');
    // A subscription waiting for the next NAV: the pending one prices nothing until it is confirmed.
    await insertProcessingOrder(s.ctx.db, m.B.id, fund, 100n * USDT, 0);
    // 1.20 from 1.00 within the week: exactly 20 % publishes (the bound holds, as the step's does).
    expect((await preview('A', fund, dayAgo(3), '1.2')).data).toEqual({
      day: dayAgo(3),
      nav: '1.2',
      previous_nav: '1.18',
      step_percent: '1.69',
      max_step_percent: '10',
      week_base_nav: '1',
      week_percent: '20.00',
      max_week_percent: '20',
      review: null,
    });
    const navs = await navCount();
    const seen = await preview('A', fund, dayAgo(3), '1.25');
    expect(seen.data).toMatchObject({ step_percent: '5.93', week_percent: '25.00', review: 'week' });
    expect(await navCount()).toBe(navs); // a preview writes nothing
    const entered = await publish('A', fund, dayAgo(3), '1.25');
    expect(entered.data).toMatchObject({
      status: 'PendingConfirmation',
      review: 'week',
      week_base_nav: '1',
      week_percent: '25.00',
      max_week_percent: '20',
      entered_by_you: true,
      confirm: { can: false, reason: OWN },
      reject: { can: true, reason: null },
      priced: { subscriptions: 0, redemptions: 0 },
    });
    // The other admin reads it with Confirm open.
    const pending = (await call('B', 'GET', 'admin/funds/nav/pending')).data.list;
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ entered_by_you: false, confirm: { can: true, reason: null } });
    expect((await call('A', 'POST', `admin/funds/nav/${entered.data.nav_id}/confirm`)).msg).toBe(OWN);
    const confirmed = await call('B', 'POST', `admin/funds/nav/${entered.data.nav_id}/confirm`);
    expect(confirmed.data).toMatchObject({
      status: 'Published',
      review: null,
      priced: { subscriptions: 1, redemptions: 0 },
      confirm: { can: false, reason: 'This NAV entry is no longer waiting for confirmation' },
    });
  });

  it('falls as well as rises: a slide of more than 20 % in a week waits too', async () => {
    const fund = await product('Slider');
    for (const [ago, nav] of [
      [4, '1'],
      [3, '0.92'],
      [2, '0.85'],
    ] as const)
      expect((await publish('A', fund, dayAgo(ago), nav)).data.status).toBe('Published');
    expect((await preview('B', fund, dayAgo(1), '0.79')).data).toMatchObject({
      step_percent: '-7.05',
      week_percent: '-21.00',
      review: 'week',
    });
  });

  it('only the 7 days before count: the NAV in force when they began, not an older one', async () => {
    const fund = await product('Window');
    for (const [ago, nav] of [
      [8, '1'],
      [7, '1.09'],
      [1, '1.18'],
    ] as const)
      expect((await publish('A', fund, dayAgo(ago), nav)).data.status).toBe('Published');
    // From 1.09 (in force when day −7 began) 1.26 is 15.6 %; from 1.00 (a day older) it would be 26 %.
    expect((await preview('A', fund, dayAgo(0), '1.26')).data).toMatchObject({
      week_base_nav: '1.09',
      week_percent: '15.59',
      review: null,
    });
    expect((await publish('A', fund, dayAgo(0), '1.26')).data.status).toBe('Published');
  });

  it('the preview refuses what entering would refuse, with the same messages', async () => {
    const fund = await product('Refusals');
    expect((await publish('A', fund, dayAgo(2), '1')).data.status).toBe('Published');
    const navs = await navCount();
    for (const [day, nav, msg] of [
      [dayAgo(1), '0', 'The NAV must be greater than 0'],
      [dayAgo(-1), '1', `The NAV day cannot be in the future (today is ${dayAgo(0)})`],
      [dayAgo(2), '1', `The NAV day must be after the latest published day (${dayAgo(2)})`],
    ] as const) {
      const [a, b] = [await preview('A', fund, day, nav), await publish('A', fund, day, nav)];
      expect([a.code, a.msg]).toEqual([b.code, b.msg]);
      expect(a.msg).toBe(msg);
    }
    expect((await preview('A', 99999, dayAgo(1), '1')).code).toBe(404);
    expect(await navCount()).toBe(navs);
  });

  it('the admin who entered a pending NAV withdraws it (audit-logged as such); the day is free again', async () => {
    const fund = await product('Typo');
    expect((await publish('A', fund, dayAgo(2), '1')).data.status).toBe('Published');
    const typo = await publish('A', fund, dayAgo(1), '1.93');
    expect(typo.data).toMatchObject({ status: 'PendingConfirmation', review: 'step', step_percent: '93.00' });
    const withdrawn = await call('A', 'POST', `admin/funds/nav/${typo.data.nav_id}/reject`);
    expect(withdrawn.data).toMatchObject({ status: 'Rejected', reject: { can: false } });
    const [log] = rowsOf<{ action: string }>(
      await s.ctx.db.execute(
        sql`select action from audit_log where target = ${`fund_nav:${typo.data.nav_id}`} order by id desc limit 1`,
      ),
    );
    expect(log?.action).toBe('fund_nav.withdraw');
    expect((await publish('A', fund, dayAgo(1), '1.03')).data.status).toBe('Published');
  });

  it('an admin who gained the role from the entering admin within the cooling does not confirm its NAV', async () => {
    const asked = await call('A', 'POST', 'admin/roles/grant', { address: w.X.address, role: 'admin' });
    expect(
      (await call('B', 'POST', `admin/roles/requests/${asked.data.request.id}/confirm`)).data.status,
    ).toBe('confirmed');
    const fund = await product('Related');
    expect((await publish('A', fund, dayAgo(2), '1')).data.status).toBe('Published');
    const entered = await publish('A', fund, dayAgo(1), '1.5');
    const related =
      'You gained your admin role from the admin who entered this NAV, or they theirs from you, less than 24 hours ago: another admin must confirm it';
    const pending = (await call('X', 'GET', 'admin/funds/nav/pending')).data.list;
    expect(pending.find((e: { nav_id: string }) => e.nav_id === entered.data.nav_id).confirm).toEqual({
      can: false,
      reason: related,
    });
    expect((await call('X', 'POST', `admin/funds/nav/${entered.data.nav_id}/confirm`)).msg).toBe(related);
    expect((await call('B', 'POST', `admin/funds/nav/${entered.data.nav_id}/confirm`)).data.status).toBe(
      'Published',
    );
  });
});
