import { rowsOf } from '@agc/db';
import { ANALYTICS_FIGURES } from '@agc/shared';
import { rollUpClosedDays } from '@server/modules/analytics/index.ts';
import { grantRole, type Member } from '@server/modules/members/index.ts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newWallet, session, signUp, startTestServer, type TestServer } from './helpers.ts';

// Admin analytics: who may read it, what a bad range answers (and that it changes nothing), the CSV.
let s: TestServer;
const w = { R: newWallet(), N: newWallet(), M: newWallet() };
let h: Record<keyof typeof w, Record<string, string>>;
let m: Record<keyof typeof w, Member>;

const get = (url: string, headers: Record<string, string> = {}, lang = 'en') =>
  s.app.inject({ method: 'GET', url: `/api/v1/${url}`, headers: { 'accept-language': lang, ...headers } });

const dayKey = (d: Date) => d.toISOString().slice(0, 10);
const daysAgo = (n: number) => dayKey(new Date(s.ctx.now().getTime() - n * 86_400_000));

/** What a refused request must leave as it was: the rollups and the audit log. */
async function state() {
  return rowsOf<{ rollups: string; revisions: string; audit: string }>(
    await s.ctx.db.execute(sql`select (select count(*) from analytics_daily)::text as rollups,
      (select coalesce(sum(revision), 0) from analytics_daily)::text as revisions,
      (select count(*) from audit_log)::text as audit`),
  )[0];
}

beforeAll(async () => {
  s = await startTestServer({ ADMIN_ADDRESSES: w.R.address });
  h = {} as typeof h;
  m = {} as typeof m;
  ({ headers: h.R, member: m.R } = await signUp(s, w.R));
  for (const who of ['N', 'M'] as const)
    ({ headers: h[who], member: m[who] } = await signUp(s, w[who], {
      invite_code: m.R.inviteCode,
      side: 'left',
    }));
  await grantRole(s.ctx.db, m.N.id, 'analyst', m.R.id);
  h.N = await session(s, w.N);
  // Joined two days ago: the history starts there.
  await s.ctx.db.execute(sql`update users set created_at = now() - interval '2 days'`);
});
afterAll(() => s.close());

describe('GET /admin/analytics', () => {
  it('answers an analyst and an admin, every figure of every day', async () => {
    for (const who of ['N', 'R'] as const) {
      const res = await get(`admin/analytics?from=${daysAgo(6)}&to=${daysAgo(0)}`, h[who]);
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data;
      expect(data.days.map((d: { day: string }) => d.day)).toEqual([6, 5, 4, 3, 2, 1, 0].map(daysAgo));
      expect(Object.keys(data.totals)).toEqual(ANALYTICS_FIGURES.map((f) => f.key));
      expect(data.days[6].live).toBe(true);
      expect(data.totals.members_all).toBe('3');
      expect(data.totals.members_new).toBe('3');
      expect(data.days[4].figures.members_new).toBe('3');
      expect(data.days[3].figures.members_all).toBe('0');
      expect(data.days[5].figures.members_all).toBe('3');
      expect(data.days[5].figures.members_new).toBe('0');
      expect(data.totals.members_valid).toBe('0');
    }
  });

  it('is "Admins only" (403) for a member and 401 signed out, in their language', async () => {
    const q = `from=${daysAgo(1)}&to=${daysAgo(0)}`;
    const member = await get(`admin/analytics?${q}`, h.M, 'ja');
    expect(member.statusCode).toBe(403);
    expect(member.json().code).toBe(403);
    expect(member.json().msg).toMatch(/[ぁ-んァ-ン一-龯]/);
    expect((await get(`admin/analytics/csv?${q}`, h.M)).statusCode).toBe(403);
    expect((await get(`admin/analytics?${q}`)).statusCode).toBe(401);
    expect((await get(`admin/analytics/csv?${q}`)).statusCode).toBe(401);
  });

  it('refuses bad ranges with a clear message (400) and changes nothing', async () => {
    await rollUpClosedDays(s.ctx);
    const before = await state();
    const cases: Array<[string, RegExp]> = [
      ['', /from/],
      [`from=${daysAgo(1)}`, /to/],
      [`from=2026-1-01&to=${daysAgo(0)}`, /from/],
      [`from=${daysAgo(1)}&to=yesterday`, /to/],
      [`from=2025-02-30&to=${daysAgo(0)}`, /real days/],
      [`from=${daysAgo(0)}&to=${daysAgo(1)}`, /start day must not be after/],
      [`from=${daysAgo(366)}&to=${daysAgo(0)}`, /at most 366 days/],
      [`from=${daysAgo(1)}&to=${daysAgo(-1)}`, /after today/],
    ];
    for (const [q, msg] of cases) {
      for (const path of ['admin/analytics', 'admin/analytics/csv']) {
        const res = await get(`${path}?${q}`, h.N);
        expect(res.statusCode, `${path}?${q}`).toBe(400);
        expect(res.json().code).toBe(400);
        expect(res.json().msg, q).toMatch(msg);
      }
    }
    const ja = await get(`admin/analytics?from=${daysAgo(0)}&to=${daysAgo(1)}`, h.N, 'ja');
    expect(ja.json().msg).toBe('開始日は終了日より後にできません');
    // 366 days are allowed.
    expect((await get(`admin/analytics?from=${daysAgo(365)}&to=${daysAgo(0)}`, h.N)).statusCode).toBe(200);
    expect(await state()).toEqual(before);
  });
});

describe('GET /admin/analytics/csv', () => {
  it('is text/csv with a header row, a row per day and a totals row, under a safe file name', async () => {
    const from = daysAgo(2);
    const to = daysAgo(0);
    const res = await get(`admin/analytics/csv?from=${from}&to=${to}`, h.N);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="analytics-${from}-to-${to}.csv"`);
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(['day', ...ANALYTICS_FIGURES.map((f) => f.key)].join(','));
    expect(lines.map((l) => l.split(',')[0])).toEqual(['day', from, daysAgo(1), to, 'total']);
    // Every cell is a day, a key or a plain number: nothing a spreadsheet would run.
    for (const line of lines.slice(1))
      for (const cell of line.split(',').slice(1)) expect(cell).toMatch(/^\d+(\.\d+)?$/);
    const json = (await get(`admin/analytics?from=${from}&to=${to}`, h.N)).json().data;
    expect(lines[4]).toBe(['total', ...ANALYTICS_FIGURES.map((f) => json.totals[f.key])].join(','));
  });
});
