import { rowsOf } from '@agc/db';
import { defined } from '@agc/shared/defined';
import { insertVitals } from '@server/modules/vitals/repository.ts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newWallet, signUp, startTestServer, type TestServer } from './helpers.ts';

// Real-user vitals: anonymous reports (stored, refused, limited) and the p75 per route and day admins read.
let s: TestServer;
const admin = newWallet();
const member = newWallet();
let adminHeaders: Record<string, string>;
let memberHeaders: Record<string, string>;

const post = (payload: unknown, server = s, headers: Record<string, string> = {}) =>
  server.app.inject({
    method: 'POST',
    url: '/api/v1/vitals',
    payload: payload as object,
    headers: { 'content-type': 'application/json', 'accept-language': 'en', ...headers },
  });

async function stored(server = s) {
  return rowsOf<{
    day: string;
    route: string;
    lcp_ms: number | null;
    inp_ms: number | null;
    cls_e4: number | null;
  }>(
    await server.ctx.db.execute(
      sql`select day::text as day, route, lcp_ms, inp_ms, cls_e4 from web_vitals order by id`,
    ),
  );
}

beforeAll(async () => {
  s = await startTestServer({ ADMIN_ADDRESSES: admin.address, VITALS_SAMPLE_RATE: '0.25' });
  const root = await signUp(s, admin);
  adminHeaders = root.headers;
  memberHeaders = (await signUp(s, member, { invite_code: root.member.inviteCode, side: 'left' })).headers;
});
afterAll(async () => {
  await s.close();
});

describe('POST /vitals', () => {
  it('stores one page view under the open UTC day, without a session and without anything about the sender', async () => {
    const res = await post({ route: 'home', lcp_ms: 1234, inp_ms: 80, cls_e4: 500 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 200, data: { stored: true } });
    const partial = await post({ route: 'login', cls_e4: 0 });
    expect(partial.statusCode).toBe(200);
    const today = s.ctx.now().toISOString().slice(0, 10);
    expect(await stored()).toEqual([
      { day: today, route: 'home', lcp_ms: 1234, inp_ms: 80, cls_e4: 500 },
      { day: today, route: 'login', lcp_ms: null, inp_ms: null, cls_e4: 0 },
    ]);
    const columns = rowsOf<{ column_name: string }>(
      await s.ctx.db.execute(
        sql`select column_name from information_schema.columns where table_name = 'web_vitals'`,
      ),
    ).map((c) => c.column_name);
    expect(columns.sort()).toEqual(['cls_e4', 'day', 'id', 'inp_ms', 'lcp_ms', 'received_at', 'route']);
  });

  it('refuses every body that is not one page view’s metrics with a translated 400, and stores nothing', async () => {
    const before = (await stored()).length;
    const bad: unknown[] = [
      {},
      { route: 'home' }, // no metric
      { lcp_ms: 100 }, // no route
      { route: '', lcp_ms: 100 },
      { route: '../admin', lcp_ms: 100 },
      { route: 'x'.repeat(41), lcp_ms: 100 },
      { route: 'home', lcp_ms: -1 },
      { route: 'home', lcp_ms: 1.5 },
      { route: 'home', lcp_ms: '12a' },
      { route: 'home', lcp_ms: 600_001 },
      { route: 'home', inp_ms: true },
      { route: 'home', cls_e4: 1_000_001 },
      { route: 'home', cls_e4: null },
      { route: 'home', lcp_ms: 100, user: '0xabc' }, // nothing else is taken
      [{ route: 'home', lcp_ms: 100 }],
      'home',
    ];
    for (const body of bad) {
      const res = await post(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe(400);
      expect(res.json().msg.length).toBeGreaterThan(0);
    }
    expect((await stored()).length).toBe(before);
  });

  it('limits reports per client address (429), storing only what it accepted', async () => {
    const limited = await startTestServer({ RATE_LIMIT_VITALS_PER_MINUTE: '3' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++)
        codes.push((await post({ route: 'home', lcp_ms: 100 + i }, limited)).statusCode);
      expect(codes).toEqual([200, 200, 200, 429, 429]);
      expect((await stored(limited)).map((r) => r.lcp_ms)).toEqual([100, 101, 102]);
    } finally {
      await limited.close();
    }
  });

  it('tells the app the share of page views to report', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/api/v1/config' });
    expect(res.json().data.vitals_sample_rate).toBe(0.25);
  });
});

describe('GET /admin/vitals', () => {
  it('answers the 75th percentile of each metric per route and day, exactly, on a fixed set', async () => {
    await s.ctx.db.execute(sql`delete from web_vitals`);
    const at = new Date('2026-03-02T12:00:00Z');
    const row = (day: string, route: string, lcp: number | null, inp: number | null, cls: number | null) =>
      insertVitals(s.ctx.db, { day, route, lcpMs: lcp, inpMs: inp, clsE4: cls, receivedAt: at });
    // Day 1, home: LCP 400, 100, 300, 200 (p75: the 3rd of 4 in order = 300); INP 50 and 250 (p75 = 250, the
    // 2nd of 2: the first covers only 50 %); CLS 1..8 (p75 = 6).
    const lcp = [400, 100, 300, 200];
    for (let i = 0; i < 8; i++)
      await row('2026-03-01', 'home', lcp[i] ?? null, i < 2 ? defined([50, 250][i]) : null, i + 1);
    // Day 1, login: one view, LCP only.
    await row('2026-03-01', 'login', 900, null, null);
    // Day 2, home: five LCPs with a repeated value (p75 = 0.75 × 5 = 3.75 → the 4th = 20).
    for (const v of [10, 20, 20, 20, 30]) await row('2026-03-02', 'home', v, null, null);
    // Outside the range: not counted.
    await row('2026-02-28', 'home', 99_999, 99_999, 99_999);

    const res = await s.app.inject({
      method: 'GET',
      url: '/api/v1/admin/vitals?from=2026-03-01&to=2026-03-02',
      headers: adminHeaders,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      from: '2026-03-01',
      to: '2026-03-02',
      list: [
        {
          day: '2026-03-01',
          route: 'home',
          lcp_ms: 300,
          inp_ms: 250,
          cls_e4: 6,
          lcp_samples: 4,
          inp_samples: 2,
          cls_samples: 8,
        },
        {
          day: '2026-03-01',
          route: 'login',
          lcp_ms: 900,
          inp_ms: null,
          cls_e4: null,
          lcp_samples: 1,
          inp_samples: 0,
          cls_samples: 0,
        },
        {
          day: '2026-03-02',
          route: 'home',
          lcp_ms: 20,
          inp_ms: null,
          cls_e4: null,
          lcp_samples: 5,
          inp_samples: 0,
          cls_samples: 0,
        },
      ],
    });
  });

  it('is for analysts and admins only, and checks the range like the other analytics', async () => {
    const url = '/api/v1/admin/vitals?from=2026-03-01&to=2026-03-02';
    expect((await s.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await s.app.inject({ method: 'GET', url, headers: memberHeaders })).statusCode).toBe(403);
    const backwards = await s.app.inject({
      method: 'GET',
      url: '/api/v1/admin/vitals?from=2026-03-02&to=2026-03-01',
      headers: adminHeaders,
    });
    expect(backwards.statusCode).toBe(400);
  });
});
